import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { votePoints } from "@/lib/content/donator";
import type { TVoteSiteInput } from "@/lib/schemas/vote-sites";
import { db } from "@/lib/server/db";
import { listActiveVoteSites } from "@/lib/server/votes/active-sites";
import { createVoteSite, NO_SUCH_SITE, updateVoteSite } from "@/lib/server/votes/manage-vote-sites";
import { answerVoteCallback, CALLBACK_REASONS, recordVoteCallback } from "@/lib/server/votes/record-vote-callback";
import { activeVoteSite, ensureVoteSiteRows, voteSiteSecretOf } from "@/lib/server/votes/vote-sites";
import { ensureVoteToken, userIdForVoteToken } from "@/lib/server/votes/vote-token";
import { createUser } from "../factories/users";
import { setEnv } from "../support/env";

// The deciding code of the mutation group votes (scripts/mutation/groups.mjs) called directly
// against the database, one quick case per decision: the callback's verdicts on sites of this
// file's own (rows with their own secret, addresses, parameter names, cooldown, reward and
// answer), the token lookup, the active-site reads and the staff writes. A mutation run calls
// this file again and again in one database, beside votes-edges: every row here has this run's
// key, and every count looks at this run's rows only.

const RUN = Math.random().toString(36).slice(2, 8);
const k = (base: string) => `m${RUN}_${base}`;
const SITE_IP = "203.0.113.81";
let restore: () => void;
let actorId: number;
const ctx = () => ({ actorId, ip: "198.51.100.201" });
const mine: number[] = [];

beforeAll(async () => {
  restore = setEnv({ APP_MODE: "local" });
  await ensureVoteSiteRows();
  actorId = (await createUser({ privilege: "ADMINISTRATOR" })).id;
});
afterAll(async () => {
  // Rows of this run leave the active list (other files read it).
  await db.voteSite.updateMany({ where: { id: { in: mine } }, data: { active: false } });
  restore();
});

type RowOpts = {
  secret?: string | null;
  ips?: string[];
  voted?: [string, string];
  voterIp?: string;
  cooldown?: number;
  reward?: number;
  answer?: "json" | "ok";
  active?: boolean;
  sortOrder?: number;
};
/** A site row of this run, written directly (the staff writes are tested on their own below). */
async function row(base: string, o: RowOpts = {}) {
  const r = await db.voteSite.create({
    data: {
      key: k(base),
      name: `Site ${base}`,
      urlTemplate: "https://list.example/vote?t={token}",
      tokenParam: "tok",
      secretParam: "sec",
      voterIpParam: o.voterIp ?? null,
      votedParam: o.voted?.[0] ?? null,
      votedValue: o.voted?.[1] ?? null,
      callbackSecret: o.secret ?? null,
      allowedIps: o.ips ?? [],
      cooldownHours: o.cooldown ?? 12,
      rewardPoints: o.reward ?? 2,
      answer: o.answer ?? "json",
      active: o.active ?? true,
      sortOrder: o.sortOrder ?? 500,
    },
  });
  mine.push(r.id);
  return r;
}
const send = (key: string, params: Record<string, string>, ip = SITE_IP, body: { text: string; contentType: string | null } | null = null) =>
  recordVoteCallback({ siteKey: key, query: new URLSearchParams(params), body, ip });
async function voter(memberRank: "NONE" | "EXTREME" = "NONE", banned = false) {
  const user = await createUser(banned ? { bannedAt: new Date() } : {});
  if (memberRank !== "NONE") await db.user.update({ where: { id: user.id }, data: { memberRank } });
  return { id: user.id, token: await ensureVoteToken(user.id) };
}
const storedOn = (siteId: number) => db.voteCallback.findMany({ where: { siteId }, orderBy: { id: "asc" } });
const verdicts = async (siteId: number) => (await storedOn(siteId)).map((c) => [c.accepted, c.reason, c.userId]);
const refused = (code: string) => expect.objectContaining({ code });
const PAIR = "Give the voted flag and its value together, or neither.";
const unpaired = expect.objectContaining({ code: "VALIDATION", fields: { voted_value: [PAIR] } });

