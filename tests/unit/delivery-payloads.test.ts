import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  DeliveryPayloadError,
  deliveryOf,
  deliveryPayload,
  gameDeliveryOf,
  gamePayloadSchema,
  LIVE_DELIVERY_KINDS,
  RESERVED_DELIVERY_KINDS,
  type TDeliveryKind,
  type TLiveDeliveryKind,
  ZDelivery,
} from "@/lib/schemas/delivery-payloads";
import { DELIVERY_KINDS, ZGameDelivery } from "@/lib/schemas/game";

// One payload shape per delivery kind (lib/schemas/delivery-payloads.ts): the builder every
// writer goes through refuses any other shape, older rows are read in today's words, and each
// kind maps to its game shape. The same against the database and the game API:
// tests/integration/delivery-payloads.test.ts.

const GOOD = {
  STORE_ITEM: { itemId: 4151, quantity: 2 },
  CREDIT_PACKAGE: { credits: 1000, bonusCredits: 100 },
  VOTE_REWARD: { points: 3, site: "runelocus" },
  COMPETITION_PRIZE: { competitionId: 3, competition: "Summer ladder", placement: 1, itemId: 11802, quantity: 1 },
  VOTE_STREAK_REWARD: { streakDays: 7, points: 5 },
  VOTE_MONTHLY_PRIZE: { month: "2027-01", place: 1, itemId: 995, quantity: 10_000_000 },
} as const;

/** Calls the builder past its types, as a writer with a wrong shape would at run time. */
const build = (kind: string, payload: unknown) => () => deliveryPayload(kind as TLiveDeliveryKind, payload as never);

describe("deliveryPayload", () => {
  it("answers each live kind with its payload as parsed", () => {
    for (const kind of LIVE_DELIVERY_KINDS) expect(deliveryPayload(kind, GOOD[kind])).toEqual({ kind, payload: GOOD[kind] });
    expect(deliveryPayload("STORE_ITEM", { itemId: 0, quantity: 1, name: "Dwarf remains" })).toEqual({
      kind: "STORE_ITEM",
      payload: { itemId: 0, quantity: 1, name: "Dwarf remains" },
    });
  });

  it.each([
    ["a legacy spelling", "STORE_ITEM", { item_id: 4151, quantity: 1 }, /itemId/],
    ["a missing field", "STORE_ITEM", { itemId: 4151 }, /quantity/],
    ["an unknown key", "VOTE_REWARD", { points: 1, site: "runelocus", bonus: 2 }, /bonus/],
    ["a number as text", "CREDIT_PACKAGE", { credits: "1000", bonusCredits: 0 }, /credits/],
    ["a fraction", "CREDIT_PACKAGE", { credits: 10.5, bonusCredits: 0 }, /credits/],
    ["a negative amount", "VOTE_REWARD", { points: -1, site: "runelocus" }, /points/],
    ["a quantity of none", "STORE_ITEM", { itemId: 4151, quantity: 0 }, /quantity/],
    ["a vote reward without its site", "VOTE_REWARD", { points: 1 }, /site/],
    ["a prize for place 0", "COMPETITION_PRIZE", { competitionId: 3, competition: "Summer ladder", placement: 0, itemId: 1, quantity: 1 }, /placement/],
    ["a prize without its competition's name", "COMPETITION_PRIZE", { competitionId: 3, placement: 1, itemId: 1, quantity: 1 }, /competition/],
    ["another kind's payload", "CREDIT_PACKAGE", { points: 1, site: "runelocus" }, /credits/],
    ["not an object", "STORE_ITEM", null, /object/],
  ])("refuses %s", (_what, kind, payload, field) => {
    expect(build(kind, payload)).toThrow(DeliveryPayloadError);
    expect(build(kind, payload)).toThrow(field);
  });

  it("refuses the reserved kinds and kinds it does not know: the database holds none of them", () => {
    const gift = { itemId: 4151, quantity: 1, name: "Abyssal whip", fromUserId: 7, fromName: "Zezima" };
    expect(ZDelivery.parse({ kind: "GIFT", payload: gift })).toEqual({ kind: "GIFT", payload: gift });
    expect(build("GIFT", gift)).toThrow(/GIFT is not a delivery kind the database holds yet/);
    expect(build("store_item", GOOD.STORE_ITEM)).toThrow(DeliveryPayloadError);
  });
});

