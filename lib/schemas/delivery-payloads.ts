import { z } from "zod";
import { MAX_ID } from "./ids";

// What a game delivery holds (game_deliveries.payload), one shape per kind, and what the game
// receives of it (docs/game-integration.md, Deliveries). Rows keep the payload in our own
// camelCase words; the game-facing API is snake_case, so each kind states both forms and the
// one way from the first to the second. Every writer makes its payload with deliveryPayload():
// its type names the kind's fields and its parse refuses anything else, so no row is written
// in a shape the game cannot read. Rows written before the shapes were fixed are read through
// each kind's read rule (deliveryOf): the old snake_case spellings count as today's names.

const wholeNumber = (min: number) => z.number().int().min(min).max(MAX_ID);
const zItemId = () => wholeNumber(0).describe("Game item id");
const zQuantity = () => wholeNumber(1).describe("How many of the item");
const zAmount = (what: string) => wholeNumber(0).describe(what);
const zText = (what: string) => z.string().min(1).max(200).describe(what);

// ── the kinds the database holds (prisma/schema/game.prisma, enum DeliveryKind) ──

/** A product bought in /store with credits (lib/server/store/purchase-product.ts). */
export const ZStoreItemPayload = z.strictObject({
  itemId: zItemId(),
  quantity: zQuantity(),
  name: zText("The product's name. An original names it through its order; a re-sent copy carries it").optional(),
});
export const ZGameStoreItemPayload = z
  .object({
    item_id: z.number().int().describe("Give this game item"),
    quantity: z.number().int().describe("This many of it"),
    name: z.string().nullable().describe("The product's name, for messages and logs; null when unknown"),
  })
  .meta({ title: "StoreItemPayload", description: "store_item: give `quantity` of item `item_id`" });

/** A credit package bought through ::store, handed over in game (lib/server/payments/in-game-credits.ts). */
export const ZCreditPackagePayload = z.strictObject({
  credits: zAmount("The package's credits"),
  bonusCredits: zAmount("The package's bonus credits"),
});
export const ZGameCreditPackagePayload = z
  .object({
    credits: z.number().int().describe("The package's credits"),
    bonus_credits: z.number().int().describe("Its bonus: add credits + bonus_credits to the player's in-game credits"),
  })
  .meta({ title: "CreditPackagePayload", description: "credit_package: add `credits + bonus_credits` to the player's in-game credits" });

/** A counted vote (lib/server/votes/record-vote-callback.ts). */
export const ZVoteRewardPayload = z.strictObject({
  points: zAmount("Vote points, the donator bonus already applied"),
  site: zText("The listing site's key (lib/site-config.ts voteSites)"),
});
export const ZGameVoteRewardPayload = z
  .object({
    points: z.number().int().describe("Vote points to add as sent: the donator bonus is already applied"),
    site: z.string().nullable().describe("The listing site's key, e.g. runelocus; null when unknown"),
  })
  .meta({ title: "VoteRewardPayload", description: "vote_reward: add `points` vote points" });

/** A prize for a place in a competition (lib/server/competitions/end-competition.ts, docs/competitions.md). */
export const ZCompetitionPrizePayload = z.strictObject({
  competitionId: wholeNumber(1).describe("The competition's id"),
  competition: zText("The competition's name"),
  placement: wholeNumber(1).describe("The player's place: 1 for the winner"),
  itemId: zItemId(),
  quantity: zQuantity(),
});
export const ZGameCompetitionPrizePayload = z
  .object({
    competition_id: z.number().int().describe("The competition's id (its page: /competitions/{id})"),
    competition: z.string().describe("The competition's name, for messages and logs"),
    placement: z.number().int().describe("The place won: 1 for the winner"),
    item_id: z.number().int().describe("Give this game item"),
    quantity: z.number().int().describe("This many of it"),
  })
  .meta({
    title: "CompetitionPrizePayload",
    description: "competition_prize: give `quantity` of item `item_id` for `placement` in `competition`",
  });

/** A vote streak milestone reached (lib/server/votes/vote-streaks.ts): bonus points, once per streak and milestone. */
export const ZVoteStreakRewardPayload = z.strictObject({
  streakDays: wholeNumber(2).describe("Days in a row the player voted"),
  points: zAmount("Bonus vote points, the donator bonus already applied"),
});
export const ZGameVoteStreakRewardPayload = z
  .object({
    streak_days: z.number().int().describe("The milestone reached: days in a row the player voted on every site"),
    points: z.number().int().describe("Bonus vote points to add as sent: the donator bonus is already applied"),
  })
  .meta({
    title: "VoteStreakRewardPayload",
    description: "vote_streak_reward: add `points` bonus vote points for `streak_days` days of votes in a row",
  });

