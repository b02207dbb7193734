import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { ensureVoteToken, userIdForVoteToken } from "@/lib/server/votes/vote-token";
import { setEndedBan, setRunningBan } from "../factories/bans";
import { createUser } from "../factories/users";
import { setEnv } from "../support/env";
import {
  callback,
  RUNELIST_IP,
  RUNELIST_SECRET,
  RUNELOCUS_SECRET,
  RSPS_LIST_IP,
  rspsList,
  runelist,
  runelocus,
  withVoteSiteSettings,
  voter,
} from "./vote-fixtures";

// Vote callbacks: each site's own parameters, its secret and/or address checks, the
// 12-hour cooldown per site and account, and one reward delivery per counted vote. Every call
// to a known site is stored. The races are real: Promise.all against PostgreSQL.

withVoteSiteSettings();

const votesOf = (userId: number) => db.vote.findMany({ where: { userId }, include: { site: true, delivery: true, callback: true }, orderBy: { id: "asc" } });
const callbacksOf = (userId: number) => db.voteCallback.findMany({ where: { userId }, orderBy: { id: "asc" } });
const voteNoticesOf = (userId: number) => db.notification.findMany({ where: { userId, type: "vote_reward" }, select: { link: true, data: true } });
const totalVotesOf = async (userId: number) => (await db.user.findUniqueOrThrow({ where: { id: userId } })).totalVotes;

describe("vote tokens", () => {
  it("gives a player one unguessable token, the same under concurrent first calls, and resolves it back", async () => {
    const user = await createUser();
    const tokens = await Promise.all(Array.from({ length: 5 }, () => ensureVoteToken(user.id)));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await ensureVoteToken(user.id)).toBe(tokens[0]);
    expect(await userIdForVoteToken(tokens[0]!)).toBe(user.id);
    expect(await userIdForVoteToken("not-a-token")).toBeNull();
    expect(await userIdForVoteToken("x".repeat(500))).toBeNull();
    expect((await createUser()).voteToken).toBeNull();
  });
});

