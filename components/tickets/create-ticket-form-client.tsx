"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { FormError, useApiForm } from "@/components/forms/use-api-form";
import { SelectField, TextAreaField } from "@/components/staff/form-controls";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { DESCRIPTION_MAX, PLAYER_TICKET_TYPES, TICKET_TYPE_LABELS, TITLE_MAX } from "@/lib/schemas/tickets";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";
import { AttachmentPicker, type PickedFile, uploadsOf } from "./attachment-picker-client";

/** One of the player's own records the ticket may be about: value "purchase:12", "order:3" or "vote:40". */
export type RelatedRecord = { value: string; label: string };

type Values = { type: string; title: string; description: string; related: string };
const FIELDS = ["type", "title", "description", "purchase", "order", "vote", "attachments"] as const;

/** docs/product.md §2 Create Ticket: type (required), title, description; on success to /account/tickets/. */
export function CreateTicketForm({ initialType, related }: { initialType: string; related: RelatedRecord[] }) {
  const router = useRouter();
  const [values, setValues] = useState<Values>({ type: initialType, title: "", description: "", related: "" });
  const [files, setFiles] = useState<PickedFile[]>([]);
  const form = useApiForm<Values>({
    endpoint: endpoints.createTicket,
    required: ["type"],
    fields: FIELDS,
    prepare: (v) => {
      const [kind, id] = v.related.split(":");
      const link = kind === "purchase" || kind === "order" || kind === "vote" ? { [kind]: Number(id) } : {};
      if (v.related && !Object.keys(link).length) throw new FormError("Choose a related record from the list.");
      return { type: v.type, title: v.title, description: v.description, ...link, ...uploadsOf(files) };
    },
    onSuccess: (_data, { stayBusy }) => {
      stayBusy();
      router.push("/account/tickets/");
    },
  });
  const set = (k: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const relatedErrors = [...(form.fieldErrors.purchase ?? []), ...(form.fieldErrors.order ?? []), ...(form.fieldErrors.vote ?? [])];

  return (
    <ClientForm noValidate onSubmit={(e) => form.submit(values, e)} className="space-y-5">
      <SelectField id="ticket-type" label="Type" value={values.type} onChange={set("type")} errors={form.fieldErrors.type} required>
        <option value="">Choose a type…</option>
        {PLAYER_TICKET_TYPES.map((t) => (
          <option key={t} value={t}>
            {TICKET_TYPE_LABELS[t]}
          </option>
        ))}
      </SelectField>
      <Field
        id="ticket-title"
        label="Title"
        value={values.title}
        onChange={set("title")}
        errors={form.fieldErrors.title}
        maxLength={TITLE_MAX}
        autoComplete="off"
      />
      <TextAreaField
        id="ticket-description"
        label="Description"
        rows={8}
        value={values.description}
        onChange={set("description")}
        errors={form.fieldErrors.description}
        maxLength={DESCRIPTION_MAX}
      />
      {related.length ? (
        <SelectField
          id="ticket-related"
          label="Related purchase or vote (optional)"
          hint="Staff see the record beside your ticket."
          value={values.related}
          onChange={set("related")}
          errors={relatedErrors}
        >
          <option value="">None</option>
          {related.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </SelectField>
      ) : null}
      <AttachmentPicker id="ticket-attachments" files={files} onChange={setFiles} errors={form.fieldErrors.attachments} disabled={form.busy} />
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        {form.busy ? "Submitting..." : "Submit Ticket"}
      </button>
    </ClientForm>
  );
}
