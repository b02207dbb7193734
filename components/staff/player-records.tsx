import Link from "next/link";
import type { ReactNode } from "react";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { blockedLine } from "@/lib/orders/block-reasons";
import { ResponsiveTable } from "@/components/ui/responsive-table";
import type { TSessionDto } from "@/lib/schemas/accounts";
import type {
  TDeliveryRow,
  TLedgerRow,
  TOrderRow,
  TPurchaseRow,
  TStaffPostRow,
  TStaffTicketRow,
  TVoteCallbackRow,
  TProgressRow,
  TVoteRow,
} from "@/lib/schemas/staff-players";
import { TICKET_TYPE_LABELS, isTicketType } from "@/lib/schemas/tickets";
import { StaffBadge } from "./staff-badge";

// The tables of a player's staff page: sessions, credit ledger, purchases with their provider
// events, store orders, deliveries, votes, vote callbacks, progress, tickets and forum posts.
// Server components; each is the shared responsive table (components/ui/responsive-table.tsx):
// a table where there is room, a card per row on a narrow screen.

const num = (n: number) => n.toLocaleString("en-US");
const signed = (n: number) => (n > 0 ? `+${num(n)}` : num(n));
const money = (cents: number, currency = "USD") => `${currency === "USD" ? "$" : `${currency} `}${(cents / 100).toFixed(2)}`;
const when = (iso: string | null) => (iso ? <LocalDateTime value={iso} /> : <span className="text-stone-400">—</span>);
const words = (code: string) => code.charAt(0) + code.slice(1).toLowerCase().replace(/_/g, " ");

/** One of the page's record tables: the shared responsive table, cards on a narrow screen. */
function RecordTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return <ResponsiveTable caption={caption} columns={head.map((label) => ({ label }))} rows={rows.map((cells, i) => ({ key: i, cells }))} />;
}

function DeliveryStatus({
  status,
  leaseExpired = false,
  blocked = null,
}: {
  status: string | null;
  leaseExpired?: boolean;
  blocked?: TDeliveryRow["blocked"];
}) {
  if (!status) return <span className="text-stone-400">None</span>;
  // The game's reason it could not hand it over yet, until it is acked.
  if (blocked)
    return (
      <span className="inline-flex flex-wrap items-center gap-1">
        <StaffBadge tone="bad">Blocked</StaffBadge>
        <span className="text-sm">{blockedLine(blocked)}</span>
      </span>
    );
  if (status === "DELIVERED") return <StaffBadge tone="ok">Delivered</StaffBadge>;
  if (status === "CANCELED") return <StaffBadge tone="none">Cancelled</StaffBadge>;
  if (status === "LEASED") return <StaffBadge tone={leaseExpired ? "bad" : "wait"}>{leaseExpired ? "Lease expired" : "Leased"}</StaffBadge>;
  return <StaffBadge tone="wait">Pending</StaffBadge>;
}

export function SessionsTable({ sessions }: { sessions: TSessionDto[] }) {
  if (!sessions.length) return <p className="text-stone-300">No live sessions.</p>;
  return (
    <RecordTable
      caption="Live sessions"
      head={["Kind", "Device", "Address", "Started", "Last seen"]}
      rows={sessions.map((s) => [s.kind === "api" ? "API login" : "Browser", s.device, s.ip ?? "—", when(s.created), when(s.last_seen)])}
    />
  );
}

export function LedgerTable({ rows }: { rows: TLedgerRow[] }) {
  return (
    <RecordTable
      caption="Credit ledger, newest first"
      head={["When", "Change", "Balance after", "Kind", "Note", "By"]}
      rows={rows.map((r) => [
        when(r.createdAt),
        <span key="d" className={r.delta < 0 ? "text-red-200" : "text-emerald-200"}>
          {signed(r.delta)}
        </span>,
        <strong key="b">{num(r.balanceAfter)}</strong>,
        words(r.kind),
        <span key="n" className="break-words">
          {r.note ?? (r.creditPurchaseId ? `Purchase #${r.creditPurchaseId}` : r.storeOrderId ? `Store order #${r.storeOrderId}` : "—")}
        </span>,
        r.actor ?? "—",
      ])}
    />
  );
}

