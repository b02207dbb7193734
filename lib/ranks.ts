// Rank rules of docs/product.md §3 and §6. Pure: used by the navbar, forums and account page.

export type PrivilegeName = "PLAYER" | "MODERATOR" | "ADMINISTRATOR" | "OWNER";
export type MemberRankName = "NONE" | "PREMIUM" | "EXPANSION" | "EXTREME" | "RESPECTED" | "LEGENDARY" | "MYTHICAL" | "UBER";

/** Lowercased memberRank for a PLAYER with a donator rank, otherwise lowercased privilege. */
export function displayRank(privilege: PrivilegeName, memberRank: MemberRankName): string {
  if (privilege === "PLAYER" && memberRank !== "NONE") return memberRank.toLowerCase();
  return privilege.toLowerCase();
}

/** Donator thresholds by cumulative donation, in US dollars (docs/product.md §3). */
export const DONATOR_RANKS: ReadonlyArray<{ rank: Exclude<MemberRankName, "NONE">; name: string; minDollars: number }> = [
  { rank: "PREMIUM", name: "Premium", minDollars: 25 },
  { rank: "EXPANSION", name: "Expansion", minDollars: 50 },
  { rank: "EXTREME", name: "Extreme", minDollars: 200 },
  { rank: "RESPECTED", name: "Respected", minDollars: 400 },
  { rank: "LEGENDARY", name: "Legendary", minDollars: 1000 },
  { rank: "MYTHICAL", name: "Mythical", minDollars: 2500 },
  { rank: "UBER", name: "Uber", minDollars: 5000 },
];

/** The donator rank earned by a cumulative total (in cents). */
export function memberRankForTotal(totalCents: number): MemberRankName {
  let rank: MemberRankName = "NONE";
  for (const r of DONATOR_RANKS) if (totalCents >= r.minDollars * 100) rank = r.rank;
  return rank;
}

/** A donator rank's place in DONATOR_RANKS (-1 for none): a greater one is a higher rank. */
export function donatorRankIndex(rank: MemberRankName): number {
  return DONATOR_RANKS.findIndex((r) => r.rank === rank);
}

/**
 * The donator rank above the one a total (in cents) earns, and what it still needs: "$150.00 more
 * to Extreme". `fromCents` is where the current rank began (0 below the first), for a progress
 * bar. Null at the top rank.
 */
export function nextDonatorRank(totalCents: number): { name: string; minDollars: number; fromCents: number; missingCents: number } | null {
  const current = donatorRankIndex(memberRankForTotal(totalCents));
  const next = DONATOR_RANKS[current + 1];
  if (!next) return null;
  const fromCents = current < 0 ? 0 : DONATOR_RANKS[current]!.minDollars * 100;
  return { name: next.name, minDollars: next.minDollars, fromCents, missingCents: next.minDollars * 100 - totalCents };
}

/** Forum post tier by post count (docs/product.md §6): strictly greater than each threshold. */
const POST_TIERS: ReadonlyArray<[number, string]> = [
  [1500, "twisted"],
  [1000, "third-age"],
  [750, "bandos"],
  [500, "barrows"],
  [400, "dragon"],
  [300, "rune"],
  [200, "adamant"],
  [100, "mithril"],
  [50, "black"],
  [25, "steel"],
  [10, "iron"],
];

export function postTier(postCount: number): string {
  for (const [min, tier] of POST_TIERS) if (postCount > min) return tier;
  return "bronze";
}

/**
 * Every tier from bronze up, with the fewest posts that earn it (the /ranks page lists these). A
 * function, not a constant, so the client bundles that import this module for rankColorClass
 * leave it out.
 */
export function postTierSteps(): Array<{ tier: string; minPosts: number }> {
  return [{ tier: "bronze", minPosts: 0 }, ...[...POST_TIERS].reverse().map(([over, tier]) => ({ tier, minPosts: over + 1 }))];
}

/** Text colour class for a display rank (name styled by rank). */
export function rankColorClass(rank: string): string {
  switch (rank) {
    case "owner":
      return "text-ember";
    case "administrator":
      return "text-gold-bright";
    case "moderator":
      return "text-sky-300";
    case "premium":
    case "expansion":
      return "text-emerald-300";
    case "extreme":
    case "respected":
      return "text-violet-300";
    case "legendary":
    case "mythical":
    case "uber":
      return "text-amber-300";
    default:
      return "text-stone-100";
  }
}