describe("the callback's answer", () => {
  it("answers a plain OK to a site that wants one, our JSON otherwise", async () => {
    const ok = await row("okans", { ips: [SITE_IP], answer: "ok" });
    const json = await row("jsans", { ips: [SITE_IP] });
    const v = await voter();
    const r = await answerVoteCallback({ siteKey: ok.key, query: new URLSearchParams({ tok: v.token }), body: null, ip: SITE_IP });
    expect(r).toBeInstanceOf(Response);
    const res = r as Response;
    expect([res.status, res.headers.get("content-type"), await res.text()]).toEqual([200, "text/plain; charset=utf-8", "OK"]);
    expect(await answerVoteCallback({ siteKey: json.key, query: new URLSearchParams({ tok: v.token }), body: null, ip: SITE_IP })).toEqual({
      status: "accepted",
    });
    // The verdict is the same whatever the shape: the second call to the OK site is a duplicate.
    expect((await send(ok.key, { tok: v.token })).status).toBe("duplicate");
  });
});

describe("the site's own checks (its row)", () => {
  it("a row's secret: missing or wrong is refused (stored, token resolved), the right one counts and is masked", async () => {
    const s = await row("sec", { secret: "row-secret-123" });
    const v = await voter();
    await expect(send(s.key, { tok: v.token }, "198.51.100.7")).rejects.toThrow(refused("FORBIDDEN"));
    await expect(send(s.key, { tok: v.token, sec: "row-secret-12" }, "198.51.100.7")).rejects.toThrow(refused("FORBIDDEN"));
    expect(await send(s.key, { tok: v.token, sec: "row-secret-123" }, "198.51.100.7")).toEqual({ status: "accepted" });
    const stored = await storedOn(s.id);
    expect(stored.map((c) => [c.accepted, c.reason, c.userId, c.ip])).toEqual([
      [false, CALLBACK_REASONS.badSecret, v.id, "198.51.100.7"],
      [false, CALLBACK_REASONS.badSecret, v.id, "198.51.100.7"],
      [true, null, v.id, "198.51.100.7"],
    ]);
    expect(stored[2]!.query).toEqual({ tok: v.token, sec: "[redacted]" });
    expect(stored[0]!.body).toBeNull();
  });

  it("a row's addresses: a listed one in any spelling counts, another or none is refused, and a secret is still checked", async () => {
    const s = await row("ips", { ips: ["192.0.2.50", "::ffff:203.0.113.82"] });
    const both = await row("both", { ips: ["203.0.113.82"], secret: "both-secret-1" });
    const v = await voter();
    await expect(send(s.key, { tok: v.token }, "203.0.113.83")).rejects.toThrow(refused("FORBIDDEN"));
    await expect(send(s.key, { tok: v.token }, "direct")).rejects.toThrow(refused("FORBIDDEN"));
    expect(await send(s.key, { tok: v.token }, "203.0.113.82")).toEqual({ status: "accepted" });
    expect(await verdicts(s.id)).toEqual([
      [false, CALLBACK_REASONS.addressNotAllowed, v.id],
      [false, CALLBACK_REASONS.addressNotAllowed, v.id],
      [true, null, v.id],
    ]);
    await expect(send(both.key, { tok: v.token, sec: "wrong-secret" }, "203.0.113.82")).rejects.toThrow(refused("FORBIDDEN"));
    await expect(send(both.key, { tok: v.token, sec: "both-secret-1" }, "203.0.113.83")).rejects.toThrow(refused("FORBIDDEN"));
    expect(await send(both.key, { tok: v.token, sec: "both-secret-1" }, "203.0.113.82")).toEqual({ status: "accepted" });
    expect(await verdicts(both.id)).toEqual([
      [false, CALLBACK_REASONS.badSecret, v.id],
      [false, CALLBACK_REASONS.addressNotAllowed, v.id],
      [true, null, v.id],
    ]);
  });

  it("neither check: only this machine, and only in local mode", async () => {
    const s = await row("none");
    const v = await voter();
    await expect(send(s.key, { tok: v.token }, "198.51.100.8")).rejects.toThrow(refused("FORBIDDEN"));
    expect(await send(s.key, { tok: v.token }, "::1")).toEqual({ status: "accepted" });
    // In production (which refuses to start without checks for its own three sites), not even this machine.
    const production = setEnv({
      APP_MODE: "production",
      SITE_URL: "https://example.com",
      SMTP_URL: "smtp://localhost",
      PAYMENT_METHODS: "none",
      VOTE_RUNELOCUS_SECRET: "s1",
      VOTE_RSPS_LIST_SECRET: "s2",
      VOTE_RUNELIST_SECRET: "s3",
    });
    try {
      await expect(send(s.key, { tok: v.token }, "127.0.0.1")).rejects.toThrow(refused("FORBIDDEN"));
    } finally {
      production();
    }
    expect(await verdicts(s.id)).toEqual([
      [false, CALLBACK_REASONS.notConfigured, v.id],
      [true, null, v.id],
      [false, CALLBACK_REASONS.notConfigured, v.id],
    ]);
  });

  it("an unknown or inactive site answers 404 and stores nothing; the reads agree", async () => {
    const off = await row("off", { ips: [SITE_IP], active: false, secret: "off-secret-1" });
    const on = await row("on", { ips: [SITE_IP], secret: "on-secret-12" });
    const v = await voter();
    await expect(send(off.key, { tok: v.token })).rejects.toThrow(refused("NOT_FOUND"));
    await expect(send(k("nosuch"), { tok: v.token })).rejects.toThrow(refused("NOT_FOUND"));
    expect(await storedOn(off.id)).toEqual([]);
    expect(await activeVoteSite(off.key)).toBeNull();
    expect(await activeVoteSite(k("nosuch"))).toBeNull();
    expect(await activeVoteSite(on.key)).toMatchObject({ id: on.id, key: on.key, allowedIps: [SITE_IP] });
    expect(await voteSiteSecretOf(on.id)).toBe("on-secret-12");
    expect(await voteSiteSecretOf((await row("nosec")).id)).toBeNull();
    expect(await voteSiteSecretOf(-1)).toBeNull();
  });
});

