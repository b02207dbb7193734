import Link from "next/link";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { blockedLine } from "@/lib/orders/block-reasons";
import type { TStaffDelivery } from "@/lib/schemas/staff-deliveries";
import { DeliveryActions } from "./delivery-actions-client";
import { StaffBadge } from "./staff-badge";

const KIND_LABELS: Record<TStaffDelivery["kind"], string> = {
  store_item: "Store item",
  credit_package: "Credit package",
  vote_reward: "Vote reward",
  competition_prize: "Competition prize",
  vote_streak_reward: "Vote streak bonus",
  vote_monthly_prize: "Top voter prize",
};
const fmt = (v: unknown) => (typeof v === "number" ? v.toLocaleString("en-US") : String(v ?? "?"));

/** What the game will hand over, in words: "1 x Dragon claws (item 13652)". */
export function deliverySummary(d: Pick<TStaffDelivery, "kind" | "payload">): string {
  const p = d.payload;
  if (d.kind === "store_item") return `${fmt(p.quantity)} x ${p.name ?? "item"} (item ${String(p.item_id ?? "?")})`;
  if (d.kind === "credit_package") return `${fmt(p.credits)} credits + ${fmt(p.bonus_credits)} bonus`;
  if (d.kind === "vote_streak_reward") return `${fmt(p.points)} vote points for a ${fmt(p.streak_days)}-day streak`;
  if (d.kind === "vote_monthly_prize")
    return `${p.points !== null && p.points !== undefined ? `${fmt(p.points)} vote points` : `${fmt(p.quantity)} x item ${fmt(p.item_id)}`} for place ${fmt(p.place)} in ${String(p.month ?? "?")}`;
  return `${fmt(p.points)} vote ${p.points === 1 ? "point" : "points"}${p.site ? ` (${p.site})` : ""}`;
}

function Status({ d }: { d: TStaffDelivery }) {
  if (d.status === "delivered") return <StaffBadge tone="ok">Delivered</StaffBadge>;
  if (d.status === "canceled") return <StaffBadge tone="none">Canceled</StaffBadge>;
  if (d.blocked && d.status === "pending") return <StaffBadge tone="bad">Blocked</StaffBadge>;
  if (d.status === "leased") return <StaffBadge tone={d.leaseExpired ? "bad" : "wait"}>{d.leaseExpired ? "Lease expired" : "Leased"}</StaffBadge>;
  return <StaffBadge tone="wait">Pending</StaffBadge>;
}

/** One delivery: what, for whom, where it stands with the game, where it comes from, and Re-send / Cancel. */
export function DeliveryCard({ delivery: d }: { delivery: TStaffDelivery }) {
  const headingId = `delivery-${d.id}-title`;
  const summary = deliverySummary(d);
  const source = [
    d.storeOrderId !== null ? `store order #${d.storeOrderId}${d.refundCredits !== null ? ` (${d.refundCredits.toLocaleString("en-US")} credits)` : ""}` : null,
    d.creditPurchaseId !== null ? `credit purchase #${d.creditPurchaseId}` : null,
    d.voteId !== null ? `vote #${d.voteId}` : null,
    d.resentFromId !== null ? `re-sent copy of delivery #${d.resentFromId}` : null,
  ].filter(Boolean);
  return (
    <article aria-labelledby={headingId} className="panel min-w-0 p-4" data-testid="delivery" data-delivery-id={d.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="min-w-0 break-words text-xl text-gold">
          #{d.id} {KIND_LABELS[d.kind]}: {summary}
        </h2>
        <Status d={d} />
      </div>
      <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="text-stone-400">Player</dt>
        <dd className="break-words">
          <Link href={`/staff/deliveries?player=${encodeURIComponent(d.player.username)}`} className="underline">
            {d.player.username}
          </Link>{" "}
          (id {d.player.id})
        </dd>
        <dt className="text-stone-400">Created</dt>
        <dd>
          <LocalDateTime value={d.createdAt} />
        </dd>
        {d.leasedUntil && d.status === "leased" ? (
          <>
            <dt className="text-stone-400">{d.leaseExpired ? "Lease ended" : "Leased until"}</dt>
            <dd>
              <LocalDateTime value={d.leasedUntil} />
            </dd>
          </>
        ) : null}
        {d.blocked ? (
          <>
            <dt className="text-stone-400">Blocked</dt>
            <dd className="break-words" data-testid="delivery-blocked">
              {blockedLine(d.blocked)} (<LocalDateTime value={d.blocked.at} />)
            </dd>
          </>
        ) : null}
        {d.deliveredAt ? (
          <>
            <dt className="text-stone-400">Delivered</dt>
            <dd>
              <LocalDateTime value={d.deliveredAt} />
            </dd>
          </>
        ) : null}
        <dt className="text-stone-400">Handed out</dt>
        <dd>{d.attempts === 1 ? "once" : `${d.attempts} times`}</dd>
        <dt className="text-stone-400">From</dt>
        <dd className="break-words">{source.length ? source.join(", ") : "added directly"}</dd>
        {d.resentIds.length ? (
          <>
            <dt className="text-stone-400">Re-sent as</dt>
            <dd>{d.resentIds.map((id) => `#${id}`).join(", ")}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-3">
        <DeliveryActions
          id={d.id}
          summary={summary}
          player={d.player.username}
          kind={d.kind}
          canResend={d.canResend}
          canCancel={d.canCancel}
          refundCredits={d.refundCredits}
        />
      </div>
    </article>
  );
}
