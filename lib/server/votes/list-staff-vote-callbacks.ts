import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import {
  STAFF_VOTE_CALLBACKS_PAGE_SIZE,
  type TStaffVoteCallback,
  type TStaffVoteCallbacksQuery,
  type TVoteFraudSignals,
  VERDICT_COUNTED,
  VERDICT_NOT_COUNTED,
} from "@/lib/schemas/staff-votes";
import { db } from "../db";
import { AppError } from "../errors";
import { pageWindow } from "../paging";
import { normalizeAddress } from "../security/client-address";
import { type ActiveVoteSite, listActiveVoteSites } from "./active-sites";
import { findFraud, flagsOf, fraudSummary, fraudWindow } from "./fraud-signals";
import { CALLBACK_REASONS } from "./record-vote-callback";

// The staff vote-callbacks list (docs/staff.md, "Vote callbacks"): every stored callback, newest
// first, filtered, each with the fraud signals it is part of, and the window's signals on top.
// Moderators and up (the route and the page check it).

/** The verdict filter's values: counted, not counted, and each reason a callback did not count. */
export function verdictChoices(): string[] {
  return [VERDICT_COUNTED, VERDICT_NOT_COUNTED, ...Object.values(CALLBACK_REASONS)];
}

type Filters = Omit<TStaffVoteCallbacksQuery, "page" | "days">;

/** The filters as a where clause; an unknown site or verdict is a field error (as an enum would be). */
function callbacksWhere(q: Filters, sites: readonly ActiveVoteSite[]): Prisma.VoteCallbackWhereInput {
  const and: Prisma.VoteCallbackWhereInput[] = [];
  const fields: Record<string, string[]> = {};
  if (q.site) {
    const site = sites.find((s) => s.key === q.site);
    if (site) and.push({ siteId: site.id });
    else fields.site = [`Site must be one of ${sites.map((s) => s.key).join(", ")}.`];
  }
  if (q.verdict) {
    if (q.verdict === VERDICT_COUNTED) and.push({ accepted: true });
    else if (q.verdict === VERDICT_NOT_COUNTED) and.push({ accepted: false });
    else if ((Object.values(CALLBACK_REASONS) as string[]).includes(q.verdict)) and.push({ accepted: false, reason: q.verdict });
    else fields.verdict = [`Verdict must be one of ${verdictChoices().join(", ")}.`];
  }
  if (q.address) {
    const address = normalizeAddress(q.address);
    if (address) and.push({ OR: [{ ip: address }, { vote: { ip: address } }] });
    else fields.address = ["Must be an IP address."];
  }
  if (Object.keys(fields).length) throw new AppError("VALIDATION", { fields });
  if (q.player) and.push({ user: { username: { startsWith: q.player, mode: "insensitive" } } });
  if (q.from) and.push({ receivedAt: { gte: new Date(`${q.from}T00:00:00Z`) } });
  if (q.to) and.push({ receivedAt: { lt: new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000) } });
  return { AND: and };
}

export type StaffVoteCallbacks = { results: TStaffVoteCallback[]; total: number; signals: TVoteFraudSignals };

export async function listStaffVoteCallbacks(q: TStaffVoteCallbacksQuery, now = new Date()): Promise<StaffVoteCallbacks> {
  const sites = await listActiveVoteSites();
  const where = callbacksWhere(q, sites);
  const window = fraudWindow(q.days, now);
  const [rows, total, findings] = await Promise.all([
    db.voteCallback.findMany({
      where,
      include: {
        site: { select: { key: true, name: true, voterIpParam: true } },
        user: { select: { id: true, username: true } },
        vote: { select: { ip: true } },
      },
      orderBy: [{ receivedAt: "desc" }, { id: "desc" }],
      ...pageWindow(q.page, STAFF_VOTE_CALLBACKS_PAGE_SIZE),
    }),
    db.voteCallback.count({ where }),
    findFraud(window, sites),
  ]);
  const results = rows.map((r): TStaffVoteCallback => {
    const voteIp = r.vote?.ip ?? null;
    return {
      id: r.id,
      site: r.site ? { key: r.site.key, name: r.site.name } : null,
      receivedAt: r.receivedAt.toISOString(),
      address: r.ip,
      voterAddress: voteIp ?? reportedVoterAddress(r.site?.voterIpParam ?? null, r.query),
      player: r.user,
      accepted: r.accepted,
      reason: r.reason,
      query: storedQuery(r.query),
      body: r.body,
      flags: flagsOf(findings, { id: r.id, siteId: r.siteId, receivedAt: r.receivedAt, accepted: r.accepted, voteIp }),
    };
  });
  return { results, total, signals: fraudSummary(findings) };
}

/** vote_callbacks.query is a flat object of strings (callbackForStorage); anything else is left out. */
function storedQuery(query: Prisma.JsonValue): Record<string, string> {
  if (!query || typeof query !== "object" || Array.isArray(query)) return {};
  return Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/** The voter's address a site put in a callback that did not count (its own parameter; unchecked). */
function reportedVoterAddress(param: string | null, query: Prisma.JsonValue): string | null {
  return param ? normalizeAddress(storedQuery(query)[param]) : null;
}
