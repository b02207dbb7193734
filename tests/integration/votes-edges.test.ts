import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/server/db";
import { CALLBACK_REASONS, recordVoteCallback } from "@/lib/server/votes/record-vote-callback";
import { ensureVoteToken } from "@/lib/server/votes/vote-token";
import { createUser } from "../factories/users";
import { setEnv } from "../support/env";

// A listing site's vote callback (lib/server/votes/record-vote-callback.ts) called directly
// against the database: each check, what is stored for each outcome, and the counted vote's rows.
// Quick, so each mutant of npm run test:mutation -- --only=votes runs few requests. The same
// through the HTTP route, with each site's body formats and 5-way races: votes-callbacks.test.ts.

const SECRET = "edge-secret";
const LISTED = "203.0.113.70";
let restore: () => void;
beforeAll(() => {
  // RuneLocus checks a secret, RSPS-List an address list, Runelist neither (a local tryout).
  restore = setEnv({
    APP_MODE: "local",
    VOTE_RUNELOCUS_SECRET: SECRET,
    VOTE_RUNELOCUS_IPS: undefined,
    VOTE_RSPS_LIST_SECRET: undefined,
    VOTE_RSPS_LIST_IPS: `192.0.2.1, ${LISTED}`,
    VOTE_RUNELIST_SECRET: undefined,
    VOTE_RUNELIST_IPS: undefined,
  });
});
afterAll(() => restore());

const runelocus = (params: Record<string, string>, ip = "198.51.100.1") =>
  recordVoteCallback({ siteKey: "runelocus", query: new URLSearchParams(params), body: null, ip });
const rspsList = (params: Record<string, string>, ip = LISTED) =>
  recordVoteCallback({ siteKey: "rsps_list", query: new URLSearchParams(params), body: null, ip });
const runelist = (params: Record<string, string>, ip: string) =>
  recordVoteCallback({ siteKey: "runelist", query: new URLSearchParams(params), body: null, ip });

async function voter(opts: { memberRank?: "NONE" | "EXTREME" | "UBER"; bannedAt?: Date } = {}) {
  const user = await createUser(opts.bannedAt ? { bannedAt: opts.bannedAt } : {});
  if (opts.memberRank) await db.user.update({ where: { id: user.id }, data: { memberRank: opts.memberRank } });
  return { ...user, token: await ensureVoteToken(user.id) };
}
/** The callbacks stored for this test's token (each test has its own). */
const storedFor = (token: string) =>
  db.voteCallback.findMany({
    where: {
      OR: [{ query: { path: ["callback"], equals: token } }, { query: { path: ["userid"], equals: token } }, { query: { path: ["incentive"], equals: token } }],
    },
    orderBy: { id: "asc" },
  });
const forbidden = expect.objectContaining({ code: "FORBIDDEN" });

/**
 * Runs `call` while this test holds the account's row lock; once PostgreSQL shows the callback
 * waiting for it, runs `meanwhile` in the holding transaction (which then commits) and answers
 * the callback's outcome.
 */
async function whileLocked<T>(
  userId: number,
  call: () => Promise<T>,
  meanwhile: (tx: Parameters<Parameters<typeof db.$transaction>[0]>[0]) => Promise<unknown>,
): Promise<T> {
  let started: Promise<T> | undefined;
  await db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
      started = call();
      started.catch(() => {}); // awaited below
      let waiting = false;
      for (let i = 0; i < 200 && !waiting; i++) {
        const [row] = await db.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%FROM users WHERE id%FOR UPDATE%'`;
        waiting = row!.n >= 1;
        if (!waiting) await new Promise((r) => setTimeout(r, 25));
      }
      expect(waiting).toBe(true);
      await meanwhile(tx);
    },
    { timeout: 20_000 },
  );
  return started!;
}

