import "server-only";
import type { DeliveryKind, Prisma } from "@/lib/generated/prisma/client";
import type { TGameDelivery } from "@/lib/schemas/game";

// What the game sees of a delivery (lib/schemas/game.ts ZGameDelivery). Rows store their
// payload in our own camelCase words; the game-facing API is snake_case, so each kind's keys
// are mapped here, and nothing else of the row (user, lease, order) leaves the server.

/** The relations toGameDelivery reads; pass it as `include` when loading rows. */
export const deliveryInclude = {
  storeOrder: { select: { product: { select: { name: true } } } },
  vote: { select: { site: { select: { key: true } } } },
} satisfies Prisma.GameDeliveryInclude;

type Row = Prisma.GameDeliveryGetPayload<{ include: typeof deliveryInclude }>;
type Value = string | number | boolean | null;

const KIND: Record<DeliveryKind, TGameDelivery["kind"]> = { STORE_ITEM: "store_item", CREDIT_PACKAGE: "credit_package", VOTE_REWARD: "vote_reward" };

function field(payload: unknown, ...keys: string[]): Value {
  if (typeof payload !== "object" || payload === null) return null;
  for (const k of keys) {
    const v = (payload as Record<string, unknown>)[k];
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  }
  return null;
}

export function toGameDelivery(row: Row): TGameDelivery {
  const p = row.payload;
  let payload: Record<string, Value>;
  switch (row.kind) {
    case "STORE_ITEM":
      payload = { item_id: field(p, "itemId", "item_id"), quantity: field(p, "quantity") ?? 1, name: row.storeOrder?.product.name ?? field(p, "name") };
      break;
    case "CREDIT_PACKAGE":
      payload = { credits: field(p, "credits") ?? 0, bonus_credits: field(p, "bonusCredits", "bonus_credits") ?? 0 };
      break;
    case "VOTE_REWARD":
      payload = { points: field(p, "points") ?? 0, site: row.vote?.site.key ?? field(p, "site") };
      break;
  }
  return { id: row.id, kind: KIND[row.kind], payload, created: row.createdAt.toISOString() };
}
