import "server-only";
import type { TOrder, TOrderType } from "@/lib/schemas/orders";
import { ORDERS_PAGE_SIZE } from "@/lib/schemas/orders";
import { parseOrderNumber } from "@/lib/orders/order-number";
import type { TPaged } from "@/lib/schemas/api";
import { db } from "../db";
import { AppError } from "../errors";
import { paged, pageWindow } from "../paging";
import { creditOrderDto, creditOrderInclude, itemOrderDto, itemOrderInclude } from "./order-dto";
import { pageOfOrders } from "./sql/order-index";

// GET /account/orders and the order history page: the caller's own orders only, always scoped by
// the signed-in user's id (another player's order answers like one that does not exist). A gift
// is the buyer's order and the recipient's too, each seeing it their way (itemOrderDto).

/** A store order the user bought, or a gift bought for them. */
const itemOrderOf = (userId: number) => ({ OR: [{ userId }, { recipientId: userId }] });

export const NO_SUCH_ORDER = "No such order.";

export async function listOrders(userId: number, opts: { type: TOrderType; page: number }): Promise<{ results: TOrder[]; total: number }> {
  const { skip, take } = pageWindow(opts.page, ORDERS_PAGE_SIZE);
  const { refs, total } = await pageOfOrders(userId, { credits: opts.type !== "items", items: opts.type !== "credits", skip, take });
  const creditIds = refs.filter((r) => r.kind === "credits").map((r) => r.id);
  const itemIds = refs.filter((r) => r.kind === "item").map((r) => r.id);
  const [credits, items] = await Promise.all([
    creditIds.length ? db.creditPurchase.findMany({ where: { id: { in: creditIds }, userId }, include: creditOrderInclude }) : [],
    itemIds.length ? db.storeOrder.findMany({ where: { id: { in: itemIds }, ...itemOrderOf(userId) }, include: itemOrderInclude }) : [],
  ]);
  const byKey = new Map<string, TOrder>([
    ...credits.map((p) => [`credits:${p.id}`, creditOrderDto(p)] as const),
    ...items.map((o) => [`item:${o.id}`, itemOrderDto(o, userId)] as const),
  ]);
  return { results: refs.flatMap((r) => byKey.get(`${r.kind}:${r.id}`) ?? []), total };
}

/** The API's page: `{ results, previous, next }`. */
export async function listOrdersPage(req: Request, userId: number, opts: { type?: TOrderType | undefined; page: number }): Promise<TPaged<TOrder>> {
  const { results, total } = await listOrders(userId, { type: opts.type ?? "all", page: opts.page });
  return paged(req, { page: opts.page, pageSize: ORDERS_PAGE_SIZE, total, results });
}

/** One of the user's orders by its number; 404 for a number that is not theirs or not an order. */
export async function getOrderOrThrow(userId: number, number: string): Promise<TOrder> {
  const ref = parseOrderNumber(number);
  if (ref?.kind === "credits") {
    const p = await db.creditPurchase.findFirst({ where: { id: ref.id, userId }, include: creditOrderInclude });
    if (p) return creditOrderDto(p);
  } else if (ref?.kind === "item") {
    const o = await db.storeOrder.findFirst({ where: { id: ref.id, ...itemOrderOf(userId) }, include: itemOrderInclude });
    if (o) return itemOrderDto(o, userId);
  }
  throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_ORDER });
}
