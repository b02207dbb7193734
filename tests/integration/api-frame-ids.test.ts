import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import type { Operation } from "@/lib/schemas/api";
import { ID_MESSAGE, idFields } from "@/lib/schemas/ids";
import { operations } from "@/lib/schemas/operations";
import { createGameKey } from "../factories/game-keys";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

// Every id a client sends, on every operation, goes through the one id schema: bad ids are a
// 400 naming the field, never a 500 from PostgreSQL. Routes are found from the operations
// list, so a new route with an id is covered without touching this file.

let restore: () => void;
beforeAll(() => {
  restore = setEnv({ TRUST_PROXY: "true", CAPTCHA_PROVIDER: "off" });
});
afterAll(() => restore());

type Where = "body" | "query" | "params";
type IdField = { op: Operation; where: Where; name: string };

function shapeOf(s: unknown): Record<string, z.ZodType> {
  return (s as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};
}
function unwrap(s: z.ZodType): z.ZodType {
  const inner = (s as unknown as { _zod: { def: { innerType?: z.ZodType } } })._zod.def.innerType;
  return inner ? unwrap(inner) : s;
}
// order_id is PayPal's own string (e.g. "5O190127TN364715T") and lease_id a claim's UUID: not row ids.
const NOT_ROW_IDS = new Set(["order_id", "lease_id"]);
function isNullable(s: z.ZodType): boolean {
  const def = (s as unknown as { _zod: { def: { type: string; innerType?: z.ZodType } } })._zod.def;
  return def.type === "nullable" || (def.innerType ? isNullable(def.innerType) : false);
}
const looksLikeId = (name: string) => !NOT_ROW_IDS.has(name) && (name === "id" || name === "uid" || /(Id|_id)$/.test(name));

const fields: IdField[] = operations
  .flatMap((op) =>
    (["body", "query", "params"] as const).flatMap((where) => Object.entries(shapeOf(op[where])).map(([name, schema]) => ({ op, where, name, schema }))),
  )
  .filter((f) => idFields.has(unwrap(f.schema)) || looksLikeId(f.name));

const BAD_NUMBERS: unknown[] = [2147483648, 9999999999, -1, 0, 1.5, "1e3", "2147483648", "9999999999", "-1", "0", "1.5", "abc", " 7", "0x10", true, null];
const BAD_STRINGS = ["2147483648", "9999999999", "-1", "0", "1.5", "1e3", "abc", "%207", "0x10"];

