// The credential cache (lib/server/credential-cache.ts) keeps checked sessions and API
// tokens in each process; the promise it must keep is that a revoked session, a revoked API
// login or a ban stops working on every instance within a second. This process plays the
// instance that has the credential cached; the change is made elsewhere: by another
// connection (another instance's write), or by the admin CLI, a process of its own running the
// real use case. Nothing tells this process but the database's announcement.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { issueTokenPair } from "@/lib/server/sessions/api-tokens";
import { actorFromAccessToken, actorFromSessionToken } from "@/lib/server/sessions/authenticate-request";
import { credentialCache } from "@/lib/server/credential-cache";
import { createSessionToken, createUser } from "../factories/users";

const execFileP = promisify(execFile);
const ROOT = path.join(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");

let other: pg.Client;
beforeAll(async () => {
  // Another instance's connection: its writes reach this process only through PostgreSQL.
  other = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await other.connect();
  expect(await credentialCache.ready()).toBe(true);
});
afterAll(async () => {
  await other.end();
});

/** Milliseconds until `check` answers null, polling every 10 ms, up to `limitMs` (then Infinity). */
async function msUntilRefused(check: () => Promise<unknown>, limitMs = 5000): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    if ((await check()) === null) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 10));
  }
  return Infinity;
}

/** The credential is in this process's cache: a change the database does not announce goes unseen. */
async function expectCached(check: () => Promise<unknown>, userId: number) {
  await check();
  // memberRank is announced; totalVotes is not: the cached actor is the one read before it.
  await other.query(`UPDATE users SET "totalVotes" = "totalVotes" + 1 WHERE id = $1`, [userId]);
  expect(await check()).not.toBeNull();
  expect(credentialCache.size()).toBeGreaterThan(0);
}

describe("a credential cached in this process", () => {
  it("a session revoked by another instance is refused here within a second; the account's other session still works", async () => {
    const u = await createUser();
    const [token, kept] = [await createSessionToken(u.id), await createSessionToken(u.id)];
    const check = () => actorFromSessionToken(token);
    await expectCached(check, u.id);
    expect(await actorFromSessionToken(kept)).toMatchObject({ userId: u.id });

    const { rows } = await other.query<{ id: number }>(
      `UPDATE sessions SET "revokedAt" = now() WHERE "userId" = $1 AND id = (SELECT min(id) FROM sessions WHERE "userId" = $1) RETURNING id`,
      [u.id],
    );
    expect(rows).toHaveLength(1);
    expect(await msUntilRefused(check)).toBeLessThan(1000);
    expect(await actorFromSessionToken(kept)).toMatchObject({ userId: u.id });
  });

  it("a ban by the admin CLI (a process of its own) is refused here within a second, for the session and the API token alike", async () => {
    const u = await createUser();
    const bystander = await createUser();
    const token = await createSessionToken(u.id);
    const { access } = await issueTokenPair(u.id, { userAgent: "launcher", ip: null });
    const other2 = await createSessionToken(bystander.id);
    await expectCached(() => actorFromSessionToken(token), u.id);
    await expectCached(() => actorFromAccessToken(access), u.id);
    await actorFromSessionToken(other2);

    const r = await execFileP(process.execPath, [TSX, "--conditions=react-server", "scripts/admin.ts", "ban", u.username, "botting"], {
      cwd: ROOT,
      env: process.env,
      timeout: 120_000,
    });
    expect(r.stdout + r.stderr).toMatch(/is banned/);
    expect(await msUntilRefused(() => actorFromSessionToken(token))).toBeLessThan(1000);
    expect(await msUntilRefused(() => actorFromAccessToken(access))).toBeLessThan(1000);
    // Someone else's session is untouched.
    expect(await actorFromSessionToken(other2)).toMatchObject({ userId: bystander.id });
  }, 120_000);

  it("a ban written by another instance's connection alone (no session ended with it) is refused within a second", async () => {
    const u = await createUser();
    const token = await createSessionToken(u.id);
    const { access } = await issueTokenPair(u.id, { userAgent: "launcher", ip: null });
    await expectCached(() => actorFromSessionToken(token), u.id);
    await expectCached(() => actorFromAccessToken(access), u.id);
    await other.query(`UPDATE users SET "bannedAt" = now(), "banReason" = 'botting' WHERE id = $1`, [u.id]);
    expect(await msUntilRefused(() => actorFromSessionToken(token))).toBeLessThan(1000);
    expect(await msUntilRefused(() => actorFromAccessToken(access))).toBeLessThan(1000);
  });

  it("an API login revoked by another instance is refused within a second; a privilege change shows within a second", async () => {
    const u = await createUser();
    const { access } = await issueTokenPair(u.id, { userAgent: "launcher", ip: null });
    const token = await createSessionToken(u.id);
    await expectCached(() => actorFromAccessToken(access), u.id);
    await expectCached(() => actorFromSessionToken(token), u.id);

    await other.query(`UPDATE users SET privilege = 'MODERATOR' WHERE id = $1`, [u.id]);
    const start = Date.now();
    while ((await actorFromSessionToken(token))?.privilege !== "MODERATOR" && Date.now() - start < 5000) await new Promise((r) => setTimeout(r, 10));
    expect(Date.now() - start).toBeLessThan(1000);

    await other.query(`UPDATE refresh_token_families SET "revokedAt" = now() WHERE "userId" = $1`, [u.id]);
    expect(await msUntilRefused(() => actorFromAccessToken(access))).toBeLessThan(1000);
  });

  it("in the writer's own process a change counts at once, with no wait for the announcement", async () => {
    const u = await createUser();
    const token = await createSessionToken(u.id);
    await expectCached(() => actorFromSessionToken(token), u.id);
    await db.session.updateMany({ where: { userId: u.id }, data: { revokedAt: new Date() } });
    expect(await actorFromSessionToken(token)).toBeNull();
  });
});
