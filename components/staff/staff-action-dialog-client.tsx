"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import type { Endpoint } from "@/lib/client/api";
import { LiveAlert } from "@/components/ui/alert";
import { Modal } from "@/components/ui/modal-client";
import { STAFF_REASON_MAX } from "@/lib/schemas/staff-reason";
import { FormActions, TextAreaField } from "./form-controls";
import { ClientForm } from "@/components/forms/form-client";

/**
 * The confirmation step of a staff action on money or deliveries (re-apply, re-send, cancel):
 * says what will happen, asks for the reason that goes to the audit log, and POSTs it. The
 * outcome is shown in the dialog itself (the row may leave a filtered list once the page reloads
 * its data); closing it then calls `onFinished`, where the caller refreshes the list.
 * Field errors show under the reason; any other refusal (409 and the like) above the buttons.
 */
export function StaffActionDialog<D>({
  open,
  onClose,
  title,
  intro,
  fieldId,
  submitLabel,
  endpoint,
  id,
  outcome,
  onFinished,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  intro: ReactNode;
  fieldId: string;
  submitLabel: string;
  /** The operation (lib/client/endpoints.ts) and the id in its path. */
  endpoint: Endpoint;
  id: number;
  /** The sentence to show for the server's answer. */
  outcome: (data: D) => string;
  onFinished: () => void;
}) {
  const [reason, setReason] = useState("");
  const [result, setResult] = useState<string | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const form = useApiForm<{ reason: string }, D>({
    endpoint,
    params: () => ({ id }),
    required: ["reason"],
    fields: ["reason"],
    prepare: (v) => ({ reason: v.reason.trim() }),
    onSuccess: (data) => {
      setReason("");
      setResult(outcome(data));
    },
  });
  // The submit button is gone once the outcome shows: keep keyboard focus in the dialog.
  useEffect(() => {
    if (result) closeButton.current?.focus();
  }, [result]);
  const close = () => {
    const finished = result !== null;
    form.reset();
    setResult(null);
    onClose();
    if (finished) onFinished();
  };
  return (
    <Modal open={open} onClose={close} title={title}>
      <ClientForm noValidate onSubmit={(e) => void form.submit({ reason }, e)} className="space-y-4">
        {result === null ? (
          <>
            <div className="space-y-2 text-stone-300">{intro}</div>
            <TextAreaField
              id={fieldId}
              label="Reason (kept in the audit log)"
              rows={3}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              errors={form.fieldErrors.reason}
              maxLength={STAFF_REASON_MAX}
              data-autofocus
            />
          </>
        ) : null}
        <LiveAlert tone={result === null ? "error" : "success"}>{result ?? form.formError}</LiveAlert>
        {result === null ? (
          <FormActions busy={form.busy} onCancel={close} submitLabel={submitLabel} busyLabel="Working..." />
        ) : (
          <div className="flex justify-end">
            <button ref={closeButton} type="button" className="btn btn-gold" onClick={close}>
              Done
            </button>
          </div>
        )}
      </ClientForm>
    </Modal>
  );
}