describe("what the site says", () => {
  it("the voted flag: another value is not a vote; none, or the voted value, counts", async () => {
    const s = await row("voted", { ips: [SITE_IP], voted: ["v", "yes"] });
    const [a, b] = [await voter(), await voter()];
    expect(await send(s.key, { tok: a.token, v: "no" })).toEqual({ status: "ignored", details: "The site says this was not a vote." });
    expect(await send(s.key, { tok: a.token, v: "yes" })).toEqual({ status: "accepted" });
    expect(await send(s.key, { tok: b.token })).toEqual({ status: "accepted" });
    expect(await verdicts(s.id)).toEqual([
      [false, CALLBACK_REASONS.notVoted, a.id],
      [true, null, a.id],
      [true, null, b.id],
    ]);
  });

  it("tokens: missing, unknown and too long are stored without an account; 32 characters resolve", async () => {
    const s = await row("tok", { ips: [SITE_IP] });
    const long = `L${RUN}`.padEnd(33, "x");
    await send(s.key, { other: "1" });
    await send(s.key, { tok: `unknown${RUN}` });
    await send(s.key, { tok: long });
    expect(await verdicts(s.id)).toEqual([
      [false, CALLBACK_REASONS.missingToken, null],
      [false, CALLBACK_REASONS.unknownToken, null],
      [false, CALLBACK_REASONS.unknownToken, null],
    ]);
    const u = await createUser();
    const token = `T${RUN}`.padEnd(32, "y");
    await db.user.update({ where: { id: u.id }, data: { voteToken: token } });
    expect(await userIdForVoteToken(token)).toBe(u.id);
    expect(await userIdForVoteToken(null)).toBeNull();
    expect(await userIdForVoteToken("")).toBeNull();
    expect(await userIdForVoteToken(long)).toBeNull();
    expect(await userIdForVoteToken(`unknown${RUN}`)).toBeNull();
  });

  it("reads the token from a JSON body without a content type and from a form body, storing each body", async () => {
    const s = await row("body", { ips: [SITE_IP], voterIp: "vip" });
    const [a, b] = [await voter(), await voter()];
    const json = JSON.stringify({ tok: a.token, vip: "::ffff:100.64.7.8" });
    expect(await send(s.key, {}, SITE_IP, { text: json, contentType: null })).toEqual({ status: "accepted" });
    const form = `tok=${b.token}`;
    expect(await send(s.key, {}, SITE_IP, { text: form, contentType: "application/x-www-form-urlencoded" })).toEqual({ status: "accepted" });
    // A JSON string is no object: with a JSON content type it gives no parameters, not a form.
    const notObject = JSON.stringify(`&tok=${b.token}&`);
    expect(await send(s.key, {}, SITE_IP, { text: notObject, contentType: "application/json" })).toMatchObject({ status: "ignored" });
    expect((await storedOn(s.id)).map((c) => [c.userId, c.body, c.reason])).toEqual([
      [a.id, json, null],
      [b.id, form, null],
      [null, notObject, CALLBACK_REASONS.missingToken],
    ]);
    expect((await db.vote.findFirstOrThrow({ where: { userId: a.id } })).ip).toBe("100.64.7.8");
    expect((await db.vote.findFirstOrThrow({ where: { userId: b.id } })).ip).toBeNull();
  });
});

