import { LocalDateTime } from "@/components/ui/local-date-time-client";
import type { TTicketSummary } from "@/lib/schemas/tickets";
import { StatusBadge } from "./status-badge";
import { TicketRow } from "./ticket-row-client";

/**
 * docs/product.md §2 My Tickets table (Title, Type, Created, Last Updated, Status); `staff` adds the player
 * and who replied last, for the queue. Scrolls sideways inside its box on narrow screens.
 */
export function TicketTable({ tickets, caption, staff = false }: { tickets: TTicketSummary[]; caption: string; staff?: boolean }) {
  return (
    <div className="overflow-x-auto">
      <table className={`w-full text-left ${staff ? "min-w-[52rem]" : "min-w-[36rem]"}`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b-2 border-stone-700 text-stone-400">
            <th scope="col" className="py-2 pr-3">
              Title
            </th>
            {staff ? (
              <th scope="col" className="py-2 pr-3">
                Player
              </th>
            ) : null}
            <th scope="col" className="py-2 pr-3">
              Type
            </th>
            <th scope="col" className="py-2 pr-3">
              Created
            </th>
            <th scope="col" className="py-2 pr-3">
              Last Updated
            </th>
            {staff ? (
              <th scope="col" className="py-2 pr-3">
                Last Reply
              </th>
            ) : null}
            <th scope="col" className="py-2">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {tickets.map((t) => (
            <TicketRow key={t.id} href={`/ticket/${t.id}`}>
              <td className="py-2 pr-3">
                <a href={`/ticket/${t.id}`} className="break-words">
                  {t.title}
                </a>
              </td>
              {staff ? <td className="py-2 pr-3">{t.user}</td> : null}
              <td className="py-2 pr-3">{t.type_label}</td>
              <td className="py-2 pr-3 text-sm">
                <LocalDateTime value={t.created} long />
              </td>
              <td className="py-2 pr-3 text-sm">
                <LocalDateTime value={t.updated} long />
              </td>
              {staff ? (
                <td className="py-2 pr-3 text-sm">
                  {t.last_reply ? (
                    <>
                      {t.last_reply.user}
                      {t.last_reply.staff ? (
                        <span className="ml-1 rounded bg-gold/15 px-1.5 text-xs font-bold text-gold">Staff</span>
                      ) : (
                        <span className="ml-1 text-stone-400">(player)</span>
                      )}
                    </>
                  ) : (
                    <span className="text-stone-400">No replies</span>
                  )}
                </td>
              ) : null}
              <td className="py-2">
                <StatusBadge closed={t.closed} />
              </td>
            </TicketRow>
          ))}
        </tbody>
      </table>
    </div>
  );
}
