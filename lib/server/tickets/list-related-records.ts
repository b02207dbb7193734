import "server-only";
import { formatLongDate } from "@/lib/format/dates";
import { db } from "../db";

// The create form's "Related purchase or vote" choices: the player's own recent records only
// (openTicket checks ownership again, whatever id is sent).

const RECENT = 20;

export type RelatedRecordOption = { value: string; label: string };

export async function listRelatedRecords(userId: number): Promise<RelatedRecordOption[]> {
  const [purchases, orders, votes] = await Promise.all([
    db.creditPurchase.findMany({ where: { userId }, orderBy: { id: "desc" }, take: RECENT }),
    db.storeOrder.findMany({ where: { userId }, orderBy: { id: "desc" }, take: RECENT, include: { product: { select: { name: true } } } }),
    db.vote.findMany({ where: { userId }, orderBy: { id: "desc" }, take: RECENT, include: { site: { select: { name: true } } } }),
  ]);
  return [
    ...purchases.map((p) => ({
      value: `purchase:${p.id}`,
      label: `Credit purchase #${p.id}: ${p.credits.toLocaleString("en-US")} credits, $${(p.amountCents / 100).toFixed(2)}, ${formatLongDate(p.createdAt)} (${p.status})`,
    })),
    ...orders.map((o) => ({
      value: `order:${o.id}`,
      label: `Store order #${o.id}: ${o.product.name}, ${o.priceCredits.toLocaleString("en-US")} credits, ${formatLongDate(o.createdAt)}`,
    })),
    ...votes.map((v) => ({ value: `vote:${v.id}`, label: `Vote #${v.id} on ${v.site.name}, ${formatLongDate(v.createdAt)}` })),
  ];
}
