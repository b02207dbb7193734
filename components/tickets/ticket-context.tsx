import { LocalDateTime } from "@/components/ui/local-date-time-client";
import type { TTicketContext } from "@/lib/schemas/tickets";

/** The purchase, store order or vote the player linked, beside the ticket. `paymentHref`: staff who may read payments get a link to the purchase there. */
export function TicketContext({ context, paymentHref }: { context: TTicketContext; paymentHref?: string }) {
  const { purchase, order, vote } = context;
  if (!purchase && !order && !vote) return null;
  return (
    <section aria-labelledby="ticket-context-heading" className="space-y-3">
      <h2 id="ticket-context-heading" className="text-xl text-gold">
        Related records
      </h2>
      <dl className="space-y-3 text-sm">
        {purchase ? (
          <div>
            <dt className="font-semibold text-stone-100">
              {paymentHref ? <a href={paymentHref}>Credit purchase #{purchase.id}</a> : <>Credit purchase #{purchase.id}</>}
            </dt>
            <dd>
              {purchase.credits.toLocaleString("en-US")} credits{purchase.bonusCredits ? ` (+${purchase.bonusCredits.toLocaleString("en-US")} bonus)` : ""}, $
              {purchase.price.toFixed(2)} by {purchase.method}, {purchase.status}
            </dd>
            <dd className="text-stone-400">
              <LocalDateTime value={purchase.time} long />
            </dd>
          </div>
        ) : null}
        {order ? (
          <div>
            <dt className="font-semibold text-stone-100">Store order #{order.id}</dt>
            <dd>
              {order.product} × {order.quantity}, {order.priceCredits.toLocaleString("en-US")} credits; delivery: {order.delivery ?? "none"}
            </dd>
            <dd className="text-stone-400">
              <LocalDateTime value={order.time} long />
            </dd>
          </div>
        ) : null}
        {vote ? (
          <div>
            <dt className="font-semibold text-stone-100">Vote #{vote.id}</dt>
            <dd>
              On {vote.site}; delivery: {vote.delivery ?? "none"}
            </dd>
            <dd className="text-stone-400">
              <LocalDateTime value={vote.time} long />
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
