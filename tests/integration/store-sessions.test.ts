// A session opened by a ::store link is a store session: it reaches the operations
// marked `storeSession` (buying credits and items, reading the profile and purchases) and every
// other signed-in operation answers 403 — password, email, 2FA and sessions included — and no
// staff operation works, even for an account made staff after the link was opened.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as storeLinkRoute } from "@/app/api/v1/game/store-link/route";
import { POST as continueRoute } from "@/app/store-link/continue/route";
import type { Operation } from "@/lib/schemas/api";
import { operations } from "@/lib/schemas/operations";
import { STORE_SESSION_REFUSED } from "@/lib/messages/store-link";
import { db } from "@/lib/server/db";
import { createGameKey } from "../factories/game-keys";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { call, freshClient, handlerOf, SAME_ORIGIN, sessionFrom } from "./helpers";

/** Path parameters that parse (a real id shape), so only the session decides the answer. */
const params = (op: Operation, id = "1") =>
  Object.fromEntries([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, m[1] === "kind" ? "browser" : m[1] === "site" ? "runelocus" : id]));

/** `id` fills every id of the path: the twin below names an account the staff rule lets the owner reach. */
const callAs = async (op: Operation, session: string, id = "1") =>
  call(await handlerOf(op), {
    method: op.method,
    path: op.path.replace(/\{(\w+)\}/g, id),
    params: params(op, id),
    cookies: { session },
    headers: { ...SAME_ORIGIN, ...freshClient() },
    ...(op.method === "GET" || op.method === "DELETE" ? {} : { body: {} }),
  });

let restore: () => void;
let gameKey: Record<string, string>;
beforeAll(async () => {
  restore = setEnv({ TRUST_PROXY: "true", SITE_URL: "https://play.example.test" });
  gameKey = (await createGameKey(["store-link"])).headers;
});
afterAll(() => restore());

async function storeSessionFor(userId: number): Promise<string> {
  const link = await call(storeLinkRoute, {
    method: "POST",
    path: "/api/v1/game/store-link",
    body: { player_id: userId },
    headers: { ...gameKey, ...freshClient() },
  });
  expect(link.status).toBe(200);
  const token = new URL(String(link.json.url)).searchParams.get("token")!;
  const r = await call(continueRoute, {
    method: "POST",
    path: "/store-link/continue",
    rawBody: new URLSearchParams({ token }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...SAME_ORIGIN, ...freshClient() },
  });
  return sessionFrom(r.headers)!;
}

const signedIn = operations.filter((op) => op.auth === "user" || op.auth === "moderator" || op.auth === "administrator" || op.auth === "owner");
const allowed = signedIn.filter((op) => op.storeSession);
const refused = signedIn.filter((op) => !op.storeSession);

describe("a store session", () => {
  it("is let into buying and nothing else (the list this file checks)", () => {
    expect(allowed.map((op) => `${op.method} ${op.path}`).sort()).toEqual(
      [
        // Following one's orders, resuming or cancelling an unpaid checkout: part of buying.
        "GET /api/v1/account/orders",
        "GET /api/v1/account/orders/{number}",
        "POST /api/v1/account/orders/{number}/cancel",
        "POST /api/v1/account/orders/{number}/resume",
        "GET /api/v1/store/credits/amount",
        "GET /api/v1/store/purchases",
        "GET /api/v1/store/purchases/summary",
        "GET /api/v1/user",
        "POST /api/v1/store/credits/paypal/capture",
        "POST /api/v1/store/credits/purchase",
        "POST /api/v1/store/credits/test-checkout",
        "POST /api/v1/store/purchase",
      ].sort(),
    );
    for (const must of [
      "POST /api/v1/change-password",
      "POST /api/v1/change-password/email",
      "POST /api/v1/2fa/activate",
      "POST /api/v1/2fa/deactivate",
      "GET /api/v1/2fa/status",
      "GET /api/v1/sessions",
      "DELETE /api/v1/sessions",
    ])
      expect(refused.map((op) => `${op.method} ${op.path}`)).toContain(must);
  });

  it("gets 403 from every other signed-in operation, staff ones included, even as an owner", async () => {
    const user = await createUser();
    const session = await storeSessionFor(user.id);
    // Made owner after the link was opened: the store session still carries no staff power.
    await db.user.update({ where: { id: user.id }, data: { privilege: "OWNER" } });
    for (const op of refused) {
      const r = await callAs(op, session);
      expect(r.status, `${op.method} ${op.path}`).toBe(403);
      if (op.auth === "user") expect(r.json.details, `${op.method} ${op.path}`).toBe(STORE_SESSION_REFUSED);
    }
    expect(refused.length).toBeGreaterThan(30);
    // Nothing the refused calls could have changed did change.
    expect(await db.session.count({ where: { userId: user.id, revokedAt: null } })).toBe(1);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id }, select: { totpSecretEnc: true } })).totpSecretEnc).toBeNull();
  });

  it("is not refused by the operations marked for it", async () => {
    const user = await createUser();
    const session = await storeSessionFor(user.id);
    for (const op of allowed) {
      const r = await callAs(op, session);
      expect([401, 403], `${op.method} ${op.path} answered ${r.status} ${JSON.stringify(r.json)}`).not.toContain(r.status);
    }
  });

  it("is the twin of a password session, which the same operations let through", async () => {
    const owner = await createUser({ privilege: "OWNER" });
    const full = await createSessionToken(owner.id);
    // Operations under the staff rule name a player below the owner (its delivery, for those on one),
    // so only the kind of session could refuse them.
    const player = await createUser();
    const delivery = await db.gameDelivery.create({ data: { userId: player.id, kind: "VOTE_REWARD", payload: { points: 1, site: "runelocus" } } });
    for (const op of refused) {
      const id = op.staffTarget?.in === "path-player" ? player.id : op.staffTarget?.in === "path-delivery" ? delivery.id : 1;
      const r = await callAs(op, full, String(id));
      expect([401, 403], `${op.method} ${op.path} answered ${r.status} ${JSON.stringify(r.json)}`).not.toContain(r.status);
    }
  });
});

describe("who is calling comes before what they sent", () => {
  it("a guest gets 401 for any signed-in operation, whether its input is valid or not", async () => {
    const signedInOps = operations.filter((op) => op.auth !== "none" && op.auth !== "optional" && op.auth !== "game" && op.params);
    expect(signedInOps.length).toBeGreaterThan(10);
    for (const op of signedInOps) {
      const handler = await handlerOf(op);
      for (const id of ["0", "abc", "1"]) {
        const r = await call(handler, {
          method: op.method,
          path: op.path.replace(/\{\w+\}/g, id),
          params: Object.fromEntries([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, id])),
          headers: { ...SAME_ORIGIN, ...freshClient() },
          ...(op.method === "GET" || op.method === "DELETE" ? {} : { body: { nonsense: true } }),
        });
        expect(r.status, `${op.method} ${op.path} with ${id}`).toBe(401);
      }
    }
  });
});
