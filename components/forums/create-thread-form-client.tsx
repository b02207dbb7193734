"use client";

import { TitleField } from "@/components/forums/title-field";
import { useState } from "react";
import { RichTextEditor } from "@/components/editor/rich-text-editor-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { threadHref } from "./forum-paths";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";
import { useForumDraft } from "./forum-draft-client";

type Values = { title: string; content: string };

/**
 * docs/product.md §2 Create Thread: the title (required, checked here too) and the rich-text editor;
 * POST /api/v1/forums/threads, then the new thread. Field errors show under each field.
 */
export function CreateThreadForm({ forumId }: { forumId: number }) {
  const [values, setValues] = useState<Values>({ title: "", content: "" });
  const draft = useForumDraft("thread", forumId, values, (d) => setValues(d));
  const form = useApiForm<Values>({
    endpoint: endpoints.createThread,
    required: ["title"],
    fields: ["title", "content", "forum_id"],
    prepare: (v) => ({ forum_id: forumId, title: v.title, content: v.content }),
    isSuccess: (res) => res.status === 201,
    onSuccess: (data, { stayBusy }) => {
      if (typeof data.id !== "number") return;
      stayBusy();
      draft.posted();
      // A full load: the thread page shows posts' HTML under its own nonce policy (docs/performance.md).
      window.location.assign(threadHref(data.id));
    },
  });
  return (
    <ClientForm noValidate onSubmit={(e) => void form.submit(values, e)} className="space-y-5">
      <TitleField id="thread-title" value={values.title} onChange={(title) => setValues((v) => ({ ...v, title }))} errors={form.fieldErrors.title} />
      <RichTextEditor
        id="thread-content"
        label="Content"
        value={values.content}
        onChange={(content) => setValues((v) => ({ ...v, content }))}
        errors={form.fieldErrors.content}
      />
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-stone-400" data-testid="draft-status">
        {draft.status}
      </p>
      <LiveAlert tone="error">{form.formError ?? form.fieldErrors.forum_id?.join(" ")}</LiveAlert>
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        {form.busy ? "Creating..." : "Create Thread"}
      </button>
    </ClientForm>
  );
}