describe("the counted vote", () => {
  it("writes the vote, the total, the reward sized by rank, and the bell", async () => {
    const s = await row("count", { ips: [SITE_IP], reward: 5 });
    const one = await row("one", { ips: [SITE_IP], reward: 1 });
    const v = await voter("EXTREME");
    const w = await voter();
    expect(await send(s.key, { tok: v.token })).toEqual({ status: "accepted" });
    expect(await send(one.key, { tok: w.token })).toEqual({ status: "accepted" });
    const [cb] = await storedOn(s.id);
    expect(cb).toMatchObject({ accepted: true, reason: null, userId: v.id, siteId: s.id, ip: SITE_IP, query: { tok: v.token } });
    const vote = await db.vote.findFirstOrThrow({ where: { userId: v.id }, include: { delivery: true } });
    expect(vote).toMatchObject({ siteId: s.id, callbackId: cb!.id, ip: null });
    const points = votePoints(5, "EXTREME");
    expect(points).toBeGreaterThan(5);
    expect(vote.delivery).toMatchObject({ userId: v.id, kind: "VOTE_REWARD", status: "PENDING", payload: { points, site: s.key } });
    expect((await db.user.findUniqueOrThrow({ where: { id: v.id } })).totalVotes).toBe(1);
    const bells = await db.notification.findMany({ where: { userId: { in: [v.id, w.id] }, type: "vote_reward" }, orderBy: { id: "asc" } });
    expect(bells.map((n) => [n.userId, (n.data as { title?: string }).title])).toEqual([
      [v.id, `${points} vote points for your vote on Site count`],
      [w.id, "1 vote point for your vote on Site one"],
    ]);
  });

  it("a banned account's vote is stored as such and not counted", async () => {
    const s = await row("ban", { ips: [SITE_IP] });
    const v = await voter("NONE", true);
    expect(await send(s.key, { tok: v.token })).toEqual({ status: "ignored", details: "This account is banned: its votes do not count." });
    expect(await verdicts(s.id)).toEqual([[false, CALLBACK_REASONS.banned, v.id]]);
    expect(await db.vote.count({ where: { userId: v.id } })).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: v.id } })).totalVotes).toBe(0);
  });
});

