import "server-only";
import type { z } from "zod";
import type { ZPreviewResult } from "@/lib/schemas/game";
import { db } from "../db";
import { AppError } from "../errors";
import { NO_SUCH_PLAYER } from "./claim-deliveries";
import { deliveryInclude, gameDeliveriesOf } from "./delivery-dto";

// GET /game/deliveries: what a player has waiting, read only (nothing is leased). A lease
// that has run out shows as pending, since the next claim hands it out again.

export async function previewDeliveries(playerId: number): Promise<z.infer<typeof ZPreviewResult>> {
  const player = await db.user.findUnique({ where: { id: playerId }, select: { id: true } });
  if (!player) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_PLAYER });
  const rows = await db.gameDelivery.findMany({
    where: { userId: playerId, status: { in: ["PENDING", "LEASED"] } },
    include: deliveryInclude,
    orderBy: { id: "asc" },
  });
  const now = new Date();
  return {
    deliveries: gameDeliveriesOf(rows).map(({ row: r, delivery }) => ({
      ...delivery,
      status: r.status === "LEASED" && r.leasedUntil !== null && r.leasedUntil >= now ? "leased" : "pending",
    })),
  };
}
