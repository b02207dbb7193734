// Donator Benefits and Custom Donations (spec §1, §3, §9), shown in the /store modals. Pure data.
// The thresholds come from lib/ranks.ts (the same table the server ranks players by); the spec
// names ranks and thresholds but lists no perks, so the perk wording below is our own.
import { DONATOR_RANKS, type MemberRankName } from "../ranks";

export type DonatorTier = {
  rank: Exclude<MemberRankName, "NONE">;
  name: string;
  /** Cumulative US dollars donated to reach the rank. */
  minDollars: number;
  /** What the rank adds in-game, on top of every lower rank's perks. */
  perks: readonly string[];
};

const PERKS: Record<DonatorTier["rank"], readonly string[]> = {
  PREMIUM: ["Premium name colour and chat icon", "Access to the donator zone at home", "::yell with a 60-second cooldown", "5% bonus drop rate"],
  EXPANSION: ["Expansion name colour and chat icon", "::yell cooldown lowered to 45 seconds", "10% bonus drop rate", "One extra bank tab"],
  EXTREME: ["Extreme name colour and chat icon", "Access to the extreme donator zone", "::yell cooldown lowered to 30 seconds", "15% bonus drop rate", "Free noted bones at the donator altar"],
  RESPECTED: ["Respected name colour and chat icon", "::yell cooldown lowered to 20 seconds", "20% bonus drop rate", "Slayer task skips at half the point cost"],
  LEGENDARY: ["Legendary name colour and chat icon", "Access to the legendary donator zone", "::yell cooldown lowered to 10 seconds", "25% bonus drop rate", "Daily free teleport to any boss"],
  MYTHICAL: ["Mythical name colour and chat icon", "::yell without a cooldown", "30% bonus drop rate", "Instance bosses without a fee"],
  UBER: ["Uber name colour and chat icon", "Access to the uber donator zone", "35% bonus drop rate", "A custom title of your choice, set by staff"],
};

/** Every donator rank in ascending order, with its threshold and perks. */
export const DONATOR_TIERS: readonly DonatorTier[] = DONATOR_RANKS.map((r) => ({ ...r, perks: PERKS[r.rank] }));

export type CustomDonation = { name: string; dollars: number; description: string };

/** Spec §9: custom items bought directly; they give no store credits. */
export const CUSTOM_DONATIONS: readonly CustomDonation[] = [
  { name: "Custom single item", dollars: 200, description: "One item of your own design, made by our developers." },
  { name: "Easter Basket", dollars: 250, description: "The Easter Basket cosmetic." },
  { name: "Custom set", dollars: 400, description: "A full set of items of your own design." },
  { name: "Ankou outfit", dollars: 450, description: "The Ankou outfit in one of four colours." },
];

/** The four colours the Ankou outfit comes in (spec §9). */
export const ANKOU_COLOURS = ["blue", "green", "yellow", "white"] as const;

/** How custom donations are ordered (spec §9): no credits, through the community chat server. */
export const CUSTOM_DONATION_NOTES: readonly string[] = [
  "Custom donations do not give any store credits.",
  "To order one, open a message to a staff member on our community chat server.",
];

/** US dollars without cents for whole amounts: 1000 → "$1,000". */
export function formatDollars(n: number): string {
  return `$${n.toLocaleString("en-US", { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;
}
