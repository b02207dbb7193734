import "server-only";
import { blockReasonFromDb } from "@/lib/orders/block-reasons";
import type { DeliveryBlockReason, DeliveryStatus } from "@/lib/generated/prisma/enums";

// The game's latest "blocked" report on a delivery (POST /game/deliveries/blocked), as staff see
// it: only while the delivery still waits for the game.

export function deliveryBlockedOf(d: {
  status: DeliveryStatus;
  blockedReason: DeliveryBlockReason | null;
  blockedMessage: string | null;
  blockedAt: Date | null;
}): { reason: ReturnType<typeof blockReasonFromDb>; message: string | null; at: string } | null {
  if ((d.status !== "PENDING" && d.status !== "LEASED") || d.blockedReason === null || d.blockedAt === null) return null;
  return { reason: blockReasonFromDb(d.blockedReason), message: d.blockedMessage, at: d.blockedAt.toISOString() };
}
