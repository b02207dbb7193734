import { describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/v1/login/route";
import { GET as userRoute } from "@/app/api/v1/user/route";
import { db } from "@/lib/server/db";
import { runAdmin } from "@/scripts/admin";
import { createSessionToken, createUser, DEFAULT_PASSWORD } from "../factories/users";
import { call } from "./helpers";

describe("npm run admin", () => {
  it("sets a privilege, shown as is_staff, and audits it", async () => {
    const u = await createUser();
    const r = await runAdmin(["set-privilege", u.username, "moderator"]);
    expect(r).toEqual({ code: 0, message: `${u.username}: PLAYER → MODERATOR` });
    const profile = await call(userRoute, { cookies: { session: await createSessionToken(u.id) } });
    expect(profile.json).toMatchObject({ privilege: "MODERATOR", is_staff: true, rank: "moderator" });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "account.privilege_set", targetId: String(u.id) } });
    expect(audit.data).toEqual({ reason: "set with npm run admin", before: { privilege: "PLAYER" }, after: { privilege: "MODERATOR" } });
  });

  it("refuses an unknown privilege or account with a clear message", async () => {
    const u = await createUser();
    expect(await runAdmin(["set-privilege", u.username, "GOD"])).toMatchObject({ code: 1, message: expect.stringContaining("PLAYER, MODERATOR") });
    expect(await runAdmin(["ban", "no-such-user", "x"])).toMatchObject({ code: 1, message: 'No account named "no-such-user".' });
    expect((await runAdmin([])).code).toBe(2);
  });

  it("bans with a reason (sessions end, login tells why) and unbans", async () => {
    const u = await createUser();
    const session = await createSessionToken(u.id);
    expect((await runAdmin(["ban", u.username, "Botting", "at", "the", "fishing", "guild"])).code).toBe(0);
    expect((await call(userRoute, { cookies: { session } })).status).toBe(401);
    const login = await call(loginRoute, { method: "POST", body: { username: u.username, password: DEFAULT_PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.json.details).toContain("Botting at the fishing guild");
    expect((await runAdmin(["unban", u.username, "appeal accepted"])).code).toBe(0);
    expect((await call(loginRoute, { method: "POST", body: { username: u.username, password: DEFAULT_PASSWORD } })).status).toBe(200);
    const actions = (await db.auditLog.findMany({ where: { targetType: "user", targetId: String(u.id) }, orderBy: { id: "asc" } })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["account.banned", "account.unbanned"]));
  });

  it("creates a scoped game API key shown once, lists it without the secret, and revokes it", async () => {
    const name = `world-${process.pid}-${Date.now() % 100000}`;
    const made = await runAdmin(["game-key", "create", name, "login,hiscores"]);
    expect(made.code).toBe(0);
    const key = /(gsk_[A-Za-z0-9]{8}_[A-Za-z0-9_-]+)/.exec(made.message)![1]!;
    const prefix = key.slice(0, 12);
    expect(made.message).toContain("login, hiscores");

    const listed = await runAdmin(["game-key", "list"]);
    expect(listed.message).toContain(prefix);
    expect(listed.message).toContain(name);
    expect(listed.message).not.toContain(key);

    expect(await runAdmin(["game-key", "create", "x", "login,teleport"])).toMatchObject({ code: 1, message: expect.stringContaining("not teleport") });
    // No default: a key without named scopes is not made (store-link opens store sessions).
    const before = await db.gameApiKey.count();
    expect(await runAdmin(["game-key", "create", "no-scopes"])).toMatchObject({ code: 2, message: expect.stringContaining("Name the scopes") });
    expect(await db.gameApiKey.count()).toBe(before);
    const all = await runAdmin(["game-key", "create", `${name}-all`, "all"]);
    expect(all).toMatchObject({ code: 0, message: expect.stringContaining("login, deliveries, hiscores, players, store-link") });
    expect((await runAdmin(["game-key", "revoke", name])).code).toBe(0);
    expect((await runAdmin(["game-key", "list"])).message).toMatch(new RegExp(`${prefix}.*revoked`));
    expect(await runAdmin(["game-key", "revoke", prefix])).toMatchObject({ code: 1, message: expect.stringContaining("No active game API key") });
    const audit = (await db.auditLog.findMany({ where: { targetType: "game_api_key", data: { path: ["after", "prefix"], equals: prefix } } })).map(
      (a) => a.action,
    );
    expect(audit.sort()).toEqual(["game.key_created", "game.key_revoked"]);
  });
});