describe("the cooldown", () => {
  it("is the site's own number of hours, to the millisecond, per account and site", async () => {
    const s = await row("cool", { ips: [SITE_IP], cooldown: 2 });
    const other = await row("cool2", { ips: [SITE_IP], cooldown: 2 });
    const [v, w] = [await voter(), await voter()];
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const now = Date.now();
      const past = await db.vote.create({ data: { userId: v.id, siteId: s.id, createdAt: new Date(now - 2 * 3_600_000 + 1) } });
      expect(await send(s.key, { tok: v.token })).toEqual({ status: "duplicate", details: "Already counted within the last 2 hours." });
      // Another site, another account: each on its own.
      expect((await send(other.key, { tok: v.token })).status).toBe("accepted");
      expect((await send(s.key, { tok: w.token })).status).toBe("accepted");
      await db.vote.update({ where: { id: past.id }, data: { createdAt: new Date(now - 2 * 3_600_000) } });
      expect((await send(s.key, { tok: v.token })).status).toBe("accepted");
    } finally {
      vi.useRealTimers();
    }
    expect((await storedOn(s.id)).map((c) => [c.userId, c.reason])).toEqual([
      [v.id, CALLBACK_REASONS.cooldown],
      [w.id, null],
      [v.id, null],
    ]);
  });

  it("a vote counted at or after the call's arrival makes it a duplicate; the latest vote decides", async () => {
    const s = await row("dup", { ips: [SITE_IP] });
    const [a, b, c] = [await voter(), await voter(), await voter()];
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const now = Date.now();
      await db.vote.create({ data: { userId: a.id, siteId: s.id, createdAt: new Date(now) } });
      await db.vote.create({ data: { userId: b.id, siteId: s.id, createdAt: new Date(now - 1) } });
      // Older first, then one after the arrival: the latest (a duplicate) is the one read.
      await db.vote.create({ data: { userId: c.id, siteId: s.id, createdAt: new Date(now - 3_600_000) } });
      await db.vote.create({ data: { userId: c.id, siteId: s.id, createdAt: new Date(now + 3_600_000) } });
      for (const x of [a, b, c]) expect((await send(s.key, { tok: x.token })).status).toBe("duplicate");
    } finally {
      vi.useRealTimers();
    }
    expect((await storedOn(s.id)).map((x) => x.reason)).toEqual([CALLBACK_REASONS.duplicate, CALLBACK_REASONS.cooldown, CALLBACK_REASONS.duplicate]);
  });
});

describe("the active sites", () => {
  it("lists the active rows by display order then id, with their cooldown and reward only", async () => {
    const a = await row("la", { sortOrder: 950, cooldown: 3, reward: 4 });
    const c = await row("lc", { sortOrder: 950 });
    const b = await row("lb", { sortOrder: 949 });
    await row("ld", { sortOrder: 948, active: false });
    // Rewrites a's row, so it now lies after c's in the table: the order by id still puts it first.
    await db.voteSite.update({ where: { id: a.id }, data: { name: "Site la" } });
    const listed = (await listActiveVoteSites()).filter((x) => x.key.startsWith(k("l")));
    expect(listed.map((x) => x.key)).toEqual([b.key, a.key, c.key]);
    expect(listed[1]).toEqual({ id: a.id, key: a.key, name: "Site la", cooldownHours: 3, rewardPoints: 4 });
  });
});

const blank = (base: string, over: Partial<TVoteSiteInput> = {}): TVoteSiteInput => ({
  key: k(base),
  allowed_ips: [],
  cooldown_hours: 12,
  reward_points: 2,
  active: false,
  sort_order: 100,
  ...over,
});
const auditOf = (id: number, action: string) => db.auditLog.findMany({ where: { targetType: "vote_site", targetId: String(id), action } });

