"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import type { TCancelResult, TResendResult } from "@/lib/schemas/staff-deliveries";
import { StaffActionDialog } from "./staff-action-dialog-client";
import * as endpoints from "@/lib/client/endpoints";

/** Re-send and Cancel for one delivery, each confirmed in a dialog with a reason; the server decides which apply. */
export function DeliveryActions({
  id,
  summary,
  player,
  kind,
  canResend,
  canCancel,
  refundCredits,
}: {
  id: number;
  summary: string;
  player: string;
  kind: string;
  canResend: boolean;
  canCancel: boolean;
  refundCredits: number | null;
}) {
  const router = useRouter();
  const [dialog, setDialog] = useState<"resend" | "cancel" | null>(null);
  const close = () => setDialog(null);
  const refresh = () => router.refresh();
  if (!canResend && !canCancel) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {canResend ? (
        <button type="button" className="btn btn-gold" onClick={() => setDialog("resend")}>
          Re-send<span className="sr-only"> delivery #{id}</span>
        </button>
      ) : null}
      {canCancel ? (
        <button type="button" className="btn btn-ember" onClick={() => setDialog("cancel")}>
          Cancel<span className="sr-only"> delivery #{id}</span>
        </button>
      ) : null}
      <StaffActionDialog<TResendResult>
        open={dialog === "resend"}
        onClose={close}
        title={`Re-send delivery #${id}?`}
        intro={
          <>
            <p>
              {summary} is queued for {player} again, as a new delivery linked to #{id}. The game hands it out at its next claim for {player}, once.
            </p>
            <p>Re-send only what the player never received: the game cannot take a second copy back.</p>
          </>
        }
        fieldId={`resend-reason-${id}`}
        submitLabel="Re-send"
        endpoint={endpoints.resendDelivery}
        id={id}
        outcome={(r) => `Re-sent as delivery #${r.delivery.id}: pending for the game's next claim.`}
        onFinished={refresh}
      />
      <StaffActionDialog<TCancelResult>
        open={dialog === "cancel"}
        onClose={close}
        title={`Cancel delivery #${id}?`}
        intro={
          <>
            <p>
              {summary} will not be handed to {player}: the game&apos;s claims and acks refuse a canceled delivery.
            </p>
            <p>
              {refundCredits !== null
                ? `The ${refundCredits.toLocaleString("en-US")} credits it was bought with go back to ${player}'s balance.`
                : kind === "credit_package"
                  ? "The payment is not refunded here: refund it with the provider (its refund then finds this delivery canceled), or grant the credits on the website."
                  : "Nothing is refunded: it was not bought with credits."}
            </p>
          </>
        }
        fieldId={`cancel-reason-${id}`}
        submitLabel="Cancel delivery"
        endpoint={endpoints.cancelDelivery}
        id={id}
        outcome={(r) =>
          r.outcome === "already-canceled"
            ? `Delivery #${id} was already canceled: nothing changed.`
            : `Delivery #${id} canceled.${r.refundedCredits ? ` ${r.refundedCredits.toLocaleString("en-US")} credits refunded to ${player}.` : ""}`
        }
        onFinished={refresh}
      />
    </div>
  );
}
