import "server-only";
import type { TStaffRatingRow } from "@/lib/schemas/tickets";
import { db } from "../db";

// The staff tickets page's ratings table: per member of staff, how many of the tickets rated in
// the last `days` days the players rated good, okay and bad (the rating counts for the assignee,
// else the last staff replier: rateTicket). Most rated first.

export async function listStaffRatings(days = 90): Promise<TStaffRatingRow[]> {
  const since = new Date(Date.now() - days * 86_400_000);
  const groups = await db.ticket.groupBy({
    by: ["ratedStaffId", "rating"],
    where: { ratedStaffId: { not: null }, rating: { not: null }, ratedAt: { gte: since } },
    _count: { _all: true },
  });
  const ids = [...new Set(groups.map((g) => g.ratedStaffId!))];
  const users = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true } });
  const rows = new Map<number, TStaffRatingRow>(users.map((u) => [u.id, { staffId: u.id, username: u.username, good: 0, okay: 0, bad: 0 }]));
  for (const g of groups) {
    const row = rows.get(g.ratedStaffId!);
    if (!row || !g.rating) continue;
    row[g.rating === "GOOD" ? "good" : g.rating === "OKAY" ? "okay" : "bad"] += g._count._all;
  }
  return [...rows.values()].sort((a, b) => b.good + b.okay + b.bad - (a.good + a.okay + a.bad) || a.username.localeCompare(b.username));
}
