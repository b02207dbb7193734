import "server-only";
import type { DeliveryStatus, Prisma } from "@/lib/generated/prisma/client";
import { STAFF_DELIVERIES_PAGE_SIZE, type TDeliveryState, type TStaffDelivery } from "@/lib/schemas/staff-deliveries";
import { usernameKey } from "@/lib/usernames";
import { db } from "../db";
import { pageWindow } from "../paging";
import { type DeliveryViewer, staffDeliveryInclude, toStaffDelivery } from "./staff-delivery-dto";

// The staff deliveries list: everything owed to players in game, newest first,
// filtered by player and state. Administrators only (the route and the page check it).

export async function listStaffDeliveries(
  query: { page: number; state?: TDeliveryState | undefined; player?: string | undefined },
  viewer: DeliveryViewer,
): Promise<{ results: TStaffDelivery[]; total: number }> {
  const where: Prisma.GameDeliveryWhereInput = {
    ...(query.state ? { status: query.state.toUpperCase() as DeliveryStatus } : {}),
    ...(query.player ? { user: { usernameKey: usernameKey(query.player) } } : {}),
  };
  const [rows, total] = await Promise.all([
    db.gameDelivery.findMany({ where, include: staffDeliveryInclude, orderBy: { id: "desc" }, ...pageWindow(query.page, STAFF_DELIVERIES_PAGE_SIZE) }),
    db.gameDelivery.count({ where }),
  ]);
  const now = new Date();
  return { results: rows.map((r) => toStaffDelivery(r, viewer, now)), total };
}
