import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { PrintButton } from "@/components/orders/print-button-client";
import { STATUS_LABELS, deliveryHeadline, giftFromText, giftToText } from "@/components/orders/order-text";
import { BackLink } from "@/components/ui/back-link";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { METHOD_NAMES, receiptAmount } from "@/lib/orders/receipt-text";
import { parseOrderNumber } from "@/lib/orders/order-number";
import { AppError } from "@/lib/server/errors";
import { requireUser } from "@/lib/server/sessions/guards";
import { getOrderOrThrow } from "@/lib/server/store/list-orders";
import { siteConfig } from "@/lib/site-config";

export const metadata: Metadata = { title: "Receipt", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

/**
 * The receipt of one of the player's own orders (docs/payments.md "Receipts"), printable: the
 * same lines as the receipt email, discounts included. Another player's order, or an order not
 * paid, is the 404 page. A gift received (docs/store.md "Gifting") shows who sent it and the
 * item, without the amounts: those are the buyer's.
 */
export default async function ReceiptPage({ params }: { params: Promise<{ number: string }> }) {
  const { number } = await params;
  const actor = await requireUser(`/account/orders/${encodeURIComponent(number)}`, { storeSession: true });
  if (!parseOrderNumber(number)) notFound();
  let order;
  try {
    order = await getOrderOrThrow(actor.userId, number);
  } catch (e) {
    if (e instanceof AppError && e.code === "NOT_FOUND") notFound();
    throw e;
  }
  if (order.paid_at === null || (order.status !== "paid" && order.status !== "refunded" && order.status !== "disputed")) notFound();
  const amount = (n: number) => receiptAmount(order.currency, n);
  const received = order.gift_from !== null;
  return (
    <div data-receipt className="mx-auto max-w-2xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackLink href="/account/purchases">Back to your orders</BackLink>
        <PrintButton />
      </div>
      <article aria-labelledby="receipt-heading" className="panel p-5 print:border-0 print:bg-white print:text-black">
        <h1 id="receipt-heading" className="text-3xl text-gold print:text-black">
          Receipt
        </h1>
        <p className="text-stone-300 print:text-black">{siteConfig.name}</p>
        <dl className="mt-4 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
          <dt className="text-stone-400 print:text-black">Order number</dt>
          <dd className="font-mono" data-testid="receipt-number">
            {order.number}
          </dd>
          {order.gift_to !== null || order.gift_from !== null ? (
            <>
              <dt className="text-stone-400 print:text-black">Gift</dt>
              <dd className="break-words" data-testid="receipt-gift">
                {order.gift_to !== null ? giftToText(order.gift_to) : giftFromText(order.gift_from ?? "")}
              </dd>
            </>
          ) : null}
          <dt className="text-stone-400 print:text-black">{received ? "Sent" : "Paid"}</dt>
          <dd>
            <LocalDateTime value={order.paid_at} long />
          </dd>
          {received ? null : (
            <>
              <dt className="text-stone-400 print:text-black">Paid with</dt>
              <dd>{METHOD_NAMES[order.method] ?? order.method}</dd>
            </>
          )}
          <dt className="text-stone-400 print:text-black">Status</dt>
          <dd>{STATUS_LABELS[order.status]}</dd>
          {order.delivery ? (
            <>
              <dt className="text-stone-400 print:text-black">In game</dt>
              <dd>{deliveryHeadline(order.delivery)}</dd>
            </>
          ) : null}
        </dl>
        <table className="mt-5 w-full text-left">
          <caption className="sr-only">Items of order {order.number}</caption>
          <thead>
            <tr className="border-b-2 border-stone-700 text-stone-400 print:text-black">
              <th scope="col" className="py-2 pr-3">
                Item
              </th>
              <th scope="col" className="py-2 pr-3 text-right">
                Qty
              </th>
              {received ? null : (
                <th scope="col" className="py-2 text-right">
                  Amount
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {order.lines.map((l, i) => (
              <tr key={i} className="border-b border-stone-800">
                <td className="py-2 pr-3 break-words">{l.name}</td>
                <td className="py-2 pr-3 text-right">{l.quantity}</td>
                {received ? null : <td className="py-2 text-right">{amount(l.amount)}</td>}
              </tr>
            ))}
            {order.discounts.map((d, i) => (
              <tr key={`d${i}`} className="border-b border-stone-800" data-testid="receipt-discount">
                <td className="py-2 pr-3" colSpan={2}>
                  {d.label}
                </td>
                <td className="py-2 text-right">-{amount(d.amount)}</td>
              </tr>
            ))}
          </tbody>
          {received ? null : (
            <tfoot>
              <tr>
                <th scope="row" colSpan={2} className="py-2 pr-3 text-left">
                  Total paid
                </th>
                <td className="py-2 text-right font-bold" data-testid="receipt-total">
                  {amount(order.total)}
                </td>
              </tr>
            </tfoot>
          )}
        </table>
      </article>
    </div>
  );
}
