import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as staffSite from "@/app/api/v1/staff/votes/sites/[id]/route";
import * as staffSites from "@/app/api/v1/staff/votes/sites/route";
import { GET as countdownRoute } from "@/app/api/v1/vote/countdown/route";
import { GET as linksRoute } from "@/app/api/v1/vote/links/route";
import { GET as standingRoute } from "@/app/api/v1/vote/standing/route";
import { db } from "@/lib/server/db";
import { listActiveVoteSites } from "@/lib/server/votes/active-sites";
import { CALLBACK_REASONS, recordVoteCallback } from "@/lib/server/votes/record-vote-callback";
import { ensureVoteSiteRows } from "@/lib/server/votes/vote-sites";
import { VOTE_SITE_PRESETS, type VoteSitePreset } from "@/lib/votes/presets";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { call, freshClient, SAME_ORIGIN } from "./helpers";
import { callback, voter } from "./vote-fixtures";

// Vote sites as data (lib/votes/presets.ts, vote_sites rows, /staff/votes/sites): each preset's
// callback shape is read with its row's own names and checks, each refusal is stored with its
// reason and the raw callback (secret masked), and a site added through the staff API counts votes
// with its own reward and no code. The env settings of the three configured sites are cleared
// here, so the rows' own secrets and addresses are what is checked.

const SITE_IP = "203.0.113.44";
const SECRET = "row-secret-0123";
/** Keys of the sites this run adds: a mutation run (scripts/mutation) calls this file again and again in one database, beside votes-edges. */
const RUN = Math.random().toString(36).slice(2, 8);
const k = (base: string) => `${base}_${RUN}`;
let restore: () => void;
beforeAll(async () => {
  restore = setEnv({ TRUST_PROXY: "true" });
  await ensureVoteSiteRows();
  // Each preset as a row of this run's own (the shipped rows are left to the other files): a
  // secret where the site sends one, else the address it calls from.
  for (const [i, p] of VOTE_SITE_PRESETS.entries())
    await db.voteSite.create({
      data: {
        key: k(p.key),
        name: p.name,
        preset: p.key,
        sortOrder: 200 + i,
        urlTemplate: p.urlTemplate,
        tokenParam: p.params.token,
        secretParam: p.params.secret,
        voterIpParam: p.params.voterIp,
        votedParam: p.params.voted,
        votedValue: p.params.votedValue,
        answer: p.answer,
        active: true,
        callbackSecret: p.params.secret ? SECRET : null,
        allowedIps: p.params.secret ? [] : [SITE_IP],
      },
    });
});
afterAll(() => restore());

/** A well-formed callback in the preset's shape, as its site sends it. */
function wellFormed(p: VoteSitePreset, token: string, over: Record<string, string> = {}) {
  const query: Record<string, string> = { [p.params.token]: token };
  if (p.params.secret) query[p.params.secret] = SECRET;
  if (p.params.voterIp) query[p.params.voterIp] = "100.64.9.9";
  if (p.params.voted) query[p.params.voted] = p.params.votedValue!;
  return callback(k(p.key), { query: { ...query, ...over }, ip: p.params.secret ? undefined : SITE_IP });
}
const storedOf = (userId: number) => db.voteCallback.findMany({ where: { userId }, orderBy: { id: "asc" }, include: { site: { select: { key: true } } } });
const adminSession = async () => createSessionToken((await createUser({ privilege: "ADMINISTRATOR" })).id);
const as = (session: string, o: { body?: unknown; params?: Record<string, string>; method?: string } = {}) => ({
  ...o,
  cookies: { session },
  headers: SAME_ORIGIN,
});

