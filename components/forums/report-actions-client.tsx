"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { HidePostDialog } from "./post-shell-client";
import * as endpoints from "@/lib/client/endpoints";

/**
 * The staff queue's buttons for one report: Resolve / Reopen (PATCH the report) and Hide post
 * (PATCH the post, a reason required). The queue is read again after each change.
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
  const form = useApiForm<{ resolved: boolean }>({
    endpoint: endpoints.resolveReport,
    params: () => ({ id: reportId }),
    isSuccess: (res) => res.status === 200,
    onSuccess: () => router.refresh(),
  });
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={`btn ${resolved ? "btn-stone" : "btn-gold"}`}
          disabled={form.busy}
          onClick={() => void form.submit({ resolved: !resolved })}
        >
          {form.busy ? "Saving..." : resolved ? "Reopen" : "Resolve"}
        </button>
        {postHidden ? null : (
          <button type="button" className="btn btn-ember" onClick={() => setHiding(true)}>
            Hide post
          </button>
        )}
      </div>
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <HidePostDialog open={hiding} onClose={() => setHiding(false)} postId={postId} author={author} fieldId={`hide-reason-${reportId}`} />
    </div>
  );
}
