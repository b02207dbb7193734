import "server-only";
import type { TVoteRow } from "@/lib/schemas/staff-players";
import { db } from "../db";
import { pageWindow } from "../paging";
import { findPlayerIdOrThrow, type Listed, type RecordPage, type StaffViewer } from "./player-dto";

/** A player's counted votes, newest first, with the state of each reward's delivery. */
export async function listPlayerVotes(userId: number, { page, pageSize }: RecordPage, viewer: StaffViewer): Promise<Listed<TVoteRow>> {
  await findPlayerIdOrThrow(userId, viewer);
  const [rows, total] = await Promise.all([
    db.vote.findMany({
      where: { userId },
      orderBy: { id: "desc" },
      include: { site: { select: { name: true } }, delivery: { select: { status: true } } },
      ...pageWindow(page, pageSize),
    }),
    db.vote.count({ where: { userId } }),
  ]);
  return {
    total,
    results: rows.map((v) => ({ id: v.id, createdAt: v.createdAt.toISOString(), site: v.site.name, ip: v.ip, deliveryStatus: v.delivery?.status ?? null })),
  };
}
