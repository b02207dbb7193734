// The staff vote-callbacks list (its filters, its rank), the fraud signals it flags (each with its
// count from planted rows, and a twin that is not flagged), and the vote-link opens behind the
// no-open signal: GET /vote/go/{site} records the open and redirects only to that site's own
// link. The rows are this file's own (its database is its own copy), planted relative to now.
import { beforeAll, describe, expect, it } from "vitest";
import type { NextRequest } from "next/server";
import { GET as goGet } from "@/app/(site)/vote/go/[site]/route";
import { GET as listRoute } from "@/app/api/v1/staff/votes/callbacks/route";
import { GET as linksRoute } from "@/app/api/v1/vote/links/route";
import { db } from "@/lib/server/db";
import { sweepExpiredRows } from "@/lib/server/sessions/sweep-expired-rows";
import { type ActiveVoteSite, listActiveVoteSites } from "@/lib/server/votes/active-sites";
import { siteConfig } from "@/lib/site-config";
import type { TStaffVoteCallback, TStaffVoteCallbacksPage } from "@/lib/schemas/staff-votes";
import { createSessionToken, createUser } from "../factories/users";
import { call, freshClient } from "./helpers";
import { runelocus as runelocusCallback, voter, withVoteSiteSettings } from "./vote-fixtures";

withVoteSiteSettings();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BUCKET = siteConfig.voteFraud.burstBucketMinutes * 60_000;
let sites: Record<string, ActiveVoteSite>;
let moderator: string;
let player: string;
const now = Date.now();
const ago = (ms: number) => new Date(now - ms);

type Plant = { site: string; at: Date; userId?: number; ip?: string | null; open?: Date | null; from?: string; query?: Record<string, string> };

/** A counted callback with its vote; by default the player opened that site's link a minute before. */
async function counted(p: Plant): Promise<number> {
  const user = p.userId ?? (await createUser()).id;
  const siteId = sites[p.site]!.id;
  const cb = await db.voteCallback.create({
    data: { siteId, receivedAt: p.at, ip: p.from ?? "192.0.2.50", query: p.query ?? { callback: "tok" }, accepted: true, userId: user },
  });
  await db.vote.create({ data: { userId: user, siteId, createdAt: p.at, ip: p.ip ?? null, callbackId: cb.id } });
  const open = p.open === undefined ? new Date(p.at.getTime() - 60_000) : p.open;
  if (open) await db.voteLinkOpen.create({ data: { userId: user, siteId, openedAt: open } });
  return cb.id;
}

async function refused(p: Plant & { reason: string }): Promise<number> {
  const cb = await db.voteCallback.create({
    data: {
      siteId: sites[p.site]!.id,
      receivedAt: p.at,
      ip: p.from ?? "192.0.2.50",
      query: p.query ?? { callback: "tok", secret: "[redacted]" },
      accepted: false,
      reason: p.reason,
      userId: p.userId ?? null,
    },
  });
  return cb.id;
}

const list = async (query = "", session = moderator) =>
  call(listRoute, { path: `/api/v1/staff/votes/callbacks${query ? `?${query}` : ""}`, cookies: { session }, headers: freshClient() });
const page = async (query = "") => {
  const r = await list(query);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json as unknown as TStaffVoteCallbacksPage;
};
const ids = (p: TStaffVoteCallbacksPage) => p.results.map((r) => r.id);
/** Every row (all pages) by id, with its flags. */
async function allRows(query = ""): Promise<Map<number, TStaffVoteCallback>> {
  const out = new Map<number, TStaffVoteCallback>();
  for (let n = 1; ; n++) {
    const p = await page(`${query}${query ? "&" : ""}page=${n}`);
    for (const r of p.results) out.set(r.id, r);
    if (!p.next) return out;
  }
}

const planted: Record<string, number[]> = {};
/** The page route's handler as the test helper calls handlers (its params always given). */
const goRoute = (req: NextRequest, ctx: { params?: Promise<Record<string, string | string[]>> }) =>
  goGet(req, { params: ctx.params as Promise<{ site: string }> });

