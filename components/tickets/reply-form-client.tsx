"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { TextAreaField } from "@/components/staff/form-controls";
import { LiveAlert } from "@/components/ui/alert";
import { COMMENT_MAX } from "@/lib/schemas/tickets";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";
import { SavedReplyTools } from "./saved-reply-tools-client";
import { KeepOpenField } from "./keep-open-field-client";
import { AttachmentPicker, type PickedFile, uploadsOf } from "./attachment-picker-client";

export const REPLY_POSTED = "Successfully posted comment!";

/**
 * The reply box of an open ticket: POST /api/v1/tickets/comments, then the page reloads its comments.
 * `staffAnswer`: staff answering someone else's ticket also get "keep open" (KeepOpenField).
 * `staffTools`: staff get the saved replies and "Reply and close" (saved-reply-tools-client.tsx).
 */
export function ReplyForm({ ticketId, staffAnswer = false, staffTools = false }: { ticketId: number; staffAnswer?: boolean; staffTools?: boolean }) {
  const router = useRouter();
  const [content, setContent] = useState("");
  const [keepOpen, setKeepOpen] = useState(false);
  const [posted, setPosted] = useState(false);
  const [files, setFiles] = useState<PickedFile[]>([]);
  const form = useApiForm<{ content: string }>({
    endpoint: endpoints.createComment,
    required: ["content"],
    fields: ["content", "attachments"],
    prepare: (v) => ({ ticket: ticketId, content: v.content, ...(staffAnswer ? { keep_open: keepOpen } : {}), ...uploadsOf(files) }),
    isSuccess: (res) => res.status === 201,
    onSuccess: () => {
      setContent("");
      setFiles([]);
      setPosted(true);
      router.refresh();
    },
  });
  return (
    <ClientForm
      noValidate
      onSubmit={(e) => {
        setPosted(false);
        void form.submit({ content }, e);
      }}
      className="space-y-3"
    >
      <TextAreaField
        id="reply-content"
        label="Your reply"
        rows={5}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        errors={form.fieldErrors.content}
        maxLength={COMMENT_MAX}
      />
      {staffAnswer ? <KeepOpenField checked={keepOpen} onChange={setKeepOpen} /> : null}
      <AttachmentPicker id="reply-attachments" files={files} onChange={setFiles} errors={form.fieldErrors.attachments} disabled={form.busy} />
      {staffTools ? <SavedReplyTools ticketId={ticketId} textareaId="reply-content" content={content} setContent={setContent} /> : null}
      <LiveAlert tone={form.formError ? "error" : "success"}>{form.formError ?? (posted ? REPLY_POSTED : undefined)}</LiveAlert>
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        {form.busy ? "Posting..." : "Post Reply"}
      </button>
    </ClientForm>
  );
}
