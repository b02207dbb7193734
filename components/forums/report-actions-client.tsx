"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { SelectField, TextAreaField } from "@/components/staff/form-controls";
import { LiveAlert } from "@/components/ui/alert";
import * as endpoints from "@/lib/client/endpoints";
import { REPORT_NOTE_MAX, type TReportAction, type TReportOutcome } from "@/lib/schemas/forums";
import { HidePostDialog } from "./post-shell-client";

const OUTCOMES: { value: TReportOutcome; label: string }[] = [
  { value: "agreed", label: "Agreed" },
  { value: "disagreed", label: "Disagreed" },
  { value: "ignored", label: "Ignored" },
];
const ACTIONS: { value: TReportAction; label: string }[] = [
  { value: "post_hidden", label: "Post hidden" },
  { value: "warned", label: "Author warned" },
  { value: "none", label: "No action" },
];

type Values = { outcome: TReportOutcome; action: TReportAction; note: string };

/**
 * The staff queue's controls for one report: resolve with an outcome (agreed, with what was done;
 * disagreed; ignored) and a note the reporter is told, or Reopen a resolved one; Hide post on its
 * own. The queue is read again after each change.
 */
export function ReportActions({
  reportId,
  postId,
  resolved,
  postHidden,
  author,
}: {
  reportId: number;
  postId: number;
  resolved: boolean;
  postHidden: boolean;
  author: string;
}) {
  const router = useRouter();
  const [hiding, setHiding] = useState(false);
  const [values, setValues] = useState<Values>({ outcome: "agreed", action: postHidden ? "post_hidden" : "none", note: "" });
  const resolve = useApiForm<Values>({
    endpoint: endpoints.resolveReport,
    params: () => ({ id: reportId }),
    fields: ["outcome", "action", "note"],
    prepare: (v) => ({ outcome: v.outcome, ...(v.outcome === "agreed" ? { action: v.action } : {}), ...(v.note.trim() ? { note: v.note.trim() } : {}) }),
    isSuccess: (res) => res.status === 200,
    onSuccess: () => router.refresh(),
  });
  const reopen = useApiForm<{ resolved: boolean }>({
    endpoint: endpoints.resolveReport,
    params: () => ({ id: reportId }),
    isSuccess: (res) => res.status === 200,
    onSuccess: () => router.refresh(),
  });
  const id = (name: string) => `report-${reportId}-${name}`;
  return (
    <div className="space-y-2">
      {resolved ? (
        <button type="button" className="btn btn-stone" disabled={reopen.busy} onClick={() => void reopen.submit({ resolved: false })}>
          {reopen.busy ? "Saving..." : "Reopen"}
        </button>
      ) : (
        <ClientForm noValidate onSubmit={(e) => void resolve.submit(values, e)} className="space-y-2" aria-label="Resolve the report">
          <SelectField
            id={id("outcome")}
            label="Outcome"
            value={values.outcome}
            onChange={(e) => setValues({ ...values, outcome: e.target.value as TReportOutcome })}
            errors={resolve.fieldErrors.outcome}
          >
            {OUTCOMES.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
          {values.outcome === "agreed" ? (
            <SelectField
              id={id("action")}
              label="Action taken"
              value={values.action}
              onChange={(e) => setValues({ ...values, action: e.target.value as TReportAction })}
              errors={resolve.fieldErrors.action}
            >
              {ACTIONS.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </SelectField>
          ) : null}
          <TextAreaField
            id={id("note")}
            label="Note to the reporter (optional)"
            rows={2}
            maxLength={REPORT_NOTE_MAX}
            value={values.note}
            onChange={(e) => setValues({ ...values, note: e.target.value })}
            errors={resolve.fieldErrors.note}
          />
          <button type="submit" className="btn btn-gold w-full" disabled={resolve.busy}>
            {resolve.busy ? "Saving..." : "Resolve"}
          </button>
        </ClientForm>
      )}
      {postHidden ? null : (
        <button type="button" className="btn btn-ember w-full" onClick={() => setHiding(true)}>
          Hide post
        </button>
      )}
      <LiveAlert tone="error">{resolve.formError ?? reopen.formError}</LiveAlert>
      <HidePostDialog open={hiding} onClose={() => setHiding(false)} postId={postId} author={author} fieldId={`hide-reason-${reportId}`} />
    </div>
  );
}