describe("staff: adding a site", () => {
  it("refuses a blank site without name, link and token parameter, naming each; a lone voted flag; a taken key", async () => {
    await expect(createVoteSite(blank("b1"), ctx())).rejects.toThrow(
      expect.objectContaining({
        code: "VALIDATION",
        fields: {
          name: ["Enter the site's name."],
          url_template: ["Enter the vote link, with {token} in it."],
          token_param: ["Enter the parameter that carries the token back."],
        },
      }),
    );
    const full = { name: "B", url_template: "https://b.example/v?t={token}", token_param: "t" };
    await expect(createVoteSite(blank("b2", { ...full, voted_param: "v" }), ctx())).rejects.toThrow(unpaired);
    await expect(createVoteSite(blank("b2", { ...full, voted_value: "1" }), ctx())).rejects.toThrow(expect.objectContaining({ code: "VALIDATION" }));
    expect(await db.voteSite.count({ where: { key: { in: [k("b1"), k("b2")] } } })).toBe(0);
    const made = await createVoteSite(blank("b2", { ...full, voted_param: "v", voted_value: "1" }), ctx());
    mine.push(made.id);
    await expect(createVoteSite(blank("b2", full), ctx())).rejects.toThrow(
      expect.objectContaining({ code: "CONFLICT", fields: { key: [expect.any(String)] } }),
    );
    // Another database error is no taken key: it is passed on as it is.
    const tooLong = await createVoteSite(blank("b5".padEnd(40, "x"), full), ctx()).catch((e: unknown) => e);
    expect(tooLong).toBeInstanceOf(Error);
    expect(tooLong).not.toMatchObject({ code: "CONFLICT" });
    expect(await db.voteSite.count({ where: { key: { startsWith: k("b5") } } })).toBe(0);
  });

  it("a blank site keeps what is sent, with nulls and the JSON answer for what is not; audited with after only", async () => {
    const made = await createVoteSite(
      blank("b3", {
        name: "Blank",
        url_template: "https://b.example/v?t={token}",
        token_param: "t",
        allowed_ips: ["192.0.2.9"],
        cooldown_hours: 6,
        reward_points: 9,
        active: true,
        sort_order: 77,
        secret: "blank-secret-1",
      }),
      ctx(),
    );
    mine.push(made.id);
    const expected = {
      id: made.id,
      key: k("b3"),
      name: "Blank",
      preset: null,
      url_template: "https://b.example/v?t={token}",
      token_param: "t",
      secret_param: null,
      voter_ip_param: null,
      voted_param: null,
      voted_value: null,
      allowed_ips: ["192.0.2.9"],
      cooldown_hours: 6,
      reward_points: 9,
      active: true,
      answer: "json",
      sort_order: 77,
      has_secret: true,
    };
    expect(made).toMatchObject(expected);
    expect((await db.voteSite.findUniqueOrThrow({ where: { id: made.id }, omit: { callbackSecret: false } })).callbackSecret).toBe("blank-secret-1");
    const [audit, ...more] = await auditOf(made.id, "vote.site.created");
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ actorId, ip: "198.51.100.201", data: { reason: null, before: null, after: expected } });
    expect((audit!.data as { after: object }).after).not.toHaveProperty("secret_changed");
    const none = await createVoteSite(blank("b4", { name: "N", url_template: "https://b.example/v?t={token}", token_param: "t" }), ctx());
    mine.push(none.id);
    expect(none).toMatchObject({ has_secret: false, active: false, answer: "json", preset: null });
  });

  it("a preset fills what is not sent; what is sent, nulls included, wins", async () => {
    const filled = await createVoteSite(blank("p1", { preset: "rsps_list" }), ctx());
    const ok = await createVoteSite(blank("p2", { preset: "rspslist_com", name: "Mine", voter_ip_param: null, answer: "json" }), ctx());
    const noFlag = await createVoteSite(
      blank("p3", { preset: "rsps_list", voted_param: null, voted_value: null, token_param: "tk", secret_param: "s2" }),
      ctx(),
    );
    const okAnswer = await createVoteSite(blank("p4", { preset: "rsps_org", url_template: "https://o.example/?c={token}" }), ctx());
    mine.push(filled.id, ok.id, noFlag.id, okAnswer.id);
    expect(filled).toMatchObject({
      preset: "rsps_list",
      name: "RSPS-List",
      token_param: "userid",
      secret_param: "secret",
      voter_ip_param: "userip",
      voted_param: "voted",
      voted_value: "1",
      answer: "json",
    });
    expect(filled.url_template).toContain("{token}");
    expect(ok).toMatchObject({ preset: "rspslist_com", name: "Mine", voter_ip_param: null, token_param: "callback", answer: "json" });
    expect(noFlag).toMatchObject({ voted_param: null, voted_value: null, token_param: "tk", secret_param: "s2", voter_ip_param: "userip" });
    expect(okAnswer).toMatchObject({ answer: "ok", url_template: "https://o.example/?c={token}", name: "rsps.org" });
  });
});