describe("vote callbacks: checks", () => {
  it("refuses a forged secret with 403 and stores the call, secret masked, without counting", async () => {
    const v = await voter();
    const r = await callback("runelocus", { query: { callback: v.token, secret: "guess" } });
    expect(r.status).toBe(403);
    expect(r.json.details).toMatch(/secret/);
    const missing = await callback("runelocus", { query: { callback: v.token } });
    expect(missing.status).toBe(403);
    const stored = await callbacksOf(v.id);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({ accepted: false, reason: "bad secret", query: { callback: v.token, secret: "[redacted]" } });
    expect(stored[1]).toMatchObject({ accepted: false, reason: "bad secret" });
    expect(await votesOf(v.id)).toEqual([]);
    expect(await totalVotesOf(v.id)).toBe(0);
    expect(await voteNoticesOf(v.id)).toEqual([]);
  });

  it("refuses a caller outside the site's address list with 403, stored, and counts the same call from a listed address", async () => {
    const v = await voter();
    const wrong = await callback("rsps_list", { form: { userid: v.token }, ip: "203.0.113.8" });
    expect(wrong.status).toBe(403);
    expect(await callbacksOf(v.id)).toEqual([
      expect.objectContaining({ accepted: false, reason: "address not allowed", ip: "203.0.113.8", body: `userid=${v.token}` }),
    ]);
    expect(await votesOf(v.id)).toEqual([]);

    const right = await rspsList(v.token);
    expect(right).toMatchObject({ status: 200, json: { status: "accepted" } });
    expect(await votesOf(v.id)).toEqual([expect.objectContaining({ ip: "100.64.1.3", site: expect.objectContaining({ key: "rsps_list" }) })]);
  });

  it("needs both the address and the secret when a site has both", async () => {
    const v = await voter();
    expect((await callback("runelist", { json: { incentive: v.token, secret: RUNELIST_SECRET }, ip: "198.51.100.10" })).status).toBe(403);
    expect((await callback("runelist", { json: { incentive: v.token, secret: "nope" }, ip: RUNELIST_IP })).status).toBe(403);
    expect((await callbacksOf(v.id)).map((c) => c.reason)).toEqual(["address not allowed", "bad secret"]);
    expect((await runelist(v.token)).json).toEqual({ status: "accepted" });
    expect(await votesOf(v.id)).toHaveLength(1);
  });

  it("accepts a site with no checks configured only from this machine in local mode", async () => {
    const undo = setEnv({ VOTE_RUNELOCUS_SECRET: undefined });
    try {
      const v = await voter();
      const remote = await callback("runelocus", { query: { callback: v.token }, ip: "100.64.9.9" });
      expect(remote.status).toBe(403);
      const local = await callback("runelocus", { query: { callback: v.token }, ip: "127.0.0.1" });
      expect(local.json).toEqual({ status: "accepted" });
      expect((await callbacksOf(v.id)).map((c) => [c.accepted, c.reason])).toEqual([
        [false, "no checks configured"],
        [true, null],
      ]);
    } finally {
      undo();
    }
  });

  it("answers 404 for an unknown site and stores nothing", async () => {
    const v = await voter();
    const r = await callback("toplist_nine", { query: { callback: v.token, secret: RUNELOCUS_SECRET } });
    expect(r.status).toBe(404);
    expect(await callbacksOf(v.id)).toEqual([]);
  });

  it("ignores an unknown or missing token with 200, stored without an account", async () => {
    const marker = `nobody-${Date.now()}`;
    const r = await callback("runelocus", { query: { callback: marker, secret: RUNELOCUS_SECRET } });
    expect(r).toMatchObject({ status: 200, json: { status: "ignored" } });
    const stored = await db.voteCallback.findMany({ where: { query: { path: ["callback"], equals: marker } } });
    expect(stored).toEqual([expect.objectContaining({ accepted: false, reason: "unknown token", userId: null })]);
    const none = await callback("runelocus", { query: { secret: RUNELOCUS_SECRET, ip: "100.64.7.7" } });
    expect(none.json.status).toBe("ignored");
  });

  it("stores a banned player's vote without counting it", async () => {
    const v = await voter({ banned: true });
    expect((await runelocus(v.token)).json.status).toBe("ignored");
    expect(await callbacksOf(v.id)).toEqual([expect.objectContaining({ accepted: false, reason: "banned" })]);
    expect(await votesOf(v.id)).toEqual([]);
    expect(await totalVotesOf(v.id)).toBe(0);
  });

  it("counts the vote of a player whose temporary ban has ended before its lift job ran; not while a ban runs", async () => {
    const ended = await voter();
    await setEndedBan(ended.id);
    expect((await runelocus(ended.token)).json).toEqual({ status: "accepted" });
    expect(await votesOf(ended.id)).toEqual([expect.objectContaining({ delivery: expect.objectContaining({ kind: "VOTE_REWARD" }) })]);
    expect(await totalVotesOf(ended.id)).toBe(1);
    // The twin: a ban that still runs, stored and not counted.
    const running = await voter();
    await setRunningBan(running.id);
    expect((await runelocus(running.token)).json.status).toBe("ignored");
    expect(await callbacksOf(running.id)).toEqual([expect.objectContaining({ accepted: false, reason: "banned" })]);
    expect(await votesOf(running.id)).toEqual([]);
    expect(await totalVotesOf(running.id)).toBe(0);
  });
});

describe("vote callbacks: parameters", () => {
  it("reads each site's own names from the query (GET), a form body or a JSON body (POST)", async () => {
    const v = await voter();
    // RuneLocus by POST form with the token in the query and its secret in the body.
    const a = await callback("runelocus", { method: "POST", query: { callback: v.token }, form: { secret: RUNELOCUS_SECRET } });
    // RSPS-List by GET query.
    const b = await callback("rsps_list", { query: { userid: v.token, userip: "100.64.5.5" }, ip: RSPS_LIST_IP });
    // Runelist by POST form.
    const c = await callback("runelist", { form: { incentive: v.token, secret: RUNELIST_SECRET }, ip: RUNELIST_IP });
    expect([a, b, c].map((r) => r.json.status)).toEqual(["accepted", "accepted", "accepted"]);
    expect((await votesOf(v.id)).map((x) => x.site.key)).toEqual(["runelocus", "rsps_list", "runelist"]);
  });

  it("does not take another site's parameter names", async () => {
    const v = await voter();
    const r = await callback("runelocus", { query: { incentive: v.token, userid: v.token, secret: RUNELOCUS_SECRET } });
    expect(r.json.status).toBe("ignored");
    expect(await votesOf(v.id)).toEqual([]);
  });
});

