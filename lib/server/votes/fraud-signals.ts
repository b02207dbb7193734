import "server-only";
import { SIGNALS_TOP, type TVoteFraudSignals } from "@/lib/schemas/staff-votes";
import { siteConfig } from "@/lib/site-config";
import { db } from "../db";
import type { ActiveVoteSite } from "./active-sites";
import { type AddressRow, type BurstRow, burstBuckets, type FraudWindow, noOpenIds, sharedAddresses } from "./sql/fraud";

// The vote fraud signals (docs/staff.md, "Vote callbacks"), computed on read from the stored
// callbacks, votes and vote-link opens over a window of days. They flag counted votes for a
// moderator to look at; nothing is refused or undone because of them.
//
// (a) Shared address: one voter address (votes.ip, the voter's address as the listing site
//     reported it) counted for `sharedAddressMinAccounts` accounts or more. The callback's own
//     address is not used: it is the listing site's server, the same for all of its voters.
// (b) No link open: a counted callback whose player had not opened that site's vote link
//     (/vote/go/{site}, vote_link_opens) within the site's cooldown before it.
// (c) Burst: a site's counted callbacks in one `burstBucketMinutes` bucket above
//     max(`burstMultiple` × the site's median non-empty bucket over `burstBaselineDays`, `burstMinCallbacks`).

export type { FraudWindow } from "./sql/fraud";

export function fraudWindow(days: number = siteConfig.voteFraud.windowDays, now = new Date()): FraudWindow {
  return { from: new Date(now.getTime() - days * 86_400_000), to: now, days };
}

/** Per counted callback in the window: the signals it is part of. */
export type CallbackFlags = { sharedAddress: number | null; noLinkOpen: boolean; burst: { count: number; usual: number } | null };

const cfg = () => siteConfig.voteFraud;

/** What the signals found in the window: computed once per request, read by the summary and the rows' flags. */
export type FraudFindings = {
  window: FraudWindow;
  sites: readonly ActiveVoteSite[];
  addresses: AddressRow[];
  noOpen: Set<number>;
  bursts: BurstRow[];
  counted: number;
};

export async function findFraud(w: FraudWindow, sites: readonly ActiveVoteSite[]): Promise<FraudFindings> {
  const c = cfg();
  const baselineFrom = new Date(w.to.getTime() - Math.max(c.burstBaselineDays, w.days) * 86_400_000);
  const [addresses, noOpen, burstRows, counted] = await Promise.all([
    sharedAddresses(w, c.sharedAddressMinAccounts),
    noOpenIds(w, sites),
    burstBuckets(w, { baselineFrom, bucketMinutes: c.burstBucketMinutes, multiple: c.burstMultiple, minCallbacks: c.burstMinCallbacks }),
    db.voteCallback.count({ where: { accepted: true, receivedAt: { gt: w.from, lte: w.to } } }),
  ]);
  return { window: w, sites, addresses, noOpen: new Set(noOpen.map((r) => r.id)), bursts: burstRows, counted };
}

/** The window's summary for the top of the staff page. */
export function fraudSummary(f: FraudFindings): TVoteFraudSignals {
  const c = cfg();
  const keyOf = new Map(f.sites.map((s) => [s.id, s.key]));
  return {
    from: f.window.from.toISOString(),
    to: f.window.to.toISOString(),
    days: f.window.days,
    counted: f.counted,
    sharedAddresses: {
      minAccounts: c.sharedAddressMinAccounts,
      addresses: f.addresses.length,
      votes: f.addresses.reduce((n, a) => n + a.votes, 0),
      top: f.addresses.slice(0, SIGNALS_TOP),
    },
    noLinkOpen: { votes: f.noOpen.size },
    bursts: {
      bucketMinutes: c.burstBucketMinutes,
      multiple: c.burstMultiple,
      minCallbacks: c.burstMinCallbacks,
      buckets: f.bursts.length,
      votes: f.bursts.reduce((n, b) => n + b.count, 0),
      top: f.bursts
        .slice(0, SIGNALS_TOP)
        .map((b) => ({ site: keyOf.get(b.siteId) ?? String(b.siteId), start: b.start.toISOString(), count: b.count, usual: b.usual })),
    },
  };
}

/** The flags of some callbacks (a page of them): only counted ones inside the window are flagged. */
export function flagsOf(
  f: FraudFindings,
  row: { id: number; siteId: number | null; receivedAt: Date; accepted: boolean; voteIp: string | null },
): CallbackFlags {
  const w = f.window;
  if (!row.accepted || row.receivedAt <= w.from || row.receivedAt > w.to) return { sharedAddress: null, noLinkOpen: false, burst: null };
  const accounts = row.voteIp ? f.addresses.find((a) => a.address === row.voteIp)?.accounts : undefined;
  const bucketMs = cfg().burstBucketMinutes * 60_000;
  const origin = Date.UTC(2000, 0, 1);
  const start = origin + Math.floor((row.receivedAt.getTime() - origin) / bucketMs) * bucketMs;
  const b = f.bursts.find((x) => x.siteId === row.siteId && x.start.getTime() === start);
  return { sharedAddress: accounts ?? null, noLinkOpen: f.noOpen.has(row.id), burst: b ? { count: b.count, usual: b.usual } : null };
}