export function PurchasesTable({ rows }: { rows: TPurchaseRow[] }) {
  return (
    <RecordTable
      caption="Credit purchases, newest first"
      head={["Purchase", "Paid", "Credits", "Status", "Provider reference", "Provider events"]}
      rows={rows.map((p) => [
        <span key="p">
          #{p.id} {words(p.method)}
          <br />
          {when(p.createdAt)}
        </span>,
        money(p.amountCents, p.currency),
        `${num(p.credits)}${p.bonusCredits ? ` + ${num(p.bonusCredits)} bonus` : ""}${p.deliverInGame ? " (in game)" : ""}`,
        words(p.status),
        <span key="r" className="break-all">
          {p.providerRef ?? "—"}
        </span>,
        p.events.length ? (
          <ul key="e" className="space-y-1">
            {p.events.map((e) => (
              <li key={e.id}>
                <span className="break-all">{e.type}</span> <span className="text-stone-400">({e.eventId})</span>
                {e.error ? (
                  <span className="block text-red-200">Not applied: {e.error}</span>
                ) : e.processedAt ? null : (
                  <span className="block text-stone-400">Not processed</span>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <span key="e" className="text-stone-400">
            None
          </span>
        ),
      ])}
    />
  );
}

export function OrdersTable({ rows }: { rows: TOrderRow[] }) {
  return (
    <RecordTable
      caption="Store orders, newest first"
      head={["Order", "When", "Product", "Credits", "Delivery"]}
      rows={rows.map((o) => [
        `#${o.id}`,
        when(o.createdAt),
        `${o.quantity > 1 ? `${num(o.quantity)} x ` : ""}${o.product}`,
        num(o.priceCredits),
        <DeliveryStatus key="s" status={o.deliveryStatus} blocked={o.deliveryBlocked} />,
      ])}
    />
  );
}

function deliveryWhat(d: TDeliveryRow): string {
  const p = (d.payload ?? {}) as Record<string, unknown>;
  const n = (v: unknown) => (typeof v === "number" ? num(v) : String(v ?? "?"));
  if (d.kind === "CREDIT_PACKAGE") return `${n(p.credits)} credits${p.bonusCredits ? ` + ${n(p.bonusCredits)} bonus` : ""}`;
  if (d.kind === "VOTE_REWARD") return `${n(p.points)} vote points${typeof p.site === "string" ? ` (${p.site})` : ""}`;
  if (d.kind === "COMPETITION_PRIZE")
    return `${n(p.quantity ?? 1)} x item ${n(p.itemId)}, place ${n(p.placement)} in ${String(p.competition ?? "a competition")}`;
  return `${n(p.quantity ?? 1)} x item ${n(p.itemId)}`;
}

export function DeliveriesTable({ rows }: { rows: TDeliveryRow[] }) {
  return (
    <RecordTable
      caption="Game deliveries, newest first"
      head={["Delivery", "Queued", "What", "State", "Handed over", "From"]}
      rows={rows.map((d) => [
        `#${d.id}`,
        when(d.createdAt),
        deliveryWhat(d),
        <DeliveryStatus key="s" status={d.status} leaseExpired={d.leaseExpired} blocked={d.blocked} />,
        when(d.deliveredAt),
        d.storeOrderId ? `Order #${d.storeOrderId}` : d.creditPurchaseId ? `Purchase #${d.creditPurchaseId}` : d.voteId ? `Vote #${d.voteId}` : "—",
      ])}
    />
  );
}

export function VotesTable({ rows }: { rows: TVoteRow[] }) {
  return (
    <RecordTable
      caption="Votes, newest first"
      head={["Vote", "When", "Site", "Address", "Reward"]}
      rows={rows.map((v) => [`#${v.id}`, when(v.createdAt), v.site, v.ip ?? "—", <DeliveryStatus key="s" status={v.deliveryStatus} />])}
    />
  );
}

export function ProgressTable({ rows }: { rows: TProgressRow[] }) {
  return (
    <RecordTable
      caption="Progress history, newest first: each hour (or merged day) the game's pushes changed a metric"
      head={["When", "Metric", "From", "To", "Change"]}
      rows={rows.map((r) => [
        when(r.bucket),
        r.name,
        r.start.toLocaleString("en-US"),
        r.end.toLocaleString("en-US"),
        r.reset ? (
          <span key="c" className="text-ember-light">
            Reset: −{(r.start - r.end).toLocaleString("en-US")}
          </span>
        ) : (
          `+${(r.end - r.start).toLocaleString("en-US")}`
        ),
      ])}
    />
  );
}

export function VoteCallbacksTable({ rows }: { rows: TVoteCallbackRow[] }) {
  return (
    <RecordTable
      caption="Vote callbacks, newest first"
      head={["Callback", "When", "Site", "Address", "Counted"]}
      rows={rows.map((c) => [
        `#${c.id}`,
        when(c.receivedAt),
        c.site ?? "Unknown site",
        c.ip ?? "—",
        c.accepted ? "Yes" : `No${c.reason ? `: ${c.reason}` : ""}`,
      ])}
    />
  );
}

export function TicketsTable({ rows }: { rows: TStaffTicketRow[] }) {
  return (
    <RecordTable
      caption="Support tickets, newest first"
      head={["Ticket", "Type", "Opened", "Last update", "Status"]}
      rows={rows.map((t) => [
        <Link key="t" href={`/ticket/${t.id}`} className="break-words underline">
          #{t.id} {t.title}
        </Link>,
        isTicketType(t.type) ? TICKET_TYPE_LABELS[t.type] : t.type,
        when(t.createdAt),
        when(t.updatedAt),
        t.closed ? "Closed" : "Open",
      ])}
    />
  );
}

export function PostsTable({ rows }: { rows: TStaffPostRow[] }) {
  return (
    <RecordTable
      caption="Forum posts, newest first"
      head={["Post", "Thread", "Posted", "Visible"]}
      rows={rows.map((p) => [
        <Link key="p" href={p.href} className="underline">
          Post #{p.id}
        </Link>,
        <span key="t" className="break-words">
          {p.threadTitle}
        </span>,
        when(p.createdAt),
        p.hidden ? "Hidden by staff" : "Yes",
      ])}
    />
  );
}
