import Link from "next/link";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { ResponsiveTable } from "@/components/ui/responsive-table";
import type { TStaffPurchase } from "@/lib/schemas/staff-payments";
import { RiskLine } from "./player-risk";
import { formatMoney, PROVIDER_LABELS, PURCHASE_STATUS_LABELS, STATUS_TONES } from "./purchase-card";
import { StaffBadge } from "./staff-badge";

// The staff payments list as a table (cards on a narrow screen): order number, date, the player
// linked to their staff page, amount, method, status and dispute, provider id, the player's risk,
// and the provider events behind the payment. Server component.

const DISPUTE_LABELS = { open: "dispute open", won: "dispute won", lost: "dispute lost", closed: "dispute closed" } as const;

export function PaymentsTable({ rows }: { rows: TStaffPurchase[] }) {
  return (
    <ResponsiveTable
      caption="Credit purchases, newest first"
      testId="payments-table"
      wide="5xl"
      rowHeader={0}
      columns={[
        { label: "Order" },
        { label: "Created" },
        { label: "Player" },
        { label: "Amount", numeric: true },
        { label: "Method" },
        { label: "Status" },
        { label: "Provider id", className: "max-w-48" },
        { label: "Player risk", className: "min-w-48" },
        { label: "Provider events", className: "min-w-40" },
      ]}
      rows={rows.map((p) => ({
        key: p.id,
        attrs: { "data-purchase-id": p.id, "data-testid": "payment-row" },
        cells: [
          `#${p.id}`,
          <LocalDateTime key="c" value={p.createdAt} />,
          <Link key="p" href={`/staff/players/${p.player.id}`} className="break-words">
            {p.player.username}
          </Link>,
          <span key="a">
            {formatMoney(p.amountCents, p.currency)}
            <span className="block text-stone-400">
              {p.credits.toLocaleString("en-US")}
              {p.bonusCredits ? ` + ${p.bonusCredits.toLocaleString("en-US")}` : ""} credits{p.deliverInGame ? ", in game" : ""}
            </span>
          </span>,
          PROVIDER_LABELS[p.provider],
          <span key="s" className="space-y-1">
            <StaffBadge tone={STATUS_TONES[p.status]}>{PURCHASE_STATUS_LABELS[p.status]}</StaffBadge>
            {p.dispute ? <span className="block text-stone-300">{DISPUTE_LABELS[p.dispute.state]}</span> : null}
          </span>,
          <span key="r" className="break-all">
            {p.providerRef ?? "None"}
          </span>,
          <RiskLine key="k" risk={p.risk} />,
          p.events.length ? (
            <ul key="e" className="space-y-1">
              {p.events.map((e) => (
                <li key={e.id}>
                  <span className="break-all">{e.type}</span>
                  {e.error ? (
                    <span className="block text-red-200">
                      Not applied: <span className="break-words">{e.error}</span>
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <span key="e" className="text-stone-400">
              None
            </span>
          ),
        ],
      }))}
    />
  );
}