describe("each preset's callback", () => {
  it.each(VOTE_SITE_PRESETS.map((p) => [p.key, p] as const))("%s: counted in its own shape and answered as the site wants", async (_key, p) => {
    const v = await voter();
    const r = await wellFormed(p, v.token);
    expect(r.status).toBe(200);
    if (p.answer === "ok") {
      expect(r.json).toEqual({ __text: "OK" });
      expect(r.headers.get("content-type")).toMatch(/^text\/plain/);
    } else expect(r.json).toEqual({ status: "accepted" });
    const [stored] = await storedOf(v.id);
    expect(stored).toMatchObject({ accepted: true, reason: null, site: { key: k(p.key) } });
    expect(stored!.query).toMatchObject({ [p.params.token]: v.token, ...(p.params.secret ? { [p.params.secret]: "[redacted]" } : {}) });
    const vote = await db.vote.findFirstOrThrow({ where: { userId: v.id }, include: { delivery: true } });
    expect(vote.delivery).toMatchObject({ kind: "VOTE_REWARD", payload: { points: 2, site: k(p.key) } });
    if (p.params.voterIp) expect(vote.ip).toBe("100.64.9.9");
  });

  it.each(VOTE_SITE_PRESETS.map((p) => [p.key, p] as const))("%s: a refused caller is stored with its reason and not counted", async (_key, p) => {
    const v = await voter();
    const r = p.params.secret
      ? await wellFormed(p, v.token, { [p.params.secret]: "wrong-secret-1" })
      : await callback(k(p.key), { query: { [p.params.token]: v.token }, ip: "203.0.113.45" });
    expect(r.status).toBe(403);
    const reason = p.params.secret ? CALLBACK_REASONS.badSecret : CALLBACK_REASONS.addressNotAllowed;
    expect((await storedOf(v.id)).map((c) => [c.accepted, c.reason, c.site?.key])).toEqual([[false, reason, k(p.key)]]);
    if (p.params.secret) expect((await storedOf(v.id))[0]!.query).toMatchObject({ [p.params.secret]: "[redacted]" });
    expect(await db.vote.count({ where: { userId: v.id } })).toBe(0);
  });
});

describe("verdicts", () => {
  const rspsList = VOTE_SITE_PRESETS.find((p) => p.key === "rsps_list")!;
  const topg = VOTE_SITE_PRESETS.find((p) => p.key === "topg")!;

  it("does not count a visit the site flags as not a vote; counts the same call flagged as one", async () => {
    const v = await voter();
    expect((await wellFormed(rspsList, v.token, { voted: "0" })).json).toEqual({ status: "ignored", details: "The site says this was not a vote." });
    expect((await wellFormed(rspsList, v.token)).json).toEqual({ status: "accepted" });
    expect((await storedOf(v.id)).map((c) => [c.accepted, c.reason])).toEqual([
      [false, CALLBACK_REASONS.notVoted],
      [true, null],
    ]);
    expect(await db.vote.count({ where: { userId: v.id } })).toBe(1);
  });

  it("counts a call without the voted flag (the flag is the site's, when it sends one)", async () => {
    const v = await voter();
    expect((await callback(k("rsps_list"), { query: { userid: v.token, secret: SECRET } })).json).toEqual({ status: "accepted" });
  });

  it("stores an unknown player's callback without an account", async () => {
    const token = `no-such-${RUN}`;
    const r = await wellFormed(topg, token);
    expect(r.json).toEqual({ status: "ignored", details: "No player has this token." });
    const stored = await db.voteCallback.findMany({ where: { query: { path: ["p_resp"], equals: token } } });
    expect(stored.map((c) => [c.accepted, c.reason, c.userId])).toEqual([[false, CALLBACK_REASONS.unknownToken, null]]);
  });

  it("stores a vote again within the cooldown as cooldown", async () => {
    const v = await voter();
    await wellFormed(topg, v.token);
    expect((await wellFormed(topg, v.token)).json).toMatchObject({ status: "duplicate" });
    expect((await storedOf(v.id)).map((c) => c.reason)).toEqual([null, CALLBACK_REASONS.cooldown]);
  });

  it("counts exactly one of ten callbacks arriving together; the nine others are stored as duplicates", async () => {
    const v = await voter();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        recordVoteCallback({ siteKey: k("topg"), query: new URLSearchParams({ p_resp: v.token, ip: "100.64.9.9" }), body: null, ip: SITE_IP }),
      ),
    );
    expect(results.filter((r) => r.status === "accepted")).toHaveLength(1);
    expect(await db.vote.count({ where: { userId: v.id } })).toBe(1);
    expect(await db.gameDelivery.count({ where: { userId: v.id } })).toBe(1);
    expect((await storedOf(v.id)).map((c) => c.reason).sort()).toEqual([...Array(9).fill(CALLBACK_REASONS.duplicate), null]);
  });

  it("answers 404 for an inactive site and stores nothing; its active twin answers", async () => {
    const v = await voter();
    await db.voteSite.update({ where: { key: k("xtremetop100") }, data: { active: false } });
    try {
      expect((await callback(k("xtremetop100"), { query: { custom: v.token }, ip: SITE_IP })).status).toBe(404);
      expect(await storedOf(v.id)).toEqual([]);
      expect((await listActiveVoteSites()).map((s) => s.key)).not.toContain(k("xtremetop100"));
    } finally {
      await db.voteSite.update({ where: { key: k("xtremetop100") }, data: { active: true } });
    }
    expect((await callback(k("xtremetop100"), { query: { custom: v.token }, ip: SITE_IP })).json).toEqual({ status: "accepted" });
    expect((await listActiveVoteSites()).map((s) => s.key)).toContain(k("xtremetop100"));
  });
});