const zMonth = () =>
  z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .describe("The month, YYYY-MM (the server's time zone)");

/** A place among a month's top voters (lib/server/votes/award-monthly-prizes.ts): an item, or bonus vote points. */
export const ZVoteMonthlyPrizePayload = z.union([
  z.strictObject({ month: zMonth(), place: wholeNumber(1).describe("1 for the month's top voter"), itemId: zItemId(), quantity: zQuantity() }),
  z.strictObject({ month: zMonth(), place: wholeNumber(1).describe("1 for the month's top voter"), points: zAmount("Bonus vote points") }),
]);
export const ZGameVoteMonthlyPrizePayload = z
  .object({
    month: z.string().describe("The month won, YYYY-MM"),
    place: z.number().int().describe("The place: 1 for the month's top voter"),
    item_id: z.number().int().nullable().describe("Give this game item (null for a points prize)"),
    quantity: z.number().int().nullable().describe("This many of it (null for a points prize)"),
    points: z.number().int().nullable().describe("Bonus vote points to add (null for an item prize)"),
  })
  .meta({
    title: "VoteMonthlyPrizePayload",
    description: "vote_monthly_prize: for `place` among the top voters of `month`, give `quantity` of item `item_id`, or add `points` vote points",
  });

// ── reserved: shapes of kinds that features not built yet will add ──
// Not in the database's DeliveryKind enum and not answered by the game API: deliveryPayload()
// refuses them. The feature that first writes one adds the enum value in a migration, moves its
// kind to LIVE_DELIVERY_KINDS and its game shape into the claim answer (lib/schemas/game.ts).

/** A store item one player bought for another. */
export const ZGiftPayload = z.strictObject({
  itemId: zItemId(),
  quantity: zQuantity(),
  name: zText("The product's name"),
  fromUserId: wholeNumber(1).describe("The account that gave it"),
  fromName: zText("The giver's display name"),
});
export const ZGameGiftPayload = z
  .object({
    item_id: z.number().int(),
    quantity: z.number().int(),
    name: z.string(),
    from_player_id: z.number().int().describe("The giver's account id"),
    from_name: z.string().describe("The giver's display name"),
  })
  .meta({ title: "GiftPayload", description: "gift (reserved, not sent yet): give `quantity` of item `item_id`, from the player `from_name`" });

// ── the kinds, each with its stored form, its read rule and its game form ──

/** Older rows spelled these keys the game's way; they are read as today's name when that is absent. */
function renamed(legacy: Record<string, string>) {
  return (raw: unknown) => {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return raw;
    const out: Record<string, unknown> = { ...raw };
    for (const [old, now] of Object.entries(legacy)) if (out[now] === undefined && out[old] !== undefined) out[now] = out[old];
    return out;
  };
}

/** A kind: its stored shape (what writers write), its read rule (what rows may hold) and its game form. */
function kind<Stored extends z.ZodType, Read extends z.ZodType, Game extends z.ZodType, GameKind extends string>(entry: {
  gameKind: GameKind;
  stored: Stored;
  read: Read;
  game: Game;
  toGame: (p: z.output<Read>) => z.output<Game>;
}) {
  return entry;
}