beforeAll(async () => {
  sites = Object.fromEntries((await listActiveVoteSites()).map((s) => [s.key, s]));
  const [m, p] = await Promise.all([createUser({ privilege: "MODERATOR" }), createUser()]);
  [moderator, player] = await Promise.all([createSessionToken(m.id), createSessionToken(p.id)]);

  // (a) Three accounts counted from one voter address (flagged: 3 ≥ 3); two from another (not).
  planted.shared = [];
  for (let i = 0; i < 3; i++) planted.shared.push(await counted({ site: "runelocus", at: ago((2 + i) * HOUR), ip: "100.64.9.1" }));
  planted.pair = [];
  for (let i = 0; i < 2; i++) planted.pair.push(await counted({ site: "runelocus", at: ago((6 + i) * HOUR), ip: "100.64.9.2" }));
  // Three accounts on one more address, but the third's vote is older than the window (not flagged).
  for (let i = 0; i < 2; i++) planted.pair.push(await counted({ site: "runelocus", at: ago((9 + i) * HOUR), ip: "100.64.9.3" }));
  planted.pair.push(await counted({ site: "runelocus", at: ago(9 * DAY), ip: "100.64.9.3" }));

  // (b) No link open within the cooldown (12 hours) before: none at all; one 13 hours before; one
  // on another site only; one only after it. Twins: an open 11 hours before; and a vote outside the window.
  planted.noOpen = [
    await counted({ site: "runelocus", at: ago(20 * HOUR), open: null }),
    await counted({ site: "runelocus", at: ago(21 * HOUR), open: ago(34 * HOUR) }),
  ];
  const other = await createUser();
  await db.voteLinkOpen.create({ data: { userId: other.id, siteId: sites.runelist!.id, openedAt: ago(23 * HOUR) } });
  planted.noOpen.push(await counted({ site: "runelocus", at: ago(22 * HOUR), userId: other.id, open: null }));
  // An open only after the callback does not explain it.
  planted.noOpen.push(await counted({ site: "runelocus", at: ago(19 * HOUR), open: ago(18 * HOUR) }));
  planted.openedEarlier = [await counted({ site: "runelocus", at: ago(24 * HOUR), open: ago(35 * HOUR) })];
  planted.outside = [await counted({ site: "runelocus", at: ago(8 * DAY), open: null })];

  // (c) Bursts. RSPS-List's usual bucket holds 1, so 6 in one is a burst; Runelist's holds 2,
  // so the same 6 (= 3 × 2, not above it) is not; nor is a bucket under the floor.
  const aligned = (t: number) => new Date(Math.floor(t / BUCKET) * BUCKET);
  for (let d = 1; d <= 10; d++) await counted({ site: "rsps_list", at: ago(d * DAY + 5 * HOUR) });
  for (let d = 1; d <= 10; d++)
    for (let k = 0; k < 2; k++) await counted({ site: "runelist", at: new Date(aligned(now - d * DAY - 6 * HOUR).getTime() + 1000 + k * 1000) });
  const burstAt = aligned(now - 30 * HOUR).getTime();
  const calmAt = aligned(now - 31 * HOUR).getTime();
  planted.burst = [];
  planted.calm = [];
  for (let k = 0; k < 6; k++) planted.burst.push(await counted({ site: "rsps_list", at: new Date(burstAt + 1000 + k * 1000) }));
  for (let k = 0; k < 6; k++) planted.calm.push(await counted({ site: "runelist", at: new Date(calmAt + 1000 + k * 1000) }));
  // RuneLocus usually holds 1 too: 4 is above 3 × 1 but not above the floor of 5, so no burst.
  const quietAt = aligned(now - 40 * HOUR).getTime();
  for (let k = 0; k < 4; k++) planted.calm.push(await counted({ site: "runelocus", at: new Date(quietAt + 1000 + k * 1000) }));

  // For the filters: refused callbacks, one on fixed days, one from an address.
  const alice = await createUser({ username: `VfAlice${Math.random().toString(36).slice(2, 6)}` });
  planted.alice = [await refused({ site: "runelist", at: new Date("2026-03-02T10:00:00Z"), reason: "cooldown", userId: alice.id })];
  planted.badSecret = [await refused({ site: "runelocus", at: new Date("2026-03-04T23:59:00Z"), reason: "bad secret", from: "198.51.100.77" })];
  planted.aliceCounted = [await counted({ site: "rsps_list", at: new Date("2026-03-06T00:00:00Z"), userId: alice.id, ip: "100.64.7.7" })];
  planted.names = [alice.id];
});

