import { DONATOR_RANKS } from "@/lib/ranks";

// The rank and post-count tier shown beside a name in the forums, and where they are explained:
// the /ranks page, which reads the same tables (lib/ranks.ts) as the labels. No client code, so
// the static /ranks page can show the badges too.

export const RANKS_PATH = "/ranks";

/** "third-age" → "Third Age", "moderator" → "Moderator". */
export const titleCase = (s: string): string => s.replace(/[-_]+/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

const TIER_STYLE: Record<string, string> = {
  bronze: "border-orange-400/60 text-orange-300",
  iron: "border-stone-400/60 text-stone-300",
  steel: "border-slate-300/60 text-slate-200",
  black: "border-stone-500 bg-black text-stone-200",
  mithril: "border-indigo-300/60 text-indigo-200",
  adamant: "border-green-400/60 text-green-300",
  rune: "border-cyan-300/60 text-cyan-200",
  dragon: "border-red-400/60 text-red-300",
  barrows: "border-zinc-300/60 text-zinc-200",
  bandos: "border-amber-300/60 text-amber-200",
  "third-age": "border-sky-200/60 text-sky-100",
  twisted: "border-fuchsia-300/60 text-fuchsia-200",
};

export function TierBadge({ tier }: { tier: string }) {
  return (
    <span className={`inline-block rounded border px-1.5 text-xs font-bold tracking-wide uppercase ${TIER_STYLE[tier] ?? TIER_STYLE.bronze}`} data-tier={tier}>
      <span className="sr-only">Post tier: </span>
      {titleCase(tier)}
    </span>
  );
}

/** What kind of display rank this is (docs/product.md §3): a donator rank, a staff rank, or plain "player". */
export function rankKind(rank: string, isStaff: boolean): "donator" | "staff" | "player" {
  if (isStaff) return "staff";
  return DONATOR_RANKS.some((r) => r.rank.toLowerCase() === rank) ? "donator" : "player";
}

const RANK_PREFIX = { donator: "Donator rank", staff: "Staff rank", player: "Rank" } as const;

/**
 * The author panel's rank, linked to its explanation. An inline-block, so the link is one box: as
 * an inline, the hidden prefix made a 1 px first fragment, and a pointer aimed at the link's
 * first box (as Playwright aims) landed beside it.
 */
export function RankLink({ rank, isStaff }: { rank: string; isStaff: boolean }) {
  const kind = rankKind(rank, isStaff);
  const name = titleCase(rank);
  return (
    <a
      href={`${RANKS_PATH}#${kind === "staff" ? "staff-ranks" : "donator-ranks"}`}
      title={`${RANK_PREFIX[kind]}: ${name} — see what the ranks mean`}
      className="inline-block text-stone-300 underline decoration-dotted hover:text-gold-bright"
      data-rank-link={kind}
    >
      <span className="sr-only">{RANK_PREFIX[kind]}: </span>
      {name}
    </a>
  );
}

/** The author panel's post-count tier, linked to the list of tiers. */
export function TierLink({ tier }: { tier: string }) {
  return (
    <a href={`${RANKS_PATH}#post-tiers`} title={`Post tier: ${titleCase(tier)} — see what the tiers mean`} className="no-underline hover:no-underline">
      <TierBadge tier={tier} />
    </a>
  );
}