const KINDS = {
  STORE_ITEM: kind({
    gameKind: "store_item",
    stored: ZStoreItemPayload,
    // Rows from before the shapes: item_id for itemId, and a missing quantity meant one.
    read: z.preprocess(renamed({ item_id: "itemId" }), z.object({ ...ZStoreItemPayload.shape, quantity: zQuantity().default(1), name: z.string().optional() })),
    game: ZGameStoreItemPayload,
    toGame: (p) => ({ item_id: p.itemId, quantity: p.quantity, name: p.name ?? null }),
  }),
  CREDIT_PACKAGE: kind({
    gameKind: "credit_package",
    stored: ZCreditPackagePayload,
    // bonus_credits for bonusCredits, and a missing bonus meant none.
    read: z.preprocess(
      renamed({ bonus_credits: "bonusCredits" }),
      z.object({ ...ZCreditPackagePayload.shape, bonusCredits: zAmount("Bonus credits").default(0) }),
    ),
    game: ZGameCreditPackagePayload,
    toGame: (p) => ({ credits: p.credits, bonus_credits: p.bonusCredits }),
  }),
  VOTE_REWARD: kind({
    gameKind: "vote_reward",
    stored: ZVoteRewardPayload,
    // The site was once read only through the vote: a row may lack it (the reader adds the vote's).
    read: z.object({ ...ZVoteRewardPayload.shape, site: z.string().optional() }),
    game: ZGameVoteRewardPayload,
    toGame: (p) => ({ points: p.points, site: p.site ?? null }),
  }),
  COMPETITION_PRIZE: kind({
    gameKind: "competition_prize",
    stored: ZCompetitionPrizePayload,
    read: z.object(ZCompetitionPrizePayload.shape),
    game: ZGameCompetitionPrizePayload,
    toGame: (p) => ({ competition_id: p.competitionId, competition: p.competition, placement: p.placement, item_id: p.itemId, quantity: p.quantity }),
  }),
  VOTE_STREAK_REWARD: kind({
    gameKind: "vote_streak_reward",
    stored: ZVoteStreakRewardPayload,
    read: z.object(ZVoteStreakRewardPayload.shape),
    game: ZGameVoteStreakRewardPayload,
    toGame: (p) => ({ streak_days: p.streakDays, points: p.points }),
  }),
  VOTE_MONTHLY_PRIZE: kind({
    gameKind: "vote_monthly_prize",
    stored: ZVoteMonthlyPrizePayload,
    read: ZVoteMonthlyPrizePayload,
    game: ZGameVoteMonthlyPrizePayload,
    toGame: (p) => ({
      month: p.month,
      place: p.place,
      item_id: "itemId" in p ? p.itemId : null,
      quantity: "quantity" in p ? p.quantity : null,
      points: "points" in p ? p.points : null,
    }),
  }),
  GIFT: kind({
    gameKind: "gift",
    stored: ZGiftPayload,
    read: z.object(ZGiftPayload.shape),
    game: ZGameGiftPayload,
    toGame: (p) => ({ item_id: p.itemId, quantity: p.quantity, name: p.name, from_player_id: p.fromUserId, from_name: p.fromName }),
  }),
};

type Kinds = typeof KINDS;
/** Every delivery kind with a shape, the reserved ones included. */
export type TDeliveryKind = keyof Kinds;
/** The kinds the database holds and writers write (prisma/schema/game.prisma, enum DeliveryKind). */
export const LIVE_DELIVERY_KINDS = [
  "STORE_ITEM",
  "CREDIT_PACKAGE",
  "VOTE_REWARD",
  "COMPETITION_PRIZE",
  "VOTE_STREAK_REWARD",
  "VOTE_MONTHLY_PRIZE",
] as const satisfies readonly TDeliveryKind[];
export type TLiveDeliveryKind = (typeof LIVE_DELIVERY_KINDS)[number];
/** Shapes fixed ahead of the features that will write them; not written or answered yet. */
export const RESERVED_DELIVERY_KINDS = ["GIFT"] as const satisfies readonly Exclude<TDeliveryKind, TLiveDeliveryKind>[];

/** The kind's name in the game API (`store_item`, …). */
export type TGameKindOf<K extends TDeliveryKind> = Kinds[K]["gameKind"];
export const gameKindOf = <K extends TDeliveryKind>(k: K): TGameKindOf<K> => KINDS[k].gameKind;

/** A delivery's kind with its payload as stored; a union over the kinds when K is. */
export type TDelivery<K extends TDeliveryKind = TDeliveryKind> = K extends TDeliveryKind ? { kind: K; payload: z.output<Kinds[K]["stored"]> } : never;
/** A stored row's delivery as its kind's read rule answers it (deliveryOf). */
export type TReadDelivery<K extends TDeliveryKind = TDeliveryKind> = K extends TDeliveryKind ? { kind: K; payload: z.output<Kinds[K]["read"]> } : never;
/** What a writer hands deliveryPayload() for kind K. */
export type TDeliveryPayloadInput<K extends TDeliveryKind> = z.input<Kinds[K]["stored"]>;
/** The same delivery as the game receives it: its game kind and snake_case payload. */
export type TGameDeliveryPart<K extends TDeliveryKind = TDeliveryKind> = K extends TDeliveryKind
  ? { kind: TGameKindOf<K>; payload: z.output<Kinds[K]["game"]> }
  : never;

