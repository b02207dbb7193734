import { LocalDateTime } from "@/components/ui/local-date-time-client";
import type { TStaffWebhookEvent } from "@/lib/schemas/staff-payments";
import { ReapplyEvent } from "./reapply-event-client";
import { StaffBadge } from "./staff-badge";

const PROVIDER_NAMES: Record<TStaffWebhookEvent["provider"], string> = { stripe: "Stripe", paypal: "PayPal", coinbase: "Coinbase", local: "Local" };

/** One stored provider event: what it was, whether it was applied (and why not), its raw payload, and Re-apply when it failed. */
export function WebhookEventCard({ event, headingLevel }: { event: TStaffWebhookEvent; headingLevel: "h3" | "h4" }) {
  const Heading = headingLevel;
  const headingId = `event-${event.id}-title`;
  return (
    <article
      aria-labelledby={headingId}
      className="min-w-0 rounded border-2 border-stone-700 bg-stone-950/60 p-3"
      data-testid="webhook-event"
      data-event-id={event.eventId}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={headingId} className="min-w-0 break-all text-lg text-gold">
          {PROVIDER_NAMES[event.provider]} {event.type}
        </Heading>
        {event.applied ? <StaffBadge tone="ok">Applied</StaffBadge> : <StaffBadge tone="bad">Not applied</StaffBadge>}
      </div>
      <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-400">Event</dt>
        <dd className="break-all">
          #{event.id} · {event.eventId}
        </dd>
        <dt className="text-stone-400">Signature</dt>
        <dd>{event.signature === "verified" ? "Verified on arrival" : "None: the answer to our own PayPal capture call"}</dd>
        <dt className="text-stone-400">Received</dt>
        <dd>
          <LocalDateTime value={event.receivedAt} />
        </dd>
        <dt className="text-stone-400">Settled</dt>
        <dd>{event.processedAt ? <LocalDateTime value={event.processedAt} /> : "Not yet"}</dd>
        <dt className="text-stone-400">Purchase</dt>
        <dd>{event.purchaseId === null ? "None found" : `#${event.purchaseId}`}</dd>
        {event.error ? (
          <>
            <dt className="text-stone-400">Error</dt>
            <dd className="break-words text-red-200" data-testid="event-error">
              {event.error}
            </dd>
          </>
        ) : null}
      </dl>
      <details className="mt-2">
        <summary className="flex min-h-11 cursor-pointer items-center text-gold">Raw payload</summary>
        <pre
          role="region"
          aria-label={`Raw payload of event ${event.eventId}`}
          tabIndex={0}
          className="mt-2 max-h-96 overflow-auto rounded border border-stone-700 bg-stone-950 p-3 text-xs text-stone-200"
        >
          {JSON.stringify(event.payload, null, 2)}
        </pre>
      </details>
      {event.applied ? null : (
        <div className="mt-2">
          <ReapplyEvent eventId={event.id} label={event.eventId} />
        </div>
      )}
    </article>
  );
}
