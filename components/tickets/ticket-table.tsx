import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { ResponsiveTable, type TableColumn } from "@/components/ui/responsive-table";
import type { TTicketSummary } from "@/lib/schemas/tickets";
import { StatusBadge } from "./status-badge";
import { TicketRow } from "./ticket-row-client";

const PLAYER_COLUMNS: TableColumn[] = [{ label: "Title" }, { label: "Type" }, { label: "Created" }, { label: "Last Updated" }, { label: "Status" }];
const STAFF_COLUMNS: TableColumn[] = [
  { label: "Title" },
  { label: "Player" },
  { label: "Type" },
  { label: "Created" },
  { label: "Last Updated" },
  { label: "Last Reply" },
  { label: "Status" },
];

function LastReply({ reply }: { reply: TTicketSummary["last_reply"] }) {
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
 * docs/product.md §2 My Tickets table (Title, Type, Created, Last Updated, Status); `staff` adds the player
 * and who replied last, for the queue. A card per ticket on a narrow screen (components/ui/responsive-table.tsx).
 */
export function TicketTable({ tickets, caption, staff = false }: { tickets: TTicketSummary[]; caption: string; staff?: boolean }) {
  return (
    <ResponsiveTable
      caption={caption}
      columns={staff ? STAFF_COLUMNS : PLAYER_COLUMNS}
      wide={staff ? "3xl" : "xl"}
      rows={tickets.map((t) => ({
        key: t.id,
        as: TicketRow,
        attrs: { "data-href": `/ticket/${t.id}` },
        cells: [
          <a key="t" href={`/ticket/${t.id}`} className="break-words">
            {t.title}
          </a>,
          ...(staff ? [t.user] : []),
          t.type_label,
          <LocalDateTime key="c" value={t.created} long />,
          <LocalDateTime key="u" value={t.updated} long />,
          ...(staff ? [<LastReply key="r" reply={t.last_reply} />] : []),
          <StatusBadge key="s" closed={t.closed} />,
        ],
      }))}
    />
  );
}