describe("the site's checks", () => {
  it("counts a callback with the site's secret, storing the caller's address, the voter's address and the reward", async () => {
    const v = await voter({ memberRank: "EXTREME" });
    expect(await runelocus({ callback: v.token, secret: SECRET, ip: "::ffff:100.64.1.2" }, "[2001:db8::5]:443")).toEqual({ status: "accepted" });
    const [cb, ...more] = await storedFor(v.token);
    expect(more).toEqual([]);
    expect(cb).toMatchObject({ accepted: true, reason: null, userId: v.id, ip: "2001:db8::5" });
    const vote = await db.vote.findFirstOrThrow({ where: { userId: v.id }, include: { delivery: true, site: true } });
    expect(vote).toMatchObject({ ip: "100.64.1.2", callbackId: cb!.id });
    expect(vote.site.key).toBe("runelocus");
    expect(vote.delivery).toMatchObject({ userId: v.id, kind: "VOTE_REWARD", status: "PENDING", payload: { points: 3, site: "runelocus" } });
    expect((await db.user.findUniqueOrThrow({ where: { id: v.id } })).totalVotes).toBe(1);
  });

  it("refuses a wrong or missing secret with 403, stored as such and not counted", async () => {
    const v = await voter();
    await expect(runelocus({ callback: v.token, secret: "guess" })).rejects.toThrow(
      expect.objectContaining({ code: "FORBIDDEN", userMessage: "The vote site's secret does not match." }),
    );
    await expect(runelocus({ callback: v.token })).rejects.toThrow(forbidden);
    expect((await storedFor(v.token)).map((c) => [c.accepted, c.reason, c.userId])).toEqual([
      [false, CALLBACK_REASONS.badSecret, v.id],
      [false, CALLBACK_REASONS.badSecret, v.id],
    ]);
    expect(await db.vote.count({ where: { userId: v.id } })).toBe(0);
  });

  it("takes a listed address in any spelling, and refuses others and an unknown one", async () => {
    const v = await voter();
    await expect(rspsList({ userid: v.token }, "198.51.100.2")).rejects.toThrow(
      expect.objectContaining({ code: "FORBIDDEN", userMessage: "This address may not send vote callbacks for this site." }),
    );
    await expect(rspsList({ userid: v.token }, "direct")).rejects.toThrow(forbidden);
    expect(await rspsList({ userid: v.token }, `::ffff:${LISTED}`)).toEqual({ status: "accepted" });
    expect((await storedFor(v.token)).map((c) => [c.accepted, c.reason, c.ip])).toEqual([
      [false, CALLBACK_REASONS.addressNotAllowed, "198.51.100.2"],
      [false, CALLBACK_REASONS.addressNotAllowed, null],
      [true, null, LISTED],
    ]);
  });

  it("without any check configured, takes callbacks from this machine only, and only in local mode", async () => {
    const v = await voter();
    await expect(runelist({ incentive: v.token }, "198.51.100.3")).rejects.toThrow(
      expect.objectContaining({ code: "FORBIDDEN", userMessage: "Vote callbacks for this site are not configured." }),
    );
    expect(await runelist({ incentive: v.token }, "127.0.0.1")).toEqual({ status: "accepted" });
    expect((await storedFor(v.token)).map((c) => [c.accepted, c.reason])).toEqual([
      [false, CALLBACK_REASONS.notConfigured],
      [true, null],
    ]);
  });

  it("answers 404 for an unknown site and stores nothing", async () => {
    await expect(recordVoteCallback({ siteKey: "nowhere", query: new URLSearchParams({ callback: "x" }), body: null, ip: LISTED })).rejects.toThrow(
      expect.objectContaining({ code: "NOT_FOUND", userMessage: "Unknown vote site." }),
    );
    // Other files store callbacks meanwhile: look for this one's only.
    expect(await db.voteCallback.count({ where: { query: { path: ["callback"], equals: "x" } } })).toBe(0);
  });
});

describe("the body", () => {
  it("reads the token from a form body and stores the body text", async () => {
    const v = await voter();
    const text = new URLSearchParams({ userid: v.token, userip: "100.64.3.4" }).toString();
    expect(
      await recordVoteCallback({
        siteKey: "rsps_list",
        query: new URLSearchParams(),
        body: { text, contentType: "application/x-www-form-urlencoded" },
        ip: LISTED,
      }),
    ).toEqual({ status: "accepted" });
    const cb = await db.voteCallback.findFirstOrThrow({ where: { userId: v.id } });
    expect(cb.body).toBe(text);
    expect((await db.vote.findFirstOrThrow({ where: { userId: v.id } })).ip).toBe("100.64.3.4");
  });
});

