// Why the game could not hand a delivery over yet (POST /api/v1/game/deliveries/blocked,
// docs/game-integration.md): a fixed list of codes, each with the words the player and staff read.

export const BLOCK_REASON_CODES = ["player_offline", "inventory_full", "ironman_restricted", "player_busy", "wrong_world", "other"] as const;
export type TBlockReason = (typeof BLOCK_REASON_CODES)[number];

export const BLOCK_REASON_TEXT: Record<TBlockReason, string> = {
  player_offline: "You were offline",
  inventory_full: "Not enough free inventory space",
  ironman_restricted: "Not available to your Ironman account",
  player_busy: "You were busy (in combat, a minigame or a cutscene)",
  wrong_world: "Claim it on another world",
  other: "The game could not hand it over",
};

/** The database enum's value (DeliveryBlockReason) for a code, and back. */
export const blockReasonToDb = (r: TBlockReason) => r.toUpperCase() as Uppercase<TBlockReason>;
export const blockReasonFromDb = (r: string) => r.toLowerCase() as TBlockReason;

/** The same, as staff read it. */
export const BLOCK_REASON_LABEL: Record<TBlockReason, string> = {
  player_offline: "Player offline",
  inventory_full: "Inventory full",
  ironman_restricted: "Ironman restricted",
  player_busy: "Player busy",
  wrong_world: "Wrong world",
  other: "Other",
};

/** One line for staff: the label and the game's own words. */
export const blockedLine = (b: { reason: TBlockReason; message: string | null }) => `${BLOCK_REASON_LABEL[b.reason]}${b.message ? `: ${b.message}` : ""}`;