describe("GET /api/v1/staff/votes/callbacks: the fraud signals", () => {
  it("flags many accounts on one voter address, with its count; two accounts on another are not flagged", async () => {
    const p = await page();
    expect(p.signals.sharedAddresses).toMatchObject({ minAccounts: 3, addresses: 1, votes: 3, top: [{ address: "100.64.9.1", accounts: 3, votes: 3 }] });
    const rows = await allRows();
    for (const id of planted.shared!) expect(rows.get(id)!.flags.sharedAddress).toBe(3);
    for (const id of planted.pair!) expect(rows.get(id)!.flags.sharedAddress).toBeNull();
  });

  it("flags counted votes with no vote-link open within the cooldown before them, with the count; an open 11 hours before, or a vote outside the window, is not", async () => {
    const p = await page();
    expect(p.signals.noLinkOpen.votes).toBe(4);
    const rows = await allRows();
    for (const id of planted.noOpen!) expect(rows.get(id)!.flags.noLinkOpen, `callback ${id}`).toBe(true);
    for (const id of [...planted.openedEarlier!, ...planted.outside!, ...planted.shared!]) expect(rows.get(id)!.flags.noLinkOpen).toBe(false);
  });

  it("flags a burst beyond a site's usual rate, with its count; the same number at a site that usually has more is not flagged", async () => {
    const p = await page();
    expect(p.signals.bursts).toMatchObject({ buckets: 1, votes: 6, top: [{ site: "rsps_list", count: 6, usual: 1 }] });
    const rows = await allRows();
    for (const id of planted.burst!) expect(rows.get(id)!.flags.burst).toEqual({ count: 6, usual: 1 });
    for (const id of planted.calm!) expect(rows.get(id)!.flags.burst).toBeNull();
  });

  it("reads over the chosen window: one day holds none of the older signals", async () => {
    const p = await page("days=1");
    expect(p.signals).toMatchObject({ days: 1, sharedAddresses: { addresses: 1 }, noLinkOpen: { votes: 4 }, bursts: { buckets: 0 } });
    const narrow = await page("days=1&site=rsps_list&verdict=counted");
    expect(narrow.results.every((r) => r.flags.burst === null)).toBe(true);
  });

  it("flags but never refuses: every flagged callback is still a counted vote", async () => {
    const flagged = [...planted.shared!, ...planted.noOpen!, ...planted.burst!];
    expect(await db.vote.count({ where: { callbackId: { in: flagged } } })).toBe(flagged.length);
  });
});

