import "server-only";
import type { TVoteCallbackRow } from "@/lib/schemas/staff-players";
import { db } from "../db";
import { pageWindow } from "../paging";
import { findPlayerIdOrThrow, type Listed, type RecordPage, type StaffViewer } from "./player-dto";

/** Every raw vote-site callback whose token named this player, counted or not (with why not), newest first. */
export async function listPlayerVoteCallbacks(userId: number, { page, pageSize }: RecordPage, viewer: StaffViewer): Promise<Listed<TVoteCallbackRow>> {
  await findPlayerIdOrThrow(userId, viewer);
  const [rows, total] = await Promise.all([
    db.voteCallback.findMany({ where: { userId }, orderBy: { id: "desc" }, include: { site: { select: { name: true } } }, ...pageWindow(page, pageSize) }),
    db.voteCallback.count({ where: { userId } }),
  ]);
  return {
    total,
    results: rows.map((c) => ({
      id: c.id,
      receivedAt: c.receivedAt.toISOString(),
      site: c.site?.name ?? null,
      ip: c.ip,
      accepted: c.accepted,
      reason: c.reason,
    })),
  };
}