describe("who the vote is for", () => {
  it("ignores a missing, unknown or over-long token, storing each without an account", async () => {
    const missing = await rspsList({ userip: "100.64.9.9" });
    expect(missing).toEqual({ status: "ignored", details: "No player has this token." });
    const token = `unknown-${Date.now()}`;
    expect(await rspsList({ userid: token })).toMatchObject({ status: "ignored" });
    const long = "t".repeat(33);
    expect(await rspsList({ userid: long })).toMatchObject({ status: "ignored" });
    expect((await storedFor(token)).map((c) => [c.accepted, c.reason, c.userId])).toEqual([[false, CALLBACK_REASONS.unknownToken, null]]);
    expect((await storedFor(long)).map((c) => [c.accepted, c.reason, c.userId])).toEqual([[false, CALLBACK_REASONS.unknownToken, null]]);
    expect(await db.voteCallback.count({ where: { reason: CALLBACK_REASONS.missingToken, query: { path: ["userip"], equals: "100.64.9.9" } } })).toBe(1);
  });

  it("resolves a token of the longest length the column holds (32)", async () => {
    const user = await createUser();
    const token = `t${randomUUID().replace(/-/g, "").slice(0, 31)}`;
    await db.user.update({ where: { id: user.id }, data: { voteToken: token } });
    expect(token).toHaveLength(32);
    expect(await rspsList({ userid: token })).toEqual({ status: "accepted" });
  });

  it("ignores a callback whose account is deleted while it waits for the account's lock", async () => {
    const v = await voter();
    const answer = await whileLocked(
      v.id,
      () => rspsList({ userid: v.token }),
      (tx) => tx.user.delete({ where: { id: v.id } }),
    );
    expect(answer).toEqual({ status: "ignored", details: "No player has this token." });
    expect((await storedFor(v.token)).map((c) => [c.accepted, c.reason, c.userId])).toEqual([[false, CALLBACK_REASONS.unknownToken, null]]);
    expect(await db.vote.count({ where: { userId: v.id } })).toBe(0);
  });

  it("stores a banned player's vote without counting it", async () => {
    const banned = await voter({ bannedAt: new Date() });
    expect(await rspsList({ userid: banned.token })).toEqual({ status: "ignored", details: "This account is banned: its votes do not count." });
    expect((await storedFor(banned.token)).map((c) => [c.accepted, c.reason, c.userId])).toEqual([[false, CALLBACK_REASONS.banned, banned.id]]);
    expect(await db.vote.count({ where: { userId: banned.id } })).toBe(0);
  });
});

describe("the cooldown", () => {
  it("counts once per site and account within 12 hours; another site or account counts on its own", async () => {
    const [v, w] = [await voter(), await voter()];
    expect(await rspsList({ userid: v.token })).toEqual({ status: "accepted" });
    expect(await rspsList({ userid: v.token })).toEqual({ status: "duplicate", details: "Already counted within the last 12 hours." });
    expect(await runelocus({ callback: v.token, secret: SECRET })).toEqual({ status: "accepted" });
    expect(await rspsList({ userid: w.token })).toEqual({ status: "accepted" });
    expect((await storedFor(v.token)).map((c) => [c.accepted, c.reason])).toEqual([
      [true, null],
      [false, CALLBACK_REASONS.cooldown],
      [true, null],
    ]);
    expect((await db.user.findUniqueOrThrow({ where: { id: v.id } })).totalVotes).toBe(2);
    expect(await db.gameDelivery.count({ where: { userId: v.id, kind: "VOTE_REWARD" } })).toBe(2);
  });

  it("ends exactly 12 hours after the counted vote", async () => {
    const v = await voter();
    await rspsList({ userid: v.token });
    const vote = await db.vote.findFirstOrThrow({ where: { userId: v.id } });
    // The callback's clock stands still here (only Date is faked), so the boundary is exact to the
    // millisecond: five seconds of slack against a running clock ran out on a slow machine.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const now = Date.now();
      await db.vote.update({ where: { id: vote.id }, data: { createdAt: new Date(now - 12 * 3_600_000 + 1) } });
      expect((await rspsList({ userid: v.token })).status).toBe("duplicate");
      await db.vote.update({ where: { id: vote.id }, data: { createdAt: new Date(now - 12 * 3_600_000) } });
      expect((await rspsList({ userid: v.token })).status).toBe("accepted");
    } finally {
      vi.useRealTimers();
    }
  });

  it("counts exactly one of identical callbacks arriving together", async () => {
    const v = await voter();
    const results = await Promise.all([rspsList({ userid: v.token }), rspsList({ userid: v.token }), rspsList({ userid: v.token })]);
    expect(results.map((r) => r.status).sort()).toEqual(["accepted", "duplicate", "duplicate"]);
    expect(await db.vote.count({ where: { userId: v.id } })).toBe(1);
  });
});

describe("waiting for the account's lock", () => {
  // Last in the file: this case waits six seconds, and a mutant that an earlier case kills never gets here.
  it("still counts a callback that waited six seconds for another callback of the account", async () => {
    const v = await voter();
    const answer = await whileLocked(
      v.id,
      () => rspsList({ userid: v.token }),
      () => new Promise((r) => setTimeout(r, 6_000)),
    );
    expect(answer).toEqual({ status: "accepted" });
    expect(await db.vote.count({ where: { userId: v.id } })).toBe(1);
  });
});