async function handlerFor(op: Operation) {
  const dir = op.path.replace(/^\/api\//, "").replace(/\{(\w+)\}/g, "[$1]");
  const mod = (await import(path.join(import.meta.dirname, "../../app/api", dir, "route.ts"))) as Record<string, Parameters<typeof call>[0]>;
  return mod[op.method]!;
}

function requestFor(f: IdField, value: unknown, session: string, gameKey: Record<string, string>) {
  const id = f.op.path.match(/\{(\w+)\}/g)?.map((m) => m.slice(1, -1)) ?? [];
  const params: Record<string, string> = Object.fromEntries(id.map((n) => [n, "1"]));
  let urlPath = f.op.path;
  if (f.where === "params") params[f.name] = String(value);
  if (f.where === "query") {
    // Other query fields get a placeholder, so the id is the only thing wrong (e.g. a link's token).
    const q = new URLSearchParams(
      Object.keys(shapeOf(f.op.query))
        .filter((n) => n !== f.name)
        .map((n) => [n, "x"]),
    );
    urlPath += `?${q}&${f.name}=${String(value)}`;
  }
  return {
    method: f.op.method,
    path: urlPath,
    params,
    body: f.where === "body" ? { [f.name]: value } : f.op.body ? {} : undefined,
    cookies: { session },
    headers: { ...freshClient(), ...SAME_ORIGIN, ...(f.op.auth === "game" ? gameKey : {}) },
  };
}

describe("ids from clients", () => {
  it("finds every id field of today's routes through the shared schema", () => {
    const found = fields.map((f) => `${f.op.method} ${f.op.path} ${f.where}.${f.name}`).sort();
    expect(found).toEqual([
      "DELETE /api/v1/competitions/{id}/join params.id",
      "DELETE /api/v1/forums/drafts/{kind}/{id} params.id",
      "DELETE /api/v1/forums/posts/{id}/like params.id",
      "DELETE /api/v1/sessions/{kind}/{id} params.id",
      "DELETE /api/v1/staff/competitions/schedules/{id} params.id",
      "DELETE /api/v1/staff/forums/categories/{id} params.id",
      "DELETE /api/v1/staff/forums/forums/{id} params.id",
      "DELETE /api/v1/staff/game-keys/{id} params.id",
      "DELETE /api/v1/staff/jobs/{id} params.id",
      "DELETE /api/v1/staff/saved-replies/{id} params.id",
      "DELETE /api/v1/staff/store/sales/{id} params.id",
      "GET /api/v1/competitions/{id} params.id",
      "GET /api/v1/forums/drafts/{kind}/{id} params.id",
      "GET /api/v1/forums/images/{id} params.id",
      "GET /api/v1/forums/posts/{id}/likes params.id",
      "GET /api/v1/forums/thread/{id} params.id",
      "GET /api/v1/forums/thread/{id}/likes params.id",
      "GET /api/v1/forums/thread/{id}/watch params.id",
      "GET /api/v1/forums/threads/{id} params.id",
      "GET /api/v1/forums/{id}/watch params.id",
      "GET /api/v1/game/deliveries query.player_id",
      "GET /api/v1/news/{id} params.id",
      "GET /api/v1/staff/players/{id} params.id",
      "GET /api/v1/staff/players/{id}/deliveries params.id",
      "GET /api/v1/staff/players/{id}/ledger params.id",
      "GET /api/v1/staff/players/{id}/notes params.id",
      "GET /api/v1/staff/players/{id}/orders params.id",
      "GET /api/v1/staff/players/{id}/posts params.id",
      "GET /api/v1/staff/players/{id}/progress params.id",
      "GET /api/v1/staff/players/{id}/punishments params.id",
      "GET /api/v1/staff/players/{id}/punishments/proposals params.id",
      "GET /api/v1/staff/players/{id}/purchases params.id",
      "GET /api/v1/staff/players/{id}/risk params.id",
      "GET /api/v1/staff/players/{id}/tickets params.id",
      "GET /api/v1/staff/players/{id}/vote-callbacks params.id",
      "GET /api/v1/staff/players/{id}/votes params.id",
      "GET /api/v1/staff/tickets/{id} params.id",
      "GET /api/v1/staff/tickets/{id}/saved-replies/{reply} params.id",
      "GET /api/v1/staff/tickets/{id}/saved-replies/{reply} params.reply",
      "GET /api/v1/store/products query.category",
      "GET /api/v1/store/products/{category} params.category",
      "GET /api/v1/tickets/attachments/{id} params.id",
      "GET /api/v1/tickets/{id} params.id",
      "GET /api/v1/users/confirm query.uid",
      "PATCH /api/v1/forums/posts/{id} params.id",
      "PATCH /api/v1/staff/competitions/schedules/{id} params.id",
      "PATCH /api/v1/staff/competitions/{id} params.id",
      "PATCH /api/v1/staff/forums/categories/{id} params.id",
      "PATCH /api/v1/staff/forums/forums/{id} body.categoryId",
      "PATCH /api/v1/staff/forums/forums/{id} params.id",
      "PATCH /api/v1/staff/forums/posts/{id} params.id",
      "PATCH /api/v1/staff/forums/reports/{id} params.id",
      "PATCH /api/v1/staff/forums/threads/{id} body.forum_id",
      "PATCH /api/v1/staff/forums/threads/{id} params.id",
      "PATCH /api/v1/staff/saved-replies/{id} params.id",
      "PATCH /api/v1/staff/store/categories/{id} params.id",
      "PATCH /api/v1/staff/store/coupons/{id} params.id",
      "PATCH /api/v1/staff/store/creator-codes/{id} params.id",
      "PATCH /api/v1/staff/store/goals/{id} params.id",
      "PATCH /api/v1/staff/store/packages/{id} params.id",
      "PATCH /api/v1/staff/store/products/{id} body.categoryId",
      "PATCH /api/v1/staff/store/products/{id} body.gameItemId",
      "PATCH /api/v1/staff/store/products/{id} params.id",
      "PATCH /api/v1/staff/store/sales/{id} params.id",
      "PATCH /api/v1/staff/tickets/{id} body.assignee",
      "PATCH /api/v1/staff/tickets/{id} params.id",
      "PATCH /api/v1/staff/votes/goals/{id} params.id",
      "PATCH /api/v1/staff/votes/sites/{id} params.id",
      "PATCH /api/v1/tickets/{id} params.id",
      "POST /api/v1/account/email/confirm body.uid",
      "POST /api/v1/account/notifications/{id}/read params.id",
      "POST /api/v1/competitions/{id}/join body.team_id",
      "POST /api/v1/competitions/{id}/join params.id",
      "POST /api/v1/forums/posts body.thread_id",
      "POST /api/v1/forums/posts/{id}/report params.id",
      "POST /api/v1/forums/read body.forum_id",
      "POST /api/v1/forums/threads body.forum_id",
      "POST /api/v1/game/deliveries/claim body.player_id",
      "POST /api/v1/game/events body.player_id",
      "POST /api/v1/game/hiscores body.player_id",
      "POST /api/v1/game/store-link body.player_id",
      "POST /api/v1/reset-password body.uid",
      "POST /api/v1/staff/competitions/{id}/cancel params.id",
      "POST /api/v1/staff/deliveries/{id}/cancel params.id",
      "POST /api/v1/staff/deliveries/{id}/resend params.id",
      "POST /api/v1/staff/forums/forums body.categoryId",
      "POST /api/v1/staff/jobs/{id}/retry params.id",
      "POST /api/v1/staff/payments/events/{id}/reapply params.id",
      "POST /api/v1/staff/players/{id}/ban params.id",
      "POST /api/v1/staff/players/{id}/end-sessions params.id",
      "POST /api/v1/staff/players/{id}/notes params.id",
      "POST /api/v1/staff/players/{id}/punishments params.id",
      "POST /api/v1/staff/players/{id}/reset-2fa params.id",
      "POST /api/v1/staff/players/{id}/shared-addresses params.id",
      "POST /api/v1/staff/players/{id}/unban params.id",
      "POST /api/v1/staff/players/{id}/unmute params.id",
      "POST /api/v1/staff/store/creator-codes/{id}/pay params.id",
      "POST /api/v1/staff/store/gift-cards/{id}/void params.id",
      "POST /api/v1/staff/store/goals/{id}/end params.id",
      "POST /api/v1/staff/store/products body.categoryId",
      "POST /api/v1/staff/store/products body.gameItemId",
      "POST /api/v1/staff/tickets/{id}/notes params.id",
      "POST /api/v1/store/credits/purchase body.id",
      "POST /api/v1/store/credits/test-checkout body.purchase_id",
      "POST /api/v1/store/price-preview body.package_id",
      "POST /api/v1/store/price-preview body.product_id",
      "POST /api/v1/store/purchase body.id",
      "POST /api/v1/tickets body.order",
      "POST /api/v1/tickets body.purchase",
      "POST /api/v1/tickets body.vote",
      "POST /api/v1/tickets/comments body.ticket",
      "POST /api/v1/tickets/{id}/rating params.id",
      "PUT /api/v1/forums/drafts/{kind}/{id} params.id",
      "PUT /api/v1/forums/posts/{id}/like params.id",
      "PUT /api/v1/forums/thread/{id}/read body.post_id",
      "PUT /api/v1/forums/thread/{id}/read params.id",
      "PUT /api/v1/forums/thread/{id}/watch params.id",
      "PUT /api/v1/forums/{id}/watch params.id",
      "PUT /api/v1/staff/forums/forums/order body.categoryId",
      "PUT /api/v1/staff/players/{id}/privilege params.id",
    ]);
    // A field named like an id that bypasses zId would slip past the range check.
    for (const f of fields) expect(idFields.has(unwrap(shapeOf(f.op[f.where])[f.name]!)), `${f.op.path} ${f.name}`).toBe(true);
  });

  it("answers 400 naming the field for out-of-range, negative, zero, fractional, exponent and non-numeric ids", async () => {
    // An owner passes every auth mode, so staff routes read their bodies too.
    const session = await createSessionToken((await createUser({ privilege: "OWNER" })).id);
    // And a game key with every scope passes the game routes.
    const { headers: gameKey } = await createGameKey();
    for (const f of fields) {
      const handler = await handlerFor(f.op);
      // null is a value of its own for an id documented as nullable (a ticket's assignee: nobody).
      const nullable = f.where === "body" && isNullable(shapeOf(f.op[f.where])[f.name]!);
      for (const value of f.where === "body" ? BAD_NUMBERS.filter((v) => !(nullable && v === null)) : BAD_STRINGS) {
        const r = await call(handler, requestFor(f, value, session, gameKey));
        const label = `${f.op.method} ${f.op.path} ${f.name}=${JSON.stringify(value)}`;
        expect(r.status, label).toBe(400);
        expect(r.json[f.name], label).toEqual([expect.any(String)]);
      }
      // The largest id fits the column: whatever the route answers, it is not a crash.
      const max = await call(handler, requestFor(f, f.where === "body" ? 2147483647 : "2147483647", session, gameKey));
      expect(max.status, `${f.op.path} max id`).toBeLessThan(500);
      // (A route may still name it for a row that does not exist, e.g. "No category with this id.")
      expect(max.json[f.name] ?? []).not.toContain(ID_MESSAGE);
    }
    // Hundreds of sequential requests, more with every route that takes an id: the suite's
    // 30 s default is too tight when all integration files run at once.
  }, 120_000);
});