describe("the active sites", () => {
  it("ships one row per preset, with its parameter names and answer; the configured three active, the others off", async () => {
    const rows = await db.voteSite.findMany({ where: { key: { in: VOTE_SITE_PRESETS.map((p) => p.key) } } });
    for (const p of VOTE_SITE_PRESETS)
      expect(
        rows.find((r) => r.key === p.key),
        p.key,
      ).toMatchObject({
        preset: p.key,
        tokenParam: p.params.token,
        secretParam: p.params.secret,
        voterIpParam: p.params.voterIp,
        votedParam: p.params.voted,
        votedValue: p.params.votedValue,
        answer: p.answer,
        active: ["runelocus", "rsps_list", "runelist"].includes(p.key),
        cooldownHours: 12,
      });
  });

  it("lists the active rows in display order, with their cooldown and reward", async () => {
    const sites = await listActiveVoteSites();
    expect(sites.slice(0, 3).map((s) => s.key)).toEqual(["runelocus", "rsps_list", "runelist"]);
    expect(sites[0]).toEqual({ id: expect.any(Number), key: "runelocus", name: "RuneLocus", cooldownHours: 12, rewardPoints: 2 });
  });
});

describe("/api/v1/staff/votes/sites", () => {
  it("adds a site that counts votes with its own reward and no code, audited without its secret", async () => {
    const session = await adminSession();
    const made = await call(
      staffSites.POST,
      as(session, {
        method: "POST",
        body: {
          key: k("newlist"),
          name: "New List",
          url_template: "https://newlist.example/vote/42?pb={token}&u={username}",
          token_param: "pb",
          secret_param: "key",
          voted_param: "ok",
          voted_value: "yes",
          secret: "a-brand-new-secret",
          cooldown_hours: 6,
          reward_points: 7,
          active: true,
          answer: "ok",
        },
      }),
    );
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      key: k("newlist"),
      has_secret: true,
      checks: { secret: "row", addresses: null },
      callback_path: `/api/v1/vote/callback/${k("newlist")}`,
    });
    expect(JSON.stringify(made.json)).not.toContain("a-brand-new-secret");
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "vote.site.created", targetId: String(made.json.id) } });
    expect(audit).toMatchObject({ targetType: "vote_site", data: { after: { key: k("newlist"), reward_points: 7, has_secret: true } } });
    expect(JSON.stringify(audit.data)).not.toContain("a-brand-new-secret");

    const v = await voter();
    expect((await callback(k("newlist"), { query: { pb: v.token, key: "wrong-one-x" } })).status).toBe(403);
    expect((await callback(k("newlist"), { query: { pb: v.token, key: "a-brand-new-secret", ok: "no" } })).json).toEqual({ __text: "OK" });
    expect((await callback(k("newlist"), { form: { pb: v.token, key: "a-brand-new-secret", ok: "yes" } })).json).toEqual({ __text: "OK" });
    expect((await storedOf(v.id)).map((c) => [c.accepted, c.reason])).toEqual([
      [false, CALLBACK_REASONS.badSecret],
      [false, CALLBACK_REASONS.notVoted],
      [true, null],
    ]);
    const vote = await db.vote.findFirstOrThrow({ where: { userId: v.id }, include: { delivery: true, site: true } });
    expect(vote.delivery).toMatchObject({ kind: "VOTE_REWARD", status: "PENDING", payload: { points: 7, site: k("newlist") } });
    expect((await listActiveVoteSites()).find((s) => s.key === k("newlist"))).toMatchObject({ name: "New List", cooldownHours: 6, rewardPoints: 7 });
  });

  it("adds a site from a preset, filling what is not sent; refuses a taken key", async () => {
    const session = await adminSession();
    const made = await call(
      staffSites.POST,
      as(session, { method: "POST", body: { key: k("topg_two"), preset: "topg", allowed_ips: [SITE_IP], active: true } }),
    );
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ preset: "topg", token_param: "p_resp", voter_ip_param: "ip", secret_param: null, name: "TopG", answer: "json" });
    const v = await voter();
    expect((await callback(k("topg_two"), { query: { p_resp: v.token }, ip: SITE_IP })).json).toEqual({ status: "accepted" });
    const again = await call(staffSites.POST, as(session, { method: "POST", body: { key: k("topg_two"), preset: "topg" } }));
    expect(again.status).toBe(409);
  });

  it("turns a site off (audited as such): its callbacks answer 404 and it leaves the active list; edits are audited with before and after", async () => {
    const session = await adminSession();
    const made = await call(
      staffSites.POST,
      as(session, { method: "POST", body: { key: k("offlist"), preset: "rsps_org", secret: "offlist-secret", active: true } }),
    );
    const id = String(made.json.id);
    const edit = await call(staffSite.PATCH, as(session, { method: "PATCH", params: { id }, body: { reward_points: 5 } }));
    expect(edit.json).toMatchObject({ reward_points: 5, active: true });
    expect(await db.auditLog.findFirstOrThrow({ where: { action: "vote.site.updated", targetId: id } })).toMatchObject({
      data: { before: { reward_points: 2 }, after: { reward_points: 5 } },
    });
    const off = await call(staffSite.PATCH, as(session, { method: "PATCH", params: { id }, body: { active: false } }));
    expect(off.json).toMatchObject({ active: false });
    expect(await db.auditLog.count({ where: { action: "vote.site.deactivated", targetId: id } })).toBe(1);
    const v = await voter();
    expect((await callback(k("offlist"), { query: { callback: v.token, secret: "offlist-secret" } })).status).toBe(404);
    expect((await listActiveVoteSites()).map((s) => s.key)).not.toContain(k("offlist"));
    const list = await call(staffSites.GET, as(session));
    expect((list.json.results as { key: string; active: boolean }[]).find((s) => s.key === k("offlist"))).toMatchObject({ active: false });
    expect(JSON.stringify(list.json)).not.toContain("offlist-secret");
  });

  it("is for administrators: a moderator and a player are refused and change nothing; an administrator may", async () => {
    const body = { key: k("ranklist"), preset: "top100arena" };
    for (const privilege of ["MODERATOR", "PLAYER"] as const) {
      const session = await createSessionToken((await createUser({ privilege })).id);
      expect((await call(staffSites.GET, as(session))).status).toBe(403);
      expect((await call(staffSites.POST, as(session, { method: "POST", body }))).status).toBe(403);
      const rsps = await db.voteSite.findUniqueOrThrow({ where: { key: "rsps_list" } });
      expect((await call(staffSite.PATCH, as(session, { method: "PATCH", params: { id: String(rsps.id) }, body: { reward_points: 9 } }))).status).toBe(403);
      expect((await db.voteSite.findUniqueOrThrow({ where: { key: "rsps_list" } })).rewardPoints).toBe(rsps.rewardPoints);
    }
    expect(await db.voteSite.count({ where: { key: k("ranklist") } })).toBe(0);
    const admin = await adminSession();
    expect((await call(staffSites.GET, as(admin))).status).toBe(200);
    expect((await call(staffSites.POST, as(admin, { method: "POST", body }))).status).toBe(201);
  });

  it("refuses a link without {token}, a lone voted flag and a bad address, naming the fields", async () => {
    const session = await adminSession();
    const r = await call(
      staffSites.POST,
      as(session, {
        method: "POST",
        body: { key: k("badlist"), name: "Bad", url_template: "https://x.example/vote", token_param: "t", voted_param: "v", allowed_ips: ["nope"] },
      }),
    );
    expect(r.status).toBe(400);
    expect(r.json.url_template).toEqual(["The vote link is an http(s) address of at most 500 characters with {token} in it."]);
    expect(r.json.allowed_ips).toBeDefined();
    const lone = await call(
      staffSites.POST,
      as(session, {
        method: "POST",
        body: { key: k("badlist"), name: "Bad", url_template: "https://x.example/vote?t={token}", token_param: "t", voted_param: "v" },
      }),
    );
    expect(lone.status).toBe(400);
    expect(lone.json.voted_value).toEqual(["Give the voted flag and its value together, or neither."]);
    expect(await db.voteSite.count({ where: { key: k("badlist") } })).toBe(0);
  });
});

