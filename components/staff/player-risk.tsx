import { formatRate } from "@/lib/disputes";
import type { TPlayerRisk } from "@/lib/schemas/staff-payments";
import { StaffBadge } from "./staff-badge";

// A player's payment risk (payments, refunds, disputes, chargeback rate, spending hold): in full
// on the staff player page, in one line beside each payment. Server components.

const num = (n: number) => n.toLocaleString("en-US");
const usd = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The full figures, as a list of terms. */
export function PlayerRisk({ risk }: { risk: TPlayerRisk }) {
  const rows: [string, string][] = [
    ["Payments", `${num(risk.payments)} (${usd(risk.paidCents)})`],
    ["Refunds", `${num(risk.refunds)} (${usd(risk.refundedCents)})`],
    ["Disputes", `${num(risk.disputes)}: ${num(risk.disputesOpen)} open, ${num(risk.disputesWon)} won, ${num(risk.disputesLost)} lost`],
    ["Chargeback rate", formatRate(risk.chargebackRate)],
  ];
  return (
    <div className="space-y-2" data-testid="player-risk">
      <p>
        {risk.spendingHold ? (
          <StaffBadge tone="bad">Store spending on hold: a dispute is open</StaffBadge>
        ) : (
          <StaffBadge tone="ok">No spending hold</StaffBadge>
        )}
      </p>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-stone-400">{k}</dt>
            <dd className="min-w-0" data-testid={`risk-${k.toLowerCase().replace(/ /g, "-")}`}>
              {v}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** One line beside a payment: "3 payments · 1 refund · 1 dispute (1 open) · 33.3 % chargebacks". */
export function RiskLine({ risk }: { risk: TPlayerRisk }) {
  const disputes = risk.disputes
    ? `${num(risk.disputes)} ${risk.disputes === 1 ? "dispute" : "disputes"} (${[
        risk.disputesOpen && `${num(risk.disputesOpen)} open`,
        risk.disputesWon && `${num(risk.disputesWon)} won`,
        risk.disputesLost && `${num(risk.disputesLost)} lost`,
      ]
        .filter(Boolean)
        .join(", ")})`
    : "no disputes";
  return (
    <span data-testid="risk-line">
      {num(risk.payments)} {risk.payments === 1 ? "payment" : "payments"} · {num(risk.refunds)} {risk.refunds === 1 ? "refund" : "refunds"} · {disputes} ·{" "}
      {formatRate(risk.chargebackRate)} chargebacks
      {risk.spendingHold ? (
        <span className="mt-1 block">
          <StaffBadge tone="bad">Spending on hold</StaffBadge>
        </span>
      ) : null}
    </span>
  );
}
