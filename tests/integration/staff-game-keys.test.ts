// Game-server keys through the owners' API, the same use cases as the operator CLI:
// a key gets exactly the scopes chosen (no default), its secret is answered once and only its
// hash stored, the list never shows a secret, a revoked key gets 401 on its next game call, and
// only owners may do any of it. Each change is audited with the owner as actor.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as gameLoginRoute } from "@/app/api/v1/game/login/route";
import { POST as reportOnlineRoute } from "@/app/api/v1/game/players-online/route";
import * as keysRoute from "@/app/api/v1/staff/game-keys/route";
import * as keyRoute from "@/app/api/v1/staff/game-keys/[id]/route";
import type { TCreatedGameKey, TStaffGameKey } from "@/lib/schemas/staff-game-keys";
import { db } from "@/lib/server/db";
import { createSessionToken, createUser, DEFAULT_PASSWORD } from "../factories/users";
import { call, SAME_ORIGIN } from "./helpers";

async function staff(privilege: "OWNER" | "ADMINISTRATOR") {
  const u = await createUser({ privilege });
  return { ...u, session: await createSessionToken(u.id) };
}
type Staff = Awaited<ReturnType<typeof staff>>;
const as = (u: Staff | null, r: { method?: string; body?: unknown; id?: number } = {}) => ({
  method: r.method ?? (r.body === undefined ? "GET" : "POST"),
  body: r.body,
  params: (r.id !== undefined ? { id: String(r.id) } : {}) as Record<string, string>,
  headers: SAME_ORIGIN,
  ...(u ? { cookies: { session: u.session } } : {}),
});
const name = () => `world-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
/** A world number no other test file reports (game-bridge.test.ts uses 500–899). */
const world = () => 901 + (process.pid % 99);

describe("game-server keys on /staff/game-keys", () => {
  it("creates a key with exactly the scopes chosen, shows its secret once and stores only its hash", async () => {
    const owner = await staff("OWNER");
    const made = await call(keysRoute.POST, as(owner, { body: { name: name(), scopes: ["players"] } }));
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const { key, gameKey } = made.json as unknown as TCreatedGameKey;
    expect(key).toMatch(/^gsk_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{32,}$/);
    expect(gameKey).toMatchObject({ prefix: key.slice(0, 12), scopes: ["players"], lastUsedAt: null, revokedAt: null });

    const row = await db.gameApiKey.findUniqueOrThrow({ where: { id: gameKey.id }, omit: { keyHash: false } });
    expect(row.keyHash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(key.slice(13));

    // The key can do what it was given, and nothing else: no scope comes by default.
    const headers = { "x-api-key": key };
    expect((await call(reportOnlineRoute, { method: "POST", headers, body: { world: world(), count: 3 } })).status).toBe(200);
    const player = await createUser();
    expect((await call(gameLoginRoute, { method: "POST", headers, body: { username: player.username, password: DEFAULT_PASSWORD } })).status).toBe(403);

    // The list shows prefix, scopes, dates, never the secret.
    const list = await call(keysRoute.GET, as(owner));
    expect(list.status).toBe(200);
    const listed = (list.json.results as TStaffGameKey[]).find((k) => k.id === gameKey.id);
    expect(listed).toMatchObject({ prefix: gameKey.prefix, scopes: ["players"], revokedAt: null });
    expect(listed!.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list.json)).not.toContain(key);

    const audit = await db.auditLog.findFirstOrThrow({ where: { targetType: "game_api_key", targetId: String(gameKey.id) } });
    expect(audit).toMatchObject({
      action: "game.key_created",
      actorId: owner.id,
      data: { reason: null, before: null, after: { prefix: gameKey.prefix, scopes: ["players"] } },
    });
    expect(JSON.stringify(audit.data)).not.toContain(key.slice(13));
  });

  it("refuses a key without scopes or with an unknown one, and writes nothing", async () => {
    const owner = await staff("OWNER");
    const before = await db.gameApiKey.count();
    for (const body of [{ name: name() }, { name: name(), scopes: [] }, { name: name(), scopes: ["login", "teleport"] }, { name: "", scopes: ["login"] }]) {
      const r = await call(keysRoute.POST, as(owner, { body }));
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(r.json)).toEqual(expect.arrayContaining([body.name ? "scopes" : "name"]));
    }
    expect(await db.gameApiKey.count()).toBe(before);
  });

  it("revokes a key: its next game call gets 401, the list marks it, a second revoke is a 409", async () => {
    const owner = await staff("OWNER");
    const { key, gameKey } = (await call(keysRoute.POST, as(owner, { body: { name: name(), scopes: ["players", "hiscores"] } })))
      .json as unknown as TCreatedGameKey;
    const headers = { "x-api-key": key };
    expect((await call(reportOnlineRoute, { method: "POST", headers, body: { world: world(), count: 1 } })).status).toBe(200);

    const revoked = await call(keyRoute.DELETE, as(owner, { method: "DELETE", id: gameKey.id }));
    expect(revoked.status).toBe(200);
    expect(revoked.json.revokedAt).not.toBeNull();
    const refused = await call(reportOnlineRoute, { method: "POST", headers, body: { world: world(), count: 1 } });
    expect(refused.status).toBe(401);
    expect(refused.json.details).toBe("Invalid game server key.");

    const listed = ((await call(keysRoute.GET, as(owner))).json.results as TStaffGameKey[]).find((k) => k.id === gameKey.id);
    expect(listed!.revokedAt).not.toBeNull();
    expect((await call(keyRoute.DELETE, as(owner, { method: "DELETE", id: gameKey.id }))).status).toBe(409);
    expect((await call(keyRoute.DELETE, as(owner, { method: "DELETE", id: 2_000_000_000 }))).status).toBe(404);

    const audits = await db.auditLog.findMany({ where: { targetType: "game_api_key", targetId: String(gameKey.id) }, orderBy: { id: "asc" } });
    expect(audits.map((a) => a.action)).toEqual(["game.key_created", "game.key_revoked"]);
    expect(audits[1]).toMatchObject({
      actorId: owner.id,
      data: { reason: null, before: { prefix: gameKey.prefix, revokedAt: null }, after: { prefix: gameKey.prefix } },
    });
    expect((audits[1]!.data as { after: { revokedAt: string | null } }).after.revokedAt).not.toBeNull();
  });

  it("is for owners only: an administrator gets 403, a guest 401, and nothing changes", async () => {
    const owner = await staff("OWNER");
    const admin = await staff("ADMINISTRATOR");
    const { gameKey } = (await call(keysRoute.POST, as(owner, { body: { name: name(), scopes: ["login"] } }))).json as unknown as TCreatedGameKey;
    const count = await db.gameApiKey.count();
    for (const [u, status] of [
      [admin, 403],
      [null, 401],
    ] as const) {
      expect((await call(keysRoute.GET, as(u))).status).toBe(status);
      expect((await call(keysRoute.POST, as(u, { body: { name: name(), scopes: ["login"] } }))).status).toBe(status);
      expect((await call(keyRoute.DELETE, as(u, { method: "DELETE", id: gameKey.id }))).status).toBe(status);
    }
    expect(await db.gameApiKey.count()).toBe(count);
    expect((await db.gameApiKey.findUniqueOrThrow({ where: { id: gameKey.id } })).revokedAt).toBeNull();
  });
});
