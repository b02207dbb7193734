// Donator Benefits and Custom Donations (docs/product.md §1, §3, §9), shown in the /store modals. Pure data.
// The thresholds come from lib/ranks.ts (the same table the server ranks players by); the perk
// values are those of docs/product.md §9, the sentences around them our own.
import { DONATOR_RANKS, type MemberRankName } from "../ranks";

export type DonatorTier = {
  rank: Exclude<MemberRankName, "NONE">;
  name: string;
  /** Cumulative US dollars donated to reach the rank. */
  minDollars: number;
  /** What the rank gives in-game (each value replaces the lower ranks' one). */
  perks: readonly string[];
};

// docs/product.md §9, one value per rank from Premium to Uber (null: that perk has no limit at the rank).
const RUN_BOOST_PERCENT = [5, 5, 10, 10, 15, 20, 20];
const VOTE_POINTS_MULTIPLIER = [null, null, 1.5, 1.5, 1.5, 1.5, 2];
const BANK_CAPACITY = [600, 800, 900, 1000, 1300, 1500, 1800];
const PRESET_SLOTS = [4, 6, 8, 10, 12, 14, 16];
const COAL_BAG = [56, 100, 175, 250, 500, 600, 750];
const YELL_COOLDOWN = ["2 minutes", "1 minute", "45 seconds", "30 seconds", "15 seconds", "5 seconds", null];
const BIRDHOUSE_MINUTES = [45, 40, 35, 30, 25, 20, 20];
const RESTORE_BOX_MINUTES = [7, 6, 5, 4, 2, 1, null];
const DEATH_EXTENSION_MINUTES = [2, 3, 4, 5, 6, 7, 8];
/** The donator zones a rank opens: DI from Premium, RDI from Respected, LDI from Legendary, UDI for Uber. */
const ZONES = [["DI"], ["DI"], ["DI"], ["DI", "RDI"], ["DI", "RDI", "LDI"], ["DI", "RDI", "LDI"], ["DI", "RDI", "LDI", "UDI"]];

const n = (v: number) => v.toLocaleString("en-US");

/** The perks of the rank at `i` (0 = Premium), with the values of docs/product.md §9. */
function perksAt(i: number): string[] {
  const vote = VOTE_POINTS_MULTIPLIER[i];
  const yell = YELL_COOLDOWN[i];
  const restore = RESTORE_BOX_MINUTES[i];
  return [
    `${RUN_BOOST_PERCENT[i]}% run energy boost`,
    ...(vote ? [`${vote}x vote points`] : []),
    `Bank capacity ${n(BANK_CAPACITY[i]!)}`,
    `${PRESET_SLOTS[i]} equipment preset slots (2 without a rank)`,
    `Coal bag holds ${COAL_BAG[i]}`,
    yell ? `Yell cooldown ${yell}` : "No yell cooldown",
    `Birdhouse timer ${BIRDHOUSE_MINUTES[i]} minutes`,
    restore ? `Restore box cooldown ${restore} ${restore === 1 ? "minute" : "minutes"}` : "No restore box cooldown",
    `Items kept ${DEATH_EXTENSION_MINUTES[i]} minutes longer after death`,
    `Donator zones: ${ZONES[i]!.join(", ")}`,
  ];
}

/** docs/product.md §9: the vote points bonus of a member rank (1.5x from Extreme, 2x for Uber, else 1). */
export function votePointsMultiplier(rank: MemberRankName): number {
  return VOTE_POINTS_MULTIPLIER[DONATOR_RANKS.findIndex((r) => r.rank === rank)] ?? 1;
}

/** Vote points for one counted vote: the site's reward times the rank's bonus, rounded down. */
export function votePoints(rewardPoints: number, rank: MemberRankName): number {
  return Math.floor(rewardPoints * votePointsMultiplier(rank));
}

/** Every donator rank in ascending order, with its threshold and perks. */
export const DONATOR_TIERS: readonly DonatorTier[] = DONATOR_RANKS.map((r, i) => ({ ...r, perks: perksAt(i) }));

/** More perks exist by rank (noted drops, pet chance, clue bonus); docs/product.md gives no values for them. */
export const MORE_PERKS_NOTE = "Higher ranks also improve noted drops, pet chance, clue rewards and more: ask staff in-game for the details.";

export type CustomDonation = { name: string; dollars: number; description: string };

/** docs/product.md §9: custom items bought directly; they give no store credits. */
export const CUSTOM_DONATIONS: readonly CustomDonation[] = [
  { name: "Custom single item", dollars: 200, description: "One item of your own design, made by our developers." },
  { name: "Easter Basket", dollars: 250, description: "The Easter Basket cosmetic." },
  { name: "Custom set", dollars: 400, description: "A full set of items of your own design." },
  { name: "Ankou outfit", dollars: 450, description: "The Ankou outfit in one of four colours." },
];

/** The four colours the Ankou outfit comes in (docs/product.md §9). */
export const ANKOU_COLOURS = ["blue", "green", "yellow", "white"] as const;

/** How custom donations are ordered (docs/product.md §9): no credits, through the community chat server. */
export const CUSTOM_DONATION_NOTES: readonly string[] = [
  "Custom donations do not give any store credits.",
  "To order one, open a message to a staff member on our community chat server.",
];

/** US dollars without cents for whole amounts: 1000 → "$1,000". */
export function formatDollars(n: number): string {
  return `$${n.toLocaleString("en-US", { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;
}
