import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Operation } from "@/lib/schemas/api";
import { creatorCodeOperations } from "@/lib/schemas/creator-codes";
import { staffStoreOperations as storeOperations } from "@/lib/schemas/staff-store";
import { db } from "@/lib/server/db";
import { createSessionToken, createUser } from "../factories/users";
import { call, SAME_ORIGIN } from "./helpers";

// The staff editor is enforced on the server (docs/staff.md): every staff route, whatever it
// is sent, answers 401 to a guest and 403 to a player or a moderator, and writes nothing.

async function handlerFor(op: Operation) {
  const dir = op.path.replace(/^\/api\//, "").replace(/\{(\w+)\}/g, "[$1]");
  const mod = (await import(path.join(import.meta.dirname, "../../app/api", dir, "route.ts"))) as Record<string, Parameters<typeof call>[0]>;
  return mod[op.method]!;
}

// The store editor's operations and the staff side of creator codes (the creator's own dashboard is a player's read).
const staffStoreOperations = [...storeOperations, ...creatorCodeOperations.filter((op) => op.path.startsWith("/api/v1/staff/"))];

// A body that would be valid for an administrator, so only the privilege decides.
const VALID_BODY: Record<string, unknown> = {
  "/api/v1/staff/store/categories": { name: "Forbidden" },
  "/api/v1/staff/store/categories/{id}": { hidden: true },
  "/api/v1/staff/store/products": { name: "x", imageHref: "/x.png", price: 1, description: "x", categoryId: 1, gameItemId: 1 },
  "/api/v1/staff/store/products/{id}": { price: 1 },
  "/api/v1/staff/store/packages": { credits: 1, priceCents: 100, imageUrl: "/x.png" },
  "/api/v1/staff/store/packages/{id}": { active: false },
  "/api/v1/staff/credits": { username: "Nobody", amount: 5, reason: "forbidden" },
  "/api/v1/staff/store/sales": {
    name: "Forbidden",
    kind: "PERCENT",
    value: 10,
    scope: "STORE",
    startsAt: "2030-01-01T00:00:00.000Z",
    endsAt: "2030-01-02T00:00:00.000Z",
  },
  "/api/v1/staff/store/sales/{id}": { value: 20 },
  "/api/v1/staff/store/coupons": { code: "FORBIDDEN", kind: "PERCENT", value: 10, scope: "BASKET" },
  "/api/v1/staff/store/coupons/{id}": { active: false },
  "/api/v1/staff/store/creator-codes": { code: "FORBIDDEN", username: "Nobody", bonusPercent: 5, sharePercent: 5 },
  "/api/v1/staff/store/creator-codes/{id}": { active: false },
  "/api/v1/staff/store/creator-codes/{id}/pay": { reference: "forbidden" },
};

describe("staff store routes", () => {
  it("cover every staff operation and require an administrator", () => {
    expect(staffStoreOperations.map((op) => op.auth)).toEqual(staffStoreOperations.map(() => "administrator"));
    for (const op of staffStoreOperations) if (op.method !== "GET") expect(VALID_BODY[op.path], op.path).toBeDefined();
  });

  it.each([
    { who: "a guest", privilege: null, status: 401 },
    { who: "a player", privilege: "PLAYER", status: 403 },
    { who: "a moderator", privilege: "MODERATOR", status: 403 },
  ] as const)("answer $who with $status and change nothing", async ({ privilege, status }) => {
    const user = privilege ? await createUser({ privilege }) : null;
    const session = user ? await createSessionToken(user.id) : null;
    for (const op of staffStoreOperations) {
      const r = await call(await handlerFor(op), {
        method: op.method,
        path: op.path.replace("{id}", "1"),
        params: op.path.includes("{id}") ? { id: "1" } : {},
        body: op.method === "GET" ? undefined : VALID_BODY[op.path],
        headers: SAME_ORIGIN,
        ...(session ? { cookies: { session } } : {}),
      });
      expect(r.status, `${op.method} ${op.path}`).toBe(status);
      expect(r.json.results, `${op.method} ${op.path}`).toBeUndefined();
    }
    // Other test files write concurrently: look for what this caller's requests would have written.
    if (user) expect(await db.auditLog.count({ where: { actorId: user.id } })).toBe(0);
    expect(await db.storeCategory.count({ where: { name: "Forbidden" } })).toBe(0);
    expect(await db.creatorCode.count({ where: { code: "FORBIDDEN" } })).toBe(0);
    expect(await db.creditLedgerEntry.count({ where: { note: "forbidden" } })).toBe(0);
  });
});
