import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "../../db";

// The order history's one index over both kinds of order (credit purchases paid with money,
// store orders paid with credits, and gifts received), newest first; the rows themselves are read by id afterwards.

export type OrderRef = { kind: "credits" | "item"; id: number };

function union(userId: number, credits: boolean, items: boolean) {
  const parts: Prisma.Sql[] = [];
  if (credits) parts.push(Prisma.sql`SELECT 'credits' AS kind, id, "createdAt" FROM credit_purchases WHERE "userId" = ${userId}`);
  // Store orders the user bought, and gifts bought for them (docs/store.md "Gifting").
  if (items) parts.push(Prisma.sql`SELECT 'item' AS kind, id, "createdAt" FROM store_orders WHERE "userId" = ${userId} OR "recipientId" = ${userId}`);
  return Prisma.join(parts, " UNION ALL ");
}

/** One page of the user's orders (both kinds, or one), newest first, and how many there are in all. */
export async function pageOfOrders(
  userId: number,
  opts: { credits: boolean; items: boolean; skip: number; take: number },
): Promise<{ refs: OrderRef[]; total: number }> {
  const from = union(userId, opts.credits, opts.items);
  const [refs, count] = await Promise.all([
    db.$queryRaw<OrderRef[]>`SELECT kind, id FROM (${from}) o ORDER BY "createdAt" DESC, kind, id DESC LIMIT ${opts.take} OFFSET ${opts.skip}`,
    db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM (${from}) o`,
  ]);
  return { refs, total: Number(count[0]?.n ?? 0) };
}
