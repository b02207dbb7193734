import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { ResponsiveTable, type TableColumn } from "@/components/ui/responsive-table";
import { TICKET_STATE_LABELS, type TStaffTicketSummary } from "@/lib/schemas/tickets";
import { FirstResponseText } from "./first-response";
import { TicketRow } from "./ticket-row-client";

const COLUMNS: TableColumn[] = [
  { label: "Title" },
  { label: "Player" },
  { label: "Type" },
  { label: "State" },
  { label: "Waiting since" },
  { label: "First response" },
  { label: "Priority" },
  { label: "Assigned to" },
  { label: "Last Reply" },
];

const PRIORITY_CLASS = { high: "font-bold text-amber-300", normal: "", low: "text-stone-400" } as const;

function LastReply({ reply }: { reply: TStaffTicketSummary["last_reply"] }) {
  if (!reply) return <span className="text-stone-400">No replies</span>;
  return (
    <>
      {reply.user}
      {reply.staff ? (
        <span className="ml-1 rounded bg-gold/15 px-1.5 text-xs font-bold text-gold">Staff</span>
      ) : (
        <span className="ml-1 text-stone-400">(player)</span>
      )}
    </>
  );
}

/**
 * The staff queue (docs/support-desk.md): each ticket's state and how long it has been in it, its
 * first-response target (a missed one marked), priority and assignee. A card per ticket on a
 * narrow screen (components/ui/responsive-table.tsx).
 */
export function StaffTicketTable({ tickets }: { tickets: TStaffTicketSummary[] }) {
  return (
    <ResponsiveTable
      caption="Ticket queue"
      columns={COLUMNS}
      wide="3xl"
      rows={tickets.map((t) => ({
        key: t.id,
        as: TicketRow,
        attrs: { "data-href": `/ticket/${t.id}`, ...(t.first_response.breached && !t.first_response.answered_at ? { "data-breached": "true" } : {}) },
        cells: [
          <a key="t" href={`/ticket/${t.id}`} className="break-words">
            {t.title}
          </a>,
          t.user,
          t.type_label,
          <span key="s" data-testid="queue-state">
            {TICKET_STATE_LABELS[t.state]}
          </span>,
          <LocalDateTime key="w" value={t.state_since} long />,
          <FirstResponseText key="f" value={t.first_response} />,
          <span key="p" className={PRIORITY_CLASS[t.priority]}>
            {t.priority[0]!.toUpperCase() + t.priority.slice(1)}
          </span>,
          t.assignee ? (
            t.assignee.username
          ) : (
            <span key="a" className="text-stone-400">
              Nobody
            </span>
          ),
          <LastReply key="r" reply={t.last_reply} />,
        ],
      }))}
    />
  );
}
