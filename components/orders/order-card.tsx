import Link from "next/link";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import type { TOrder } from "@/lib/schemas/orders";
import { CheckoutActions } from "./checkout-actions-client";
import { CLAIM_HINT, STATUS_LABELS, deliveryHeadline, giftClaimHint, giftFromText, giftToText, orderAmount } from "./order-text";

const GOOD = new Set(["paid"]);

/**
 * One order of the history: number, when, what, price (and its discounts), status and where its
 * delivery stands. A gift says who it is for or from; a gift received shows no price (the buyer's).
 */
export function OrderCard({ order: o, balance }: { order: TOrder; balance: number }) {
  const headingId = `order-${o.number}`;
  const d = o.delivery;
  return (
    <article aria-labelledby={headingId} className="panel min-w-0 p-4" data-testid="order" data-order={o.number}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="min-w-0 break-words text-lg text-gold">
          {o.lines.map((l) => (l.quantity > 1 ? `${l.quantity} x ${l.name}` : l.name)).join(", ")}
        </h3>
        <span
          className={`rounded px-2 py-0.5 text-sm font-bold ${GOOD.has(o.status) ? "bg-moss/30 text-emerald-200" : "bg-gold/15 text-gold"}`}
          data-testid="order-status"
        >
          {STATUS_LABELS[o.status]}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="text-stone-400">Order</dt>
        <dd className="font-mono">{o.number}</dd>
        <dt className="text-stone-400">Ordered</dt>
        <dd>
          <LocalDateTime value={o.created} long />
        </dd>
        {o.gift_to !== null || o.gift_from !== null ? (
          <>
            <dt className="text-stone-400">Gift</dt>
            <dd className="break-words" data-testid="order-gift">
              {o.gift_to !== null ? giftToText(o.gift_to) : giftFromText(o.gift_from ?? "")}
            </dd>
          </>
        ) : null}
        {o.gift_from === null ? (
          <>
            <dt className="text-stone-400">Price</dt>
            <dd data-testid="order-price">{orderAmount(o, o.total)}</dd>
          </>
        ) : null}
        {o.discounts.length > 0 ? (
          <>
            <dt className="text-stone-400">Discounts</dt>
            <dd>
              <ul data-testid="order-discounts">
                {o.discounts.map((x, i) => (
                  <li key={i} className="break-words">
                    {x.label}: -{orderAmount(o, x.amount)}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        ) : null}
        {d ? (
          <>
            <dt className="text-stone-400">In game</dt>
            <dd data-testid="delivery-state" data-state={d.state}>
              <span className={d.state === "blocked" ? "font-semibold text-red-200" : d.state === "claimed" ? "text-emerald-200" : ""}>
                {deliveryHeadline(d)}
              </span>
              {d.state === "claimed" && d.delivered_at ? (
                <>
                  {" "}
                  <LocalDateTime value={d.delivered_at} long />
                </>
              ) : null}
              {d.state === "blocked" && d.blocked_message ? <span className="block text-sm text-stone-300">“{d.blocked_message}”</span> : null}
              {d.state === "waiting" || d.state === "blocked" ? (
                <span className="block text-sm text-stone-400">{o.gift_to !== null ? giftClaimHint(o.gift_to) : CLAIM_HINT}</span>
              ) : null}
            </dd>
          </>
        ) : null}
        {o.status === "pending" && o.expires_at ? (
          <>
            <dt className="text-stone-400">Open until</dt>
            <dd>
              <LocalDateTime value={o.expires_at} long />
            </dd>
          </>
        ) : null}
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {o.status === "paid" || o.status === "refunded" || o.status === "disputed" ? (
          <Link href={`/account/orders/${o.number}`} className="btn btn-stone min-h-11">
            Receipt<span className="sr-only"> for order {o.number}</span>
          </Link>
        ) : null}
        {o.can_cancel || o.can_resume ? <CheckoutActions number={o.number} canResume={o.can_resume} canCancel={o.can_cancel} balance={balance} /> : null}
      </div>
    </article>
  );
}
