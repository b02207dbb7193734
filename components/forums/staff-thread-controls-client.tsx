"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field, inputClass } from "@/components/ui/field";
import { REASON_MAX, THREAD_TITLE_MAX } from "@/lib/messages/forums";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";

export type ForumChoice = { category: string; forums: Array<{ id: number; name: string }> };

type Patch = { pinned?: boolean; closed?: boolean; hidden?: boolean; title?: string; forum_id?: number; reason: string };

function doneText(v: Patch): string {
  if (v.pinned !== undefined) return v.pinned ? "Thread pinned." : "Thread unpinned.";
  if (v.closed !== undefined) return v.closed ? "Thread closed." : "Thread reopened.";
  if (v.hidden !== undefined) return v.hidden ? "Thread hidden from players." : "Thread shown to players again.";
  if (v.title !== undefined) return "Thread renamed.";
  return "Thread moved.";
}

/**
 * Staff Controls of a thread: Pin/Unpin, Close/Reopen, Hide/Unhide (a reason is required to hide),
 * Rename and Move to another forum, each one
 * PATCH /api/v1/staff/forums/threads/{id} (moderator and up, audited). The page is read again
 * on success, so icons, notice and breadcrumb show the stored state.
 */
export function StaffThreadControls({
  threadId,
  pinned,
  closed,
  hidden,
  title,
  forumId,
  forums,
}: {
  threadId: number;
  pinned: boolean;
  closed: boolean;
  hidden: boolean;
  title: string;
  forumId: number;
  forums: ForumChoice[];
}) {
  const router = useRouter();
  const [target, setTarget] = useState(String(forumId));
  const [newTitle, setNewTitle] = useState(title);
  const [reason, setReason] = useState("");
  const [done, setDone] = useState<string | undefined>();
  const form = useApiForm<Patch>({
    endpoint: endpoints.moderateThread,
    params: () => ({ id: threadId }),
    fields: ["reason", "forum_id", "title"],
    prepare: ({ reason: r, ...change }) => ({ ...change, ...(r.trim() ? { reason: r.trim() } : {}) }),
    isSuccess: (res) => res.status === 200,
    onSuccess: (_data, { values }) => {
      setReason("");
      setDone(doneText(values));
      router.refresh();
    },
  });
  const send = (change: Omit<Patch, "reason">) => {
    setDone(undefined);
    void form.submit({ ...change, reason });
  };
  return (
    <section aria-labelledby="thread-staff-heading" className="space-y-4">
      <h2 id="thread-staff-heading" className="text-xl text-gold">
        Staff Controls
      </h2>
      <Field
        id="thread-staff-reason"
        label="Note"
        hint="Kept with the change in the audit log. Required to hide the thread."
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        errors={form.fieldErrors.reason}
        maxLength={REASON_MAX}
        autoComplete="off"
      />
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-stone" disabled={form.busy} onClick={() => send({ pinned: !pinned })}>
          {pinned ? "Unpin" : "Pin"}
        </button>
        <button type="button" className={`btn ${closed ? "btn-gold" : "btn-ember"}`} disabled={form.busy} onClick={() => send({ closed: !closed })}>
          {closed ? "Reopen" : "Close"}
        </button>
        <button type="button" className={`btn ${hidden ? "btn-gold" : "btn-ember"}`} disabled={form.busy} onClick={() => send({ hidden: !hidden })}>
          {hidden ? "Unhide" : "Hide"}
        </button>
      </div>
      <ClientForm
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (newTitle !== title) send({ title: newTitle });
        }}
      >
        <div className="min-w-0 grow basis-48">
          <Field
            id="thread-rename"
            label="Thread title"
            value={newTitle}
            onChange={(e) => setNewTitle(e.target.value)}
            errors={form.fieldErrors.title}
            maxLength={THREAD_TITLE_MAX}
            autoComplete="off"
          />
        </div>
        <button type="submit" className="btn btn-stone" disabled={form.busy || newTitle === title}>
          Rename
        </button>
      </ClientForm>
      <ClientForm
        noValidate
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (Number(target) !== forumId) send({ forum_id: Number(target) });
        }}
      >
        <div className="min-w-0 grow basis-48">
          <label htmlFor="thread-move" className="mb-1 block font-semibold text-stone-100">
            Move to forum
          </label>
          <select
            id="thread-move"
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            className={inputClass}
            aria-invalid={form.fieldErrors.forum_id ? true : undefined}
          >
            {forums.map((c) => (
              <optgroup key={c.category} label={c.category}>
                {c.forums.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-stone" disabled={form.busy || Number(target) === forumId}>
          Move
        </button>
      </ClientForm>
      <LiveAlert tone={form.formError ? "error" : "success"}>
        {form.formError ?? (form.fieldErrors.forum_id ? form.fieldErrors.forum_id.join(" ") : done)}
      </LiveAlert>
    </section>
  );
}