describe("what a player sees of the sites an administrator adds and turns off", () => {
  const HOUR = 3_600_000;
  const player = async (path: string, route: typeof countdownRoute, session: string) =>
    (await call(route, { path, cookies: { session }, headers: freshClient() })).json;
  const countdown = (session: string) => player("/api/v1/vote/countdown", countdownRoute, session) as Promise<Record<string, string | null>>;
  const links = async (session: string) => (await player("/api/v1/vote/links", linksRoute, session)).sites as Array<{ key: string; name: string; go: string }>;
  const standing = async (session: string) => (await player("/api/v1/vote/standing", standingRoute, session)).sites as Array<{ key: string; points: number }>;

  it("an active added site has its button, its own reward and its own cooldown; once turned off it is in none of them", async () => {
    const admin = await adminSession();
    const key = k("daylist");
    const made = await call(
      staffSites.POST,
      as(admin, {
        method: "POST",
        body: {
          key,
          name: "Day List",
          url_template: "https://daylist.example/vote?i={token}",
          token_param: "i",
          allowed_ips: [SITE_IP],
          cooldown_hours: 30,
          reward_points: 9,
          active: true,
        },
      }),
    );
    expect(made.status).toBe(201);
    const v = await voter();
    const session = await createSessionToken(v.id);

    // Before a vote: its button (through /vote/go), its reward, and "may vote now".
    expect((await links(session)).find((s) => s.key === key)).toEqual({
      key,
      name: "Day List",
      href: expect.stringContaining("https://daylist.example/vote?i="),
      go: `/vote/go/${key}`,
    });
    expect((await standing(session)).find((s) => s.key === key)).toEqual({ key, points: 9 });
    const before = await countdown(session);
    expect(before).toHaveProperty(key, null);
    // The API's three fields stay, each a time or null.
    expect(before).toMatchObject({ runelocus: null, rsps_list: null, runelist: null });

    // A counted vote: the next one counts 30 hours later (the row's cooldown, not the configuration's 12).
    expect((await callback(key, { query: { i: v.token }, ip: SITE_IP })).json).toEqual({ status: "accepted" });
    const vote = await db.vote.findFirstOrThrow({ where: { userId: v.id, site: { key } } });
    expect((await countdown(session))[key]).toBe(new Date(vote.createdAt.getTime() + 30 * HOUR).toISOString());
    // Still cooling 20 hours on (a 12-hour site would be free again)...
    await db.vote.update({ where: { id: vote.id }, data: { createdAt: new Date(Date.now() - 20 * HOUR) } });
    expect(Date.parse((await countdown(session))[key]!)).toBeGreaterThan(Date.now());
    // ...and free once 30 hours have passed.
    await db.vote.update({ where: { id: vote.id }, data: { createdAt: new Date(Date.now() - 30 * HOUR - 1000) } });
    expect((await countdown(session))[key]).toBeNull();
    await db.vote.update({ where: { id: vote.id }, data: { createdAt: new Date() } });

    // Turned off: no button, no reward, no countdown, though the player's vote there is recent.
    const off = await call(staffSite.PATCH, as(admin, { method: "PATCH", params: { id: String(made.json.id) }, body: { active: false } }));
    expect(off.json).toMatchObject({ active: false });
    expect((await links(session)).map((s) => s.key)).not.toContain(key);
    expect((await standing(session)).map((s) => s.key)).not.toContain(key);
    expect(await countdown(session)).not.toHaveProperty(key);
  });

  it("a configured site turned off keeps its API field, as null, though the player voted there a minute ago; it has no button", async () => {
    const admin = await adminSession();
    const v = await voter();
    const session = await createSessionToken(v.id);
    const rsps = await db.voteSite.findUniqueOrThrow({ where: { key: "rsps_list" } });
    await db.vote.create({ data: { userId: v.id, siteId: rsps.id, createdAt: new Date(Date.now() - 60_000) } });
    expect((await countdown(session)).rsps_list).toEqual(expect.any(String));
    await call(staffSite.PATCH, as(admin, { method: "PATCH", params: { id: String(rsps.id) }, body: { active: false } }));
    try {
      expect(await countdown(session)).toMatchObject({ rsps_list: null });
      expect((await links(session)).map((s) => s.key)).not.toContain("rsps_list");
    } finally {
      await db.voteSite.update({ where: { id: rsps.id }, data: { active: true } });
    }
  });
});
