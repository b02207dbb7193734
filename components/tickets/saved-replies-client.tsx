"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { FormActions, TextAreaField } from "@/components/staff/form-controls";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import * as endpoints from "@/lib/client/endpoints";
import { PLACEHOLDER_HINTS, PLACEHOLDERS } from "@/lib/saved-replies";
import { SAVED_REPLY_TITLE_MAX, type TSavedReply } from "@/lib/schemas/saved-replies";
import { COMMENT_MAX } from "@/lib/schemas/tickets";

type Values = { title: string; body: string };

/** The create or edit form of one saved reply; an unknown placeholder comes back as the body's error. */
function ReplyEditor({ reply, onDone }: { reply: TSavedReply | null; onDone: () => void }) {
  const router = useRouter();
  const [values, setValues] = useState<Values>({ title: reply?.title ?? "", body: reply?.body ?? "" });
  const form = useApiForm<Values>({
    endpoint: reply ? endpoints.updateSavedReply : endpoints.createSavedReply,
    ...(reply ? { params: () => ({ id: reply.id }) } : {}),
    required: ["title", "body"],
    fields: ["title", "body"],
    onSuccess: () => {
      onDone();
      router.refresh();
    },
  });
  const prefix = reply ? `edit-${reply.id}` : "new";
  return (
    <ClientForm noValidate onSubmit={(e) => void form.submit(values, e)} className="space-y-3" aria-label={reply ? `Edit ${reply.title}` : "New saved reply"}>
      <Field
        id={`${prefix}-title`}
        label="Title"
        value={values.title}
        maxLength={SAVED_REPLY_TITLE_MAX}
        onChange={(e) => setValues({ ...values, title: e.target.value })}
        errors={form.fieldErrors.title}
      />
      <TextAreaField
        id={`${prefix}-body`}
        label="Reply"
        rows={6}
        value={values.body}
        maxLength={COMMENT_MAX}
        onChange={(e) => setValues({ ...values, body: e.target.value })}
        errors={form.fieldErrors.body}
      />
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <FormActions busy={form.busy} onCancel={onDone} submitLabel={reply ? "Save changes" : "Save reply"} />
    </ClientForm>
  );
}

function DeleteButton({ reply }: { reply: TSavedReply }) {
  const router = useRouter();
  const form = useApiForm<Record<string, never>>({ endpoint: endpoints.deleteSavedReply, params: () => ({ id: reply.id }), onSuccess: () => router.refresh() });
  return (
    <>
      <button
        type="button"
        className="btn btn-ember"
        disabled={form.busy}
        aria-label={`Delete ${reply.title}`}
        onClick={() => {
          if (window.confirm(`Delete the saved reply "${reply.title}"?`)) void form.submit({});
        }}
      >
        Delete
      </button>
      <LiveAlert tone="error">{form.formError}</LiveAlert>
    </>
  );
}

/** The saved replies: each with Edit and Delete, a New button, and what each placeholder is filled with. */
export function SavedReplies({ replies }: { replies: TSavedReply[] }) {
  const [editing, setEditing] = useState<number | "new" | null>(null);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="min-w-0 space-y-4">
        {editing === "new" ? (
          <section className="panel p-4" aria-labelledby="new-reply-heading">
            <h2 id="new-reply-heading" className="mb-3 text-xl text-gold">
              New saved reply
            </h2>
            <ReplyEditor reply={null} onDone={() => setEditing(null)} />
          </section>
        ) : (
          <button type="button" className="btn btn-gold" onClick={() => setEditing("new")}>
            New saved reply
          </button>
        )}
        {replies.length === 0 ? <p className="text-stone-300">No saved replies yet.</p> : null}
        <ul className="space-y-4" aria-label="Saved replies">
          {replies.map((r) => (
            <li key={r.id} className="panel space-y-3 p-4" data-testid="saved-reply">
              {editing === r.id ? (
                <ReplyEditor reply={r} onDone={() => setEditing(null)} />
              ) : (
                <>
                  <h2 className="text-lg font-bold break-words text-stone-100">{r.title}</h2>
                  <p className="break-words whitespace-pre-wrap text-stone-300">{r.body}</p>
                  <div className="flex flex-wrap gap-2">
                    <button type="button" className="btn btn-stone" aria-label={`Edit ${r.title}`} onClick={() => setEditing(r.id)}>
                      Edit
                    </button>
                    <DeleteButton reply={r} />
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
      <aside className="panel h-fit p-4" aria-labelledby="placeholders-heading">
        <h2 id="placeholders-heading" className="mb-2 text-xl text-gold">
          Placeholders
        </h2>
        <p className="mb-3 text-sm text-stone-300">Filled from the ticket when the reply is inserted. Any other name in braces is refused when saving.</p>
        <dl className="space-y-2 text-sm">
          {PLACEHOLDERS.map((p) => (
            <div key={p}>
              <dt className="font-mono break-all text-stone-100">{`{${p}}`}</dt>
              <dd className="text-stone-400">{PLACEHOLDER_HINTS[p]}</dd>
            </div>
          ))}
        </dl>
      </aside>
    </div>
  );
}
