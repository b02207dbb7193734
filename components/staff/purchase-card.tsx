import { LocalDateTime } from "@/components/ui/local-date-time-client";
import type { TStaffPurchase } from "@/lib/schemas/staff-payments";
import { StaffBadge } from "./staff-badge";
import { WebhookEventCard } from "./webhook-event-card";

export const PROVIDER_LABELS: Record<TStaffPurchase["provider"], string> = {
  stripe: "Stripe",
  paypal: "PayPal",
  coinbase: "Coinbase",
  ingame: "In game",
  manual: "Manual",
};
export const PURCHASE_STATUS_LABELS: Record<TStaffPurchase["status"], string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  canceled: "Canceled",
  refunded: "Refunded",
  disputed: "Disputed",
};
const STATUS_TONES = { pending: "wait", paid: "ok", failed: "bad", canceled: "none", refunded: "none", disputed: "bad" } as const;

/** An amount in cents as money; a currency code Intl does not know is shown as it is. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** One credit purchase and every provider event stored for it. */
export function PurchaseCard({ purchase: p }: { purchase: TStaffPurchase }) {
  const headingId = `purchase-${p.id}-title`;
  return (
    <article aria-labelledby={headingId} className="panel min-w-0 p-4" data-testid="purchase" data-purchase-id={p.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-xl text-gold">
          Purchase #{p.id}: {formatMoney(p.amountCents, p.currency)} by {PROVIDER_LABELS[p.provider]}
        </h3>
        <StaffBadge tone={STATUS_TONES[p.status]}>{PURCHASE_STATUS_LABELS[p.status]}</StaffBadge>
      </div>
      <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="text-stone-400">Player</dt>
        <dd className="break-words">
          {p.player.username} (id {p.player.id})
        </dd>
        <dt className="text-stone-400">Credits</dt>
        <dd>
          {p.credits.toLocaleString("en-US")}
          {p.bonusCredits ? ` + ${p.bonusCredits.toLocaleString("en-US")} bonus` : ""}
          {p.deliverInGame ? ", handed over in game" : ", to the website balance"}
        </dd>
        <dt className="text-stone-400">Created</dt>
        <dd>
          <LocalDateTime value={p.createdAt} />
        </dd>
        {p.paidAt ? (
          <>
            <dt className="text-stone-400">Paid</dt>
            <dd>
              <LocalDateTime value={p.paidAt} />
            </dd>
          </>
        ) : null}
        <dt className="text-stone-400">Provider id</dt>
        <dd className="break-all">{p.providerRef ?? "None"}</dd>
      </dl>
      {p.events.length ? (
        <div className="mt-3 space-y-3">
          <p className="font-semibold text-stone-300">
            {p.events.length} provider {p.events.length === 1 ? "event" : "events"}
          </p>
          {p.events.map((e) => (
            <WebhookEventCard key={e.id} event={e} headingLevel="h4" />
          ))}
        </div>
      ) : (
        <p className="mt-3 text-stone-300">No provider events stored for it.</p>
      )}
    </article>
  );
}