describe("deliveryOf (reading stored rows)", () => {
  it("reads today's shape as written", () => {
    for (const kind of LIVE_DELIVERY_KINDS) expect(deliveryOf(kind, GOOD[kind])).toEqual({ kind, payload: GOOD[kind] });
  });

  it("reads the legacy spellings item_id and bonus_credits as itemId and bonusCredits, and the defaults older rows relied on", () => {
    expect(deliveryOf("STORE_ITEM", { item_id: 13652, quantity: 1, name: "Dragon claws" })).toEqual({
      kind: "STORE_ITEM",
      payload: { itemId: 13652, quantity: 1, name: "Dragon claws" },
    });
    expect(deliveryOf("STORE_ITEM", { item_id: 13652 })).toEqual({ kind: "STORE_ITEM", payload: { itemId: 13652, quantity: 1 } });
    expect(deliveryOf("CREDIT_PACKAGE", { credits: 500, bonus_credits: 50 })).toEqual({ kind: "CREDIT_PACKAGE", payload: { credits: 500, bonusCredits: 50 } });
    expect(deliveryOf("CREDIT_PACKAGE", { credits: 500 })).toEqual({ kind: "CREDIT_PACKAGE", payload: { credits: 500, bonusCredits: 0 } });
    // Today's name wins when a row has both.
    expect(deliveryOf("STORE_ITEM", { itemId: 1, item_id: 2, quantity: 1 })?.payload).toMatchObject({ itemId: 1 });
  });

  it("lets the row's links (the product's name, the vote's site) win over the payload's copies", () => {
    expect(deliveryOf("STORE_ITEM", { itemId: 1, quantity: 1, name: "Old name" }, { name: "New name", site: undefined })?.payload).toEqual({
      itemId: 1,
      quantity: 1,
      name: "New name",
    });
    expect(deliveryOf("VOTE_REWARD", { points: 1 }, { site: "runelist" })?.payload).toEqual({ points: 1, site: "runelist" });
  });

  it("answers null for a payload that is not its kind's shape", () => {
    for (const [kind, payload] of [
      ["STORE_ITEM", {}],
      ["STORE_ITEM", { itemId: "4151", quantity: 1 }],
      ["CREDIT_PACKAGE", { bonusCredits: 5 }],
      ["VOTE_REWARD", { site: "runelocus" }],
      ["VOTE_REWARD", [1, 2]],
      ["NO_SUCH_KIND", GOOD.STORE_ITEM],
    ] as const)
      expect(deliveryOf(kind as TDeliveryKind, payload), `${kind} ${JSON.stringify(payload)}`).toBeNull();
  });
});

describe("the game's shape of each kind", () => {
  it("maps each live kind to its snake_case payload, which the claim answer's schema accepts", () => {
    const made = LIVE_DELIVERY_KINDS.map((kind) => gameDeliveryOf(deliveryOf(kind, GOOD[kind])!));
    expect(made).toEqual([
      { kind: "store_item", payload: { item_id: 4151, quantity: 2, name: null } },
      { kind: "credit_package", payload: { credits: 1000, bonus_credits: 100 } },
      { kind: "vote_reward", payload: { points: 3, site: "runelocus" } },
      { kind: "competition_prize", payload: { competition_id: 3, competition: "Summer ladder", placement: 1, item_id: 11802, quantity: 1 } },
      { kind: "vote_streak_reward", payload: { streak_days: 7, points: 5 } },
      { kind: "vote_monthly_prize", payload: { month: "2027-01", place: 1, item_id: 995, quantity: 10_000_000, points: null } },
    ]);
    const points = gameDeliveryOf(deliveryOf("VOTE_MONTHLY_PRIZE", { month: "2027-01", place: 3, points: 50 })!);
    expect(points).toEqual({ kind: "vote_monthly_prize", payload: { month: "2027-01", place: 3, item_id: null, quantity: null, points: 50 } });
    for (const d of made)
      expect(ZGameDelivery.parse({ id: 1, ...d, created: "2026-11-24T12:00:00.000Z" })).toEqual({ id: 1, ...d, created: "2026-11-24T12:00:00.000Z" });
    expect(DELIVERY_KINDS).toEqual(made.map((d) => d.kind));
  });

  it("refuses a delivery whose payload is another kind's", () => {
    const wrong = { id: 1, kind: "store_item", payload: { credits: 1000, bonus_credits: 100 }, created: "2026-11-24T12:00:00.000Z" };
    expect(ZGameDelivery.safeParse(wrong).success).toBe(false);
  });

  it("has a stored and a game shape for every reserved kind, and lists each kind once", () => {
    const reserved = {
      GIFT: [
        { itemId: 4151, quantity: 1, name: "Abyssal whip", fromUserId: 7, fromName: "Zezima" },
        { item_id: 4151, quantity: 1, name: "Abyssal whip", from_player_id: 7, from_name: "Zezima" },
      ],
    } as const;
    for (const kind of RESERVED_DELIVERY_KINDS) {
      const [stored, game] = reserved[kind];
      expect(ZDelivery.parse({ kind, payload: stored })).toEqual({ kind, payload: stored });
      const d = gameDeliveryOf(deliveryOf(kind, stored)!);
      expect(d).toEqual({ kind: kind.toLowerCase(), payload: game });
      expect(gamePayloadSchema(kind).parse(d.payload)).toEqual(game);
    }
    const kinds = ZDelivery.options.map((o) => o.shape.kind.value);
    expect(kinds).toEqual([...LIVE_DELIVERY_KINDS, ...RESERVED_DELIVERY_KINDS]);
  });
});

describe("every writer of game_deliveries", () => {
  // A row is written by Prisma's create (lib/server, the demo seed) or by raw SQL in a sql/
  // module; either way the kind and payload come from deliveryPayload().
  const files = [...walk("lib/server"), "prisma/seed-demo.ts"];
  const writers = files.filter((f) => /gameDelivery\.(create|createMany|upsert)\(|INSERT INTO game_deliveries/.test(readFileSync(f, "utf8")));

  it("makes its kind and payload with deliveryPayload()", () => {
    expect(writers.length).toBeGreaterThanOrEqual(5);
    for (const file of writers) {
      const text = readFileSync(file, "utf8");
      if (text.includes("INSERT INTO game_deliveries")) expect(text, file).toMatch(/delivery: TDelivery<"[A-Z_]+">/);
      else expect(text, file).toContain("deliveryPayload(");
      // No payload written as a literal beside the builder's.
      expect(text, file).not.toMatch(/gameDelivery\.(create|createMany|upsert|update|updateMany)\(\{[^;]*\bpayload:/);
      expect(text, file).not.toMatch(/\bkind: "(STORE_ITEM|CREDIT_PACKAGE|VOTE_REWARD)", payload/);
    }
  });
});

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith(".ts") ? [path.join(dir, e.name)] : [],
  );
}
