"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { TReapplyResult } from "@/lib/schemas/staff-payments";
import { StaffActionDialog } from "./staff-action-dialog-client";
import * as endpoints from "@/lib/client/endpoints";

const fmt = (n: number) => n.toLocaleString("en-US");

function describe(r: TReapplyResult): string {
  if (r.outcome === "already-applied") return `Event #${r.event.id} was already applied: nothing changed.`;
  const purchase = r.purchase ? ` Purchase #${r.purchase.id} is ${r.purchase.status}.` : "";
  if (r.outcome === "no-effect") return `Event #${r.event.id} is settled; it had nothing left to change.${purchase}`;
  const who = r.player
    ? ` ${r.player.username} now has ${fmt(r.player.storeCredits)} credits and $${(r.player.totalSpentCents / 100).toFixed(2)} spent in total (rank: ${r.player.memberRank.toLowerCase()}).`
    : "";
  return `Event #${r.event.id} applied.${purchase}${who}`;
}

/** Re-apply for one stored provider event that was not applied, confirmed with a reason. */
export function ReapplyEvent({ eventId, label }: { eventId: number; label: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-gold" onClick={() => setOpen(true)}>
        Re-apply<span className="sr-only"> event {label}</span>
      </button>
      <StaffActionDialog<TReapplyResult>
        open={open}
        onClose={() => setOpen(false)}
        title={`Re-apply event ${label}?`}
        intro={
          <>
            <p>It goes through the same settlement as when it arrived: a payment credits the player once, and total spent and donator rank follow.</p>
            <p>Do this only after fixing what stopped it (the error shown), and not if you already settled this purchase by hand.</p>
          </>
        }
        fieldId={`reapply-reason-${eventId}`}
        submitLabel="Re-apply"
        endpoint={endpoints.reapplyWebhookEvent}
        id={eventId}
        outcome={describe}
        onFinished={() => router.refresh()}
      />
    </>
  );
}