describe("GET /api/v1/staff/votes/callbacks: filters and paging", () => {
  it("lists newest first, 50 a page, with the total", async () => {
    const p = await page();
    const times = p.results.map((r) => r.receivedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(p.results).toHaveLength(50);
    expect(p.count).toBe(await db.voteCallback.count());
    expect(p.next).toContain("page=2");
  });

  it("filters by site, verdict and reason", async () => {
    const runelist = await allRows("site=runelist");
    expect([...runelist.values()].every((r) => r.site?.key === "runelist")).toBe(true);
    expect(runelist.has(planted.alice![0]!)).toBe(true);
    expect(ids(await page("verdict=cooldown"))).toEqual(planted.alice);
    expect(ids(await page(`verdict=${encodeURIComponent("bad secret")}`))).toEqual(planted.badSecret);
    expect(ids(await page(`verdict=${encodeURIComponent("not counted")}`)).sort()).toEqual([...planted.alice!, ...planted.badSecret!].sort());
    const countedRows = await allRows("verdict=counted");
    expect([...countedRows.values()].every((r) => r.accepted)).toBe(true);
    expect(countedRows.has(planted.alice![0]!)).toBe(false);
  });

  it("filters by player (a username's start, any case), address (sender's or voter's) and days", async () => {
    const alice = await db.user.findUniqueOrThrow({ where: { id: planted.names![0]! } });
    const byName = await page(`player=${alice.username.slice(0, 7).toLowerCase()}`);
    expect(ids(byName).sort()).toEqual([...planted.alice!, ...planted.aliceCounted!].sort());
    expect(byName.results.find((r) => r.id === planted.aliceCounted![0])).toMatchObject({ player: { username: alice.username }, voterAddress: "100.64.7.7" });
    expect(ids(await page("address=198.51.100.77"))).toEqual(planted.badSecret);
    expect(ids(await page("address=100.64.7.7"))).toEqual(planted.aliceCounted);
    expect(ids(await page("from=2026-03-02&to=2026-03-04"))).toEqual([...planted.badSecret!, ...planted.alice!]);
    expect(ids(await page("from=2026-03-05&to=2026-03-06"))).toEqual(planted.aliceCounted);
  });

  it("shows the query as stored, the secret masked", async () => {
    const p = await page(`verdict=${encodeURIComponent("bad secret")}`);
    expect(p.results[0]).toMatchObject({ query: { secret: "[redacted]" }, accepted: false, reason: "bad secret" });
  });

  it("answers 400 for an unknown site, verdict or address, and for days out of range", async () => {
    for (const q of ["site=evil", "verdict=maybe", "address=not-an-ip", "days=0", "days=91", "from=2026-03-05&to=2026-03-01"]) {
      const r = await list(q);
      expect(r.status, q).toBe(400);
    }
  });
});

describe("GET /api/v1/staff/votes/callbacks: rank", () => {
  it("refuses a player (403) and a guest (401); a moderator is answered", async () => {
    expect((await list("", player)).status).toBe(403);
    expect((await call(listRoute, { path: "/api/v1/staff/votes/callbacks", headers: freshClient() })).status).toBe(401);
    expect((await list("", moderator)).status).toBe(200);
  });
});

describe("GET /vote/go/{site}", () => {
  const go = (site: string, session?: string) =>
    call(goRoute, { path: `/vote/go/${encodeURIComponent(site)}`, params: { site }, cookies: session ? { session } : undefined, headers: freshClient() });

  it("records the open and redirects (303) to the site's own vote link, the one the links API names", async () => {
    const v = await voter();
    const session = await createSessionToken(v.id);
    const links = await call(linksRoute, { path: "/api/v1/vote/links", cookies: { session }, headers: freshClient() });
    const site = (links.json.sites as { key: string; href: string; go: string }[]).find((s) => s.key === "runelocus")!;
    expect(site.go).toBe("/vote/go/runelocus");
    expect(site.href).toBe(`https://www.runelocus.com/top-rsps-list/vote-emberscape/?id2=${v.token}&name=${encodeURIComponent(v.username)}`);
    const r = await go("runelocus", session);
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(site.href);
    expect(r.headers.get("cache-control")).toBe("no-store");
    const opens = await db.voteLinkOpen.findMany({ where: { userId: v.id } });
    expect(opens).toMatchObject([{ siteId: sites.runelocus!.id }]);
    expect(opens[0]!.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    // A second click a moment later is the same open.
    expect((await go("runelocus", session)).status).toBe(303);
    expect(await db.voteLinkOpen.count({ where: { userId: v.id } })).toBe(1);
  });

  it("another site making the browser open it still redirects, but records nothing; the same from this site records", async () => {
    const v = await voter();
    const session = await createSessionToken(v.id);
    const open = (fetchSite: string) =>
      call(goRoute, {
        path: "/vote/go/runelist",
        params: { site: "runelist" },
        cookies: { session },
        headers: { ...freshClient(), "sec-fetch-site": fetchSite },
      });
    const cross = await open("cross-site");
    expect(cross.status).toBe(303);
    expect(cross.headers.get("location")).toMatch(/^https:\/\/runelist\.io\//);
    expect(await db.voteLinkOpen.count({ where: { userId: v.id } })).toBe(0);
    expect((await open("same-origin")).status).toBe(303);
    expect(await db.voteLinkOpen.count({ where: { userId: v.id } })).toBe(1);
  });

  it("answers 404 for a key that names no site, a URL among them, and records nothing", async () => {
    const v = await voter();
    const session = await createSessionToken(v.id);
    for (const key of ["evil", "https://evil.example", "//evil.example", "runelocus/../evil", "x".repeat(40)]) {
      const r = await go(key, session);
      expect(r.status, key).toBe(404);
      expect(r.headers.get("location")).toBeNull();
    }
    expect(await db.voteLinkOpen.count({ where: { userId: v.id } })).toBe(0);
  });

  it("sends a guest to log in first, back here afterwards, and records nothing", async () => {
    const before = await db.voteLinkOpen.count();
    const r = await go("runelocus");
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(`/login?next=${encodeURIComponent("/vote/go/runelocus")}`);
    expect(await db.voteLinkOpen.count()).toBe(before);
  });

  it("an open before a real callback keeps it unflagged; a callback with no open is flagged", async () => {
    const [a, b] = await Promise.all([voter(), voter()]);
    expect((await go("runelocus", await createSessionToken(a.id))).status).toBe(303);
    await runelocusCallback(a.token);
    await runelocusCallback(b.token);
    const rows = [...(await allRows("site=runelocus&verdict=counted")).values()];
    expect(rows.find((r) => r.player?.id === a.id)!.flags.noLinkOpen).toBe(false);
    expect(rows.find((r) => r.player?.id === b.id)!.flags.noLinkOpen).toBe(true);
  });

  it("opens past their retention are swept; recent ones stay", async () => {
    const u = await createUser();
    const days = siteConfig.voteFraud.linkOpenRetentionDays;
    const [old, recent] = await Promise.all([
      db.voteLinkOpen.create({ data: { userId: u.id, siteId: sites.runelist!.id, openedAt: ago((days + 1) * DAY) } }),
      db.voteLinkOpen.create({ data: { userId: u.id, siteId: sites.runelist!.id, openedAt: ago((days - 1) * DAY) } }),
    ]);
    await sweepExpiredRows();
    expect((await db.voteLinkOpen.findMany({ where: { userId: u.id } })).map((o) => o.id)).toEqual([recent.id]);
    expect(old.id).not.toBe(recent.id);
  });
});