/** Every kind's stored payload, discriminated by kind: the reserved kinds' shapes are listed too. */
export const ZDelivery = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("STORE_ITEM"), payload: ZStoreItemPayload }),
  z.object({ kind: z.literal("CREDIT_PACKAGE"), payload: ZCreditPackagePayload }),
  z.object({ kind: z.literal("VOTE_REWARD"), payload: ZVoteRewardPayload }),
  z.object({ kind: z.literal("COMPETITION_PRIZE"), payload: ZCompetitionPrizePayload }),
  z.object({ kind: z.literal("VOTE_STREAK_REWARD"), payload: ZVoteStreakRewardPayload }),
  z.object({ kind: z.literal("VOTE_MONTHLY_PRIZE"), payload: ZVoteMonthlyPrizePayload }),
  z.object({ kind: z.literal("GIFT"), payload: ZGiftPayload }),
]);

/** The stored payload schema of a kind: what deliveryPayload() checks a writer's payload against. */
export const storedPayloadSchema = <K extends TDeliveryKind>(k: K): Kinds[K]["stored"] => KINDS[k].stored;
/** The game-facing payload schema of a kind. */
export const gamePayloadSchema = <K extends TDeliveryKind>(k: K): Kinds[K]["game"] => KINDS[k].game;

/** A writer handed a payload that is not its kind's shape: a bug in the writer, never the player's input. */
export class DeliveryPayloadError extends Error {
  override name = "DeliveryPayloadError";
}

const isLive = (k: string): k is TLiveDeliveryKind => (LIVE_DELIVERY_KINDS as readonly string[]).includes(k);

/**
 * The one way to make a delivery's `kind` and `payload`: `tx.gameDelivery.create({ data: { userId,
 * ...deliveryPayload("STORE_ITEM", { itemId, quantity }), storeOrderId } })`. The payload is
 * checked against the kind's shape (unknown keys, legacy spellings, wrong types and out-of-range
 * numbers refused) and answered as parsed; a reserved kind is refused, as the database has no
 * such kind yet. Throws DeliveryPayloadError.
 */
export function deliveryPayload<K extends TLiveDeliveryKind>(kind: K, payload: TDeliveryPayloadInput<K>): TDelivery<K> {
  if (!isLive(kind))
    throw new DeliveryPayloadError(`${String(kind)} is not a delivery kind the database holds yet (reserved shapes: lib/schemas/delivery-payloads.ts).`);
  const parsed = (KINDS[kind].stored as z.ZodType).safeParse(payload);
  if (!parsed.success) throw new DeliveryPayloadError(`A ${kind} delivery's payload is not its shape: ${z.prettifyError(parsed.error)}`);
  return { kind, payload: parsed.data } as TDelivery<K>;
}

/**
 * A stored row's payload read by its kind's read rule (legacy spellings and the defaults older
 * rows relied on); null when it cannot be read as its kind. `links` are what the row's relations
 * say (the product's name, the vote's site), which win over the payload's copy of them.
 */
export function deliveryOf<K extends TDeliveryKind>(kind: K, payload: unknown, links: Record<string, string | undefined> = {}): TReadDelivery<K> | null {
  const entry = KINDS[kind] as Kinds[TDeliveryKind] | undefined;
  if (!entry) return null;
  const raw = typeof payload === "object" && payload !== null && !Array.isArray(payload) ? { ...payload, ...definedOnly(links) } : payload;
  const parsed = (entry.read as z.ZodType).safeParse(raw);
  return parsed.success ? ({ kind, payload: parsed.data } as TReadDelivery<K>) : null;
}

function definedOnly(o: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).filter((e): e is [string, string] => e[1] !== undefined));
}

/** The delivery as the game receives it: its game kind and its snake_case payload. */
export function gameDeliveryOf<K extends TDeliveryKind>(d: TReadDelivery<K>): TGameDeliveryPart<K> {
  const entry = KINDS[d.kind] as unknown as { gameKind: string; toGame: (p: unknown) => unknown };
  return { kind: entry.gameKind, payload: entry.toGame(d.payload) } as TGameDeliveryPart<K>;
}
