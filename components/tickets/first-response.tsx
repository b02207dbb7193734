import type { TStaffTicketSummary } from "@/lib/schemas/tickets";
import { firstResponseText } from "@/lib/tickets-targets";

/** The first-response target in words (lib/tickets-targets.ts); a missed target is marked, in colour and in words. */
export function FirstResponseText({ value }: { value: TStaffTicketSummary["first_response"] }) {
  const text = firstResponseText({
    answeredAt: value.answered_at ? new Date(value.answered_at) : null,
    leftMs: value.left_seconds === null ? null : value.left_seconds * 1000,
    breached: value.breached,
  });
  if (!value.breached) return <span data-testid="first-response">{text}</span>;
  return (
    <span className="rounded bg-blood/40 px-1.5 font-bold text-red-100" data-testid="first-response" data-breached="true">
      <span aria-hidden="true">⚠ </span>
      {text}
    </span>
  );
}
