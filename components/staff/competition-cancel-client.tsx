"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Modal } from "@/components/ui/modal-client";
import * as endpoints from "@/lib/client/endpoints";
import type { TCompetition } from "@/lib/schemas/competitions";
import { STAFF_REASON_MAX } from "@/lib/schemas/staff-reason";
import { TextAreaField } from "./form-controls";

// Cancel a competition before its end, with a reason for the audit log, after a confirmation:
// nothing more is counted, no prizes, no announcements. It cannot be undone.

function CancelForm({ competition, onDone, onClose }: { competition: TCompetition; onDone: (c: TCompetition) => void; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const form = useApiForm<{ reason: string }, TCompetition>({
    endpoint: endpoints.cancelCompetition,
    params: () => ({ id: competition.id }),
    required: ["reason"],
    fields: ["reason"],
    prepare: (v) => ({ reason: v.reason.trim() }),
    onSuccess: (c) => onDone(c as TCompetition),
  });
  return (
    <ClientForm noValidate className="space-y-4" aria-busy={form.busy} onSubmit={(e) => void form.submit({ reason }, e)}>
      <p className="text-stone-300">
        Nothing more is counted for it, no prizes are given and no more announcements are sent. Its page stays, marked cancelled. This cannot be undone.
      </p>
      <TextAreaField
        id="competition-cancel-reason"
        label="Reason (for the audit log)"
        data-autofocus
        maxLength={STAFF_REASON_MAX}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        errors={form.fieldErrors.reason}
      />
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-stone" onClick={onClose}>
          Keep it
        </button>
        <button type="submit" className="btn btn-ember" disabled={form.busy}>
          {form.busy ? "Cancelling..." : "Cancel the competition"}
        </button>
      </div>
    </ClientForm>
  );
}

export function CancelCompetition({ competition }: { competition: TCompetition }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="space-y-3">
      <LiveAlert tone="success">{message}</LiveAlert>
      {competition.status === "cancelled" ? null : (
        <button type="button" className="btn btn-ember" onClick={() => setOpen(true)}>
          Cancel competition…
        </button>
      )}
      <Modal open={open} onClose={() => setOpen(false)} title={`Cancel "${competition.title}"?`}>
        {open ? (
          <CancelForm
            competition={competition}
            onClose={() => setOpen(false)}
            onDone={(c) => {
              setOpen(false);
              setMessage(`Cancelled "${c.title}".`);
              router.refresh();
            }}
          />
        ) : null}
      </Modal>
    </div>
  );
}
