"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { SelectField, TextAreaField } from "@/components/staff/form-controls";
import { LiveAlert } from "@/components/ui/alert";
import * as endpoints from "@/lib/client/endpoints";
import { NOTE_MAX, TICKET_PRIORITIES, type TTicketPriority } from "@/lib/schemas/tickets";

type Patch = { assignee?: number | null; priority?: TTicketPriority };

/**
 * Staff only (docs/support-desk.md): who the ticket is assigned to and its priority, through
 * PATCH /api/v1/staff/tickets/{id}; the page is read again after a 200.
 */
export function TicketAssignment({
  ticketId,
  actorId,
  assigneeId,
  priority,
  staff,
}: {
  ticketId: number;
  actorId: number;
  assigneeId: number | null;
  priority: TTicketPriority;
  staff: Array<{ id: number; username: string }>;
}) {
  const router = useRouter();
  const [assignee, setAssignee] = useState(assigneeId === null ? "" : String(assigneeId));
  const [prio, setPrio] = useState<TTicketPriority>(priority);
  const [saved, setSaved] = useState(false);
  const form = useApiForm<Patch>({
    endpoint: endpoints.updateStaffTicket,
    params: () => ({ id: ticketId }),
    isSuccess: (res) => res.status === 200,
    onSuccess: () => {
      setSaved(true);
      router.refresh();
    },
  });
  const send = (patch: Patch) => {
    setSaved(false);
    void form.submit(patch);
  };
  return (
    <section aria-labelledby="assignment-heading" className="space-y-3">
      <h2 id="assignment-heading" className="text-xl text-gold">
        Assignment
      </h2>
      <ClientForm
        noValidate
        onSubmit={(e) => (e.preventDefault(), send({ assignee: assignee === "" ? null : Number(assignee), priority: prio }))}
        className="space-y-3"
      >
        <SelectField id="ticket-assignee" label="Assigned to" value={assignee} onChange={(e) => setAssignee(e.target.value)} errors={form.fieldErrors.assignee}>
          <option value="">Nobody</option>
          {staff.map((s) => (
            <option key={s.id} value={String(s.id)}>
              {s.username}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="ticket-priority"
          label="Priority"
          value={prio}
          onChange={(e) => setPrio(e.target.value as TTicketPriority)}
          errors={form.fieldErrors.priority}
        >
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {p[0]!.toUpperCase() + p.slice(1)}
            </option>
          ))}
        </SelectField>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-gold" disabled={form.busy}>
            {form.busy ? "Saving..." : "Save"}
          </button>
          {assigneeId !== actorId ? (
            <button type="button" className="btn" disabled={form.busy} onClick={() => (setAssignee(String(actorId)), send({ assignee: actorId }))}>
              Assign to me
            </button>
          ) : null}
        </div>
        <LiveAlert tone={form.formError ? "error" : "success"}>{form.formError ?? (saved ? "Saved." : undefined)}</LiveAlert>
      </ClientForm>
    </section>
  );
}

/** Staff only: a new internal note, POST /api/v1/staff/tickets/{id}/notes. The player never sees notes. */
export function NoteForm({ ticketId }: { ticketId: number }) {
  const router = useRouter();
  const [content, setContent] = useState("");
  const [added, setAdded] = useState(false);
  const form = useApiForm<{ content: string }>({
    endpoint: endpoints.createTicketNote,
    params: () => ({ id: ticketId }),
    required: ["content"],
    fields: ["content"],
    isSuccess: (res) => res.status === 201,
    onSuccess: () => {
      setContent("");
      setAdded(true);
      router.refresh();
    },
  });
  return (
    <ClientForm
      noValidate
      onSubmit={(e) => {
        setAdded(false);
        void form.submit({ content }, e);
      }}
      className="space-y-3"
    >
      <p className="text-sm text-stone-400">Only staff see notes: never the player, nor their emails.</p>
      <TextAreaField
        id="note-content"
        label="New internal note"
        value={content}
        onChange={(e) => setContent(e.target.value)}
        errors={form.fieldErrors.content}
        maxLength={NOTE_MAX}
      />
      <LiveAlert tone={form.formError ? "error" : "success"}>{form.formError ?? (added ? "Note added." : undefined)}</LiveAlert>
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        {form.busy ? "Adding..." : "Add note"}
      </button>
    </ClientForm>
  );
}
