"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { TextAreaField } from "@/components/staff/form-controls";
import { LiveAlert } from "@/components/ui/alert";
import { COMMENT_MAX } from "@/lib/schemas/tickets";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";

export const REPLY_POSTED = "Successfully posted comment!";

/** The reply box of an open ticket: POST /api/v1/tickets/comments, then the page reloads its comments. */
export function ReplyForm({ ticketId }: { ticketId: number }) {
  const router = useRouter();
  const [content, setContent] = useState("");
  const [posted, setPosted] = useState(false);
  const form = useApiForm<{ content: string }>({
    endpoint: endpoints.createComment,
    required: ["content"],
    fields: ["content"],
    prepare: (v) => ({ ticket: ticketId, content: v.content }),
    isSuccess: (res) => res.status === 201,
    onSuccess: () => {
      setContent("");
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
      <LiveAlert tone={form.formError ? "error" : "success"}>{form.formError ?? (posted ? REPLY_POSTED : undefined)}</LiveAlert>
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        {form.busy ? "Posting..." : "Post Reply"}
      </button>
    </ClientForm>
  );
}