describe("staff: editing a site", () => {
  const base = { name: "E", url_template: "https://e.example/v?t={token}", token_param: "t" };

  it("changes every field sent and keeps the others; a secret change is audited as such", async () => {
    const s = await createVoteSite(blank("e1", { ...base, secret: "first-secret", active: true }), ctx());
    mine.push(s.id);
    const same = await updateVoteSite(s.id, {}, ctx());
    expect(same).toEqual(s);
    const patch = {
      name: "E2",
      url_template: "https://e2.example/v?t={token}",
      token_param: "t2",
      secret_param: "s",
      voter_ip_param: "ip",
      voted_param: "v",
      voted_value: "yes",
      allowed_ips: ["192.0.2.10"],
      cooldown_hours: 7,
      reward_points: 8,
      answer: "ok" as const,
      sort_order: 9,
      secret: null,
    };
    const after = await updateVoteSite(s.id, patch, ctx());
    const { secret: _cleared, ...shown } = patch;
    expect(after).toMatchObject({ ...shown, has_secret: false, active: true, key: k("e1") });
    const audits = await auditOf(s.id, "vote.site.updated");
    expect(audits.map((a) => (a.data as { after: { secret_changed?: boolean } }).after.secret_changed)).toEqual([undefined, true]);
    expect(audits[1]).toMatchObject({ actorId, data: { before: { name: "E", has_secret: true }, after: { name: "E2", has_secret: false } } });
    expect((await updateVoteSite(s.id, { secret: "second-secret" }, ctx())).has_secret).toBe(true);
  });

  it("keeps the voted flag and its value together, whichever is sent", async () => {
    const s = await createVoteSite(blank("e2", base), ctx());
    const f = await createVoteSite(blank("e3", { ...base, voted_param: "v", voted_value: "1" }), ctx());
    mine.push(s.id, f.id);
    await expect(updateVoteSite(s.id, { voted_value: "1" }, ctx())).rejects.toThrow(unpaired);
    await expect(updateVoteSite(s.id, { voted_param: "v" }, ctx())).rejects.toThrow(refused("VALIDATION"));
    await expect(updateVoteSite(f.id, { voted_value: null }, ctx())).rejects.toThrow(refused("VALIDATION"));
    await expect(updateVoteSite(f.id, { voted_param: null }, ctx())).rejects.toThrow(refused("VALIDATION"));
    expect(await updateVoteSite(f.id, { voted_value: "2" }, ctx())).toMatchObject({ voted_param: "v", voted_value: "2" });
    expect(await updateVoteSite(f.id, { voted_param: "w" }, ctx())).toMatchObject({ voted_param: "w", voted_value: "2" });
    expect(await updateVoteSite(f.id, { voted_param: null, voted_value: null }, ctx())).toMatchObject({ voted_param: null, voted_value: null });
    expect(await db.voteSite.findUniqueOrThrow({ where: { id: s.id } })).toMatchObject({ votedParam: null, votedValue: null });
  });

  it("names turning on and off in the audit; anything else is an update; an unknown id is 404", async () => {
    const s = await createVoteSite(blank("e4", base), ctx());
    mine.push(s.id);
    await updateVoteSite(s.id, { active: false }, ctx());
    await updateVoteSite(s.id, { active: true }, ctx());
    await updateVoteSite(s.id, { active: true }, ctx());
    await updateVoteSite(s.id, { reward_points: 3 }, ctx());
    await updateVoteSite(s.id, { active: false }, ctx());
    const log = await db.auditLog.findMany({ where: { targetType: "vote_site", targetId: String(s.id) }, orderBy: { id: "asc" } });
    expect(log.map((a) => a.action)).toEqual([
      "vote.site.created",
      "vote.site.updated",
      "vote.site.activated",
      "vote.site.updated",
      "vote.site.updated",
      "vote.site.deactivated",
    ]);
    await expect(updateVoteSite(-1, { active: true }, ctx())).rejects.toThrow(expect.objectContaining({ code: "NOT_FOUND", userMessage: NO_SUCH_SITE }));
  });
});