describe("vote callbacks: counting", () => {
  it("counts a player once per site within 12 hours, calls in sequence", async () => {
    const v = await voter();
    expect((await runelocus(v.token)).json).toEqual({ status: "accepted" });
    expect((await runelocus(v.token)).json).toMatchObject({ status: "duplicate" });
    expect(await votesOf(v.id)).toHaveLength(1);
    expect((await callbacksOf(v.id)).map((c) => [c.accepted, c.reason])).toEqual([
      [true, null],
      [false, "cooldown"],
    ]);
    expect(await totalVotesOf(v.id)).toBe(1);
  });

  it("counts exactly one of five identical callbacks arriving together", async () => {
    const v = await voter();
    const results = await Promise.all(Array.from({ length: 5 }, () => runelist(v.token)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.map((r) => r.json.status).sort()).toEqual(["accepted", "duplicate", "duplicate", "duplicate", "duplicate"]);
    const votes = await votesOf(v.id);
    expect(votes).toHaveLength(1);
    expect(await db.gameDelivery.count({ where: { userId: v.id } })).toBe(1);
    expect(await totalVotesOf(v.id)).toBe(1);
    expect(await db.voteCallback.count({ where: { userId: v.id } })).toBe(5);
    // The bell hears of the one counted vote, once.
    expect(await voteNoticesOf(v.id)).toHaveLength(1);
  });

  it("counts three sites as three votes, each with exactly one reward delivery", async () => {
    const v = await voter();
    await Promise.all([runelocus(v.token), rspsList(v.token), runelist(v.token)]);
    const votes = await votesOf(v.id);
    expect(votes.map((x) => x.site.key).sort()).toEqual(["rsps_list", "runelist", "runelocus"]);
    for (const vote of votes) {
      expect(vote.callback).toMatchObject({ accepted: true, userId: v.id });
      expect(vote.delivery).toMatchObject({ userId: v.id, kind: "VOTE_REWARD", status: "PENDING", payload: { points: 2, site: vote.site.key } });
    }
    expect(await db.gameDelivery.count({ where: { userId: v.id } })).toBe(3);
    expect(await totalVotesOf(v.id)).toBe(3);
    const notices = await voteNoticesOf(v.id);
    expect(notices).toHaveLength(3);
    for (const n of notices) expect(n.link).toBe("/vote");
    expect(notices.map((n) => (n.data as { title?: string }).title).sort()).toEqual(votes.map((x) => `2 vote points for your vote on ${x.site.name}`).sort());
  });

  it("counts again once the cooldown has passed, not a minute before", async () => {
    const v = await voter();
    await runelocus(v.token);
    const [first] = await votesOf(v.id);
    await db.vote.update({ where: { id: first!.id }, data: { createdAt: new Date(Date.now() - 11 * 3_600_000 - 59 * 60_000) } });
    expect((await runelocus(v.token)).json.status).toBe("duplicate");
    await db.vote.update({ where: { id: first!.id }, data: { createdAt: new Date(Date.now() - 12 * 3_600_000 - 60_000) } });
    expect((await runelocus(v.token)).json.status).toBe("accepted");
    expect(await votesOf(v.id)).toHaveLength(2);
    expect(await db.gameDelivery.count({ where: { userId: v.id, kind: "VOTE_REWARD" } })).toBe(2);
    expect(await totalVotesOf(v.id)).toBe(2);
  });

  it("multiplies the points by the donator bonus (docs/product.md §9), rounded down", async () => {
    const points = async (memberRank: "NONE" | "EXTREME" | "UBER") => {
      const v = await voter({ memberRank });
      await rspsList(v.token);
      return ((await votesOf(v.id))[0]!.delivery!.payload as { points: number }).points;
    };
    // Each site rewards 1 point: 1.5x rounds down to 1, 2x gives 2.
    // Every configured site gives 2 points: Extreme's 1.5x makes 3, Uber's 2x makes 4.
    expect(await points("NONE")).toBe(2);
    expect(await points("EXTREME")).toBe(3);
    expect(await points("UBER")).toBe(4);
    // An even reward never needs rounding: with 3 points a vote, Extreme's 1.5x is 4.5, which
    // rounds down to 4 (rounding to nearest or up would give 5). Uber's 2x stays exact at 6.
    // The reward is the site row's (vote_sites.rewardPoints, edited at /staff/votes/sites).
    const site = await db.voteSite.findUniqueOrThrow({ where: { key: "rsps_list" } });
    await db.voteSite.update({ where: { id: site.id }, data: { rewardPoints: 3 } });
    try {
      expect(await points("NONE")).toBe(3);
      expect(await points("EXTREME")).toBe(4);
      expect(await points("UBER")).toBe(6);
    } finally {
      await db.voteSite.update({ where: { id: site.id }, data: { rewardPoints: site.rewardPoints } });
    }
  });
});
