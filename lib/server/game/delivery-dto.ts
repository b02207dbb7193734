import "server-only";
import type { DeliveryKind, Prisma } from "@/lib/generated/prisma/client";
import { deliveryOf, gameDeliveryOf, type TReadDelivery } from "@/lib/schemas/delivery-payloads";
import type { TGameDelivery } from "@/lib/schemas/game";
import { log } from "../log";

// What the game sees of a delivery (lib/schemas/game.ts ZGameDelivery). A row's payload is read
// by its kind's rule (lib/schemas/delivery-payloads.ts: today's shape, or an older row's
// spelling) and mapped to the kind's game shape; nothing else of the row (user, lease, order)
// leaves the server.

/** The relations toGameDelivery reads; pass it as `include` when loading rows. */
export const deliveryInclude = {
  storeOrder: { select: { product: { select: { name: true } } } },
  vote: { select: { site: { select: { key: true } } } },
} satisfies Prisma.GameDeliveryInclude;

/** What a delivery is read from: its kind and payload, and the links that name the product or the vote site. */
type LinkedRow = { kind: DeliveryKind; payload: Prisma.JsonValue; storeOrder: { product: { name: string } } | null; vote: { site: { key: string } } | null };
type Row = Prisma.GameDeliveryGetPayload<{ include: typeof deliveryInclude }>;

/**
 * The row's delivery as its kind's read rule answers it, with what its links say: the product's
 * name (its current one) and the vote's site win over the payload's copies. Null when the
 * payload cannot be read as its kind (no writer makes such a row; see gameDeliveriesOf).
 */
export function readDelivery(row: LinkedRow): TReadDelivery<DeliveryKind> | null {
  return deliveryOf(row.kind, row.payload, { name: row.storeOrder?.product.name, site: row.vote?.site.key });
}

/** The game's view of the row, or null when its payload cannot be read. */
export function toGameDelivery(row: Row): TGameDelivery | null {
  const d = readDelivery(row);
  if (!d) return null;
  return { id: row.id, ...gameDeliveryOf(d), created: row.createdAt.toISOString() };
}

/**
 * The rows the game can read, in their order. A row whose payload is not its kind's shape is
 * left out and logged for the operator rather than failing the player's whole claim or handing
 * the game a shape it cannot grant; claimed, it comes back after its lease like any un-acked one.
 */
export function gameDeliveriesOf<R extends Row>(rows: R[]): Array<{ row: R; delivery: TGameDelivery }> {
  const out: Array<{ row: R; delivery: TGameDelivery }> = [];
  for (const row of rows) {
    const delivery = toGameDelivery(row);
    if (delivery) out.push({ row, delivery });
    else log.error("deliveries.unreadable_payload", { deliveryId: row.id, kind: row.kind, userId: row.userId });
  }
  return out;
}
