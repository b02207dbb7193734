"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useSession } from "@/components/layout/session-state";
import { RichTextEditor } from "@/components/editor/rich-text-editor-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { FormActions, TextAreaField } from "@/components/staff/form-controls";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal-client";
import { REASON_MAX, REPORT_REASON_MAX } from "@/lib/messages/forums";
import { type PostPermissions, readerPermissions } from "./reader-permissions";
import { postAnchor } from "./forum-paths";
import { useThreadFlash } from "./thread-flash-client";
import { quoteHtml, useQuoteTarget } from "./forum-draft-client";
import type { Endpoint } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";

export const REPORTED_MESSAGE = "Thank you: staff will look at this post.";

/**
 * The body of a post (rendered on the server, passed in as `children`) with its actions: Edit
 * swaps the body for the editor, Report and Hide open a small dialog. After a change the page
 * is read again from the server (router.refresh), so what shows is what was stored.
 */
export function PostShell({
  postId,
  author,
  date,
  content,
  hidden,
  permissions: decided,
  children,
}: {
  postId: number;
  author: string;
  /** When the post was written (the author's edit window). */
  date: string;
  /** The stored HTML for the editor; without it, the body on the page is edited. */
  content?: string;
  hidden: boolean;
  /** Staff's, from the server; left out, the browser decides (readerPermissions). */
  permissions?: PostPermissions;
  children: ReactNode;
}) {
  const session = useSession();
  // The edit window as of when the page was opened (the server checks it again on saving).
  const [openedAt] = useState(() => Date.now());
  const permissions = decided ?? readerPermissions(session.status === "user" ? session.user : null, author, date, openedAt);
  const body = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [dialog, setDialog] = useState<"report" | "hide" | null>(null);
  const [notice, setNotice] = useState<string | undefined>();
  const { flash } = useThreadFlash();
  const router = useRouter();

  // The post just written by this reader: bring it into view once it is on the page.
  useEffect(() => {
    if (flash?.postId === postId) document.getElementById(postAnchor(postId))?.scrollIntoView({ block: "start" });
  }, [flash, postId]);

  const unhide = useApiForm<{ hidden: boolean }>({
    endpoint: endpoints.moderatePost,
    params: () => ({ id: postId }),
    onSuccess: () => router.refresh(),
  });

  const { canEdit, canReport, canModerate } = permissions;
  // Quote: while a reply editor is on the page (docs/forums.md, "Mentions and quotes").
  const quoteTarget = useQuoteTarget();
  const canQuote = quoteTarget !== null && !hidden;
  const picked = useRef<string | null>(null);
  /** The text selected inside this post's body, if any. */
  const selectedText = () => {
    const sel = window.getSelection();
    const root = body.current;
    if (!sel || sel.isCollapsed || !root || !root.contains(sel.anchorNode) || !root.contains(sel.focusNode)) return null;
    return sel.toString().trim() || null;
  };
  const quote = () => {
    const text = picked.current ?? selectedText() ?? body.current?.querySelector<HTMLElement>(".rich-text")?.innerText ?? "";
    picked.current = null;
    const link = `${location.pathname}${location.search}#${postAnchor(postId)}`;
    quoteTarget?.insertHtml(quoteHtml(postId, author, link, text));
  };
  const hasActions = canEdit || canReport || canModerate || canQuote;

  return (
    <>
      {editing !== null ? (
        <EditPostForm postId={postId} initial={editing} needsReason={permissions.editNeedsReason} onDone={() => setEditing(null)} />
      ) : (
        <div ref={body} className="contents">
          {children}
        </div>
      )}
      {!decided && session.status === "unknown" ? (
        // Until the browser knows who reads: a likely member (the hint script marked <html>) gets
        // a row of the actions' height, so the likes and the posts below do not jump when it fills.
        <div className="post-actions-wait mt-auto items-center justify-end gap-2 border-t border-stone-800 pt-3" aria-hidden="true">
          <span className="min-h-9" />
        </div>
      ) : null}
      {hasActions && editing === null ? (
        <div
          className="mt-auto flex flex-wrap items-center justify-end gap-2 border-t border-stone-800 pt-3"
          aria-label={`Actions for the post by ${author}`}
          role="group"
        >
          {canQuote ? (
            <button
              type="button"
              className="btn btn-stone min-h-9 px-3 py-1 text-sm"
              // The selection is read on the press, before the click can clear it.
              onMouseDown={() => {
                picked.current = selectedText();
              }}
              onClick={quote}
            >
              Quote
            </button>
          ) : null}
          {canEdit ? (
            <button
              type="button"
              className="btn btn-stone min-h-9 px-3 py-1 text-sm"
              onClick={() => setEditing(content ?? body.current?.querySelector(".rich-text")?.innerHTML ?? "")}
            >
              Edit
            </button>
          ) : null}
          {canReport ? (
            <button type="button" className="btn btn-stone min-h-9 px-3 py-1 text-sm" onClick={() => setDialog("report")}>
              Report
            </button>
          ) : null}
          {canModerate && !hidden ? (
            <button type="button" className="btn btn-ember min-h-9 px-3 py-1 text-sm" onClick={() => setDialog("hide")}>
              Hide
            </button>
          ) : null}
          {canModerate && hidden ? (
            <button
              type="button"
              className="btn btn-gold min-h-9 px-3 py-1 text-sm"
              disabled={unhide.busy}
              onClick={() => void unhide.submit({ hidden: false })}
            >
              {unhide.busy ? "Saving..." : "Unhide"}
            </button>
          ) : null}
        </div>
      ) : null}
      <LiveAlert tone={unhide.formError ? "error" : "success"}>{unhide.formError ?? notice}</LiveAlert>
      {canReport ? (
        <ReasonDialog
          open={dialog === "report"}
          onClose={() => setDialog(null)}
          title="Report post"
          intro={`Tell staff what is wrong with this post by ${author}.`}
          fieldId={`report-reason-${postId}`}
          max={REPORT_REASON_MAX}
          submitLabel="Send Report"
          endpoint={endpoints.reportPost}
          id={postId}
          body={(reason) => ({ reason })}
          onSuccess={() => setNotice(REPORTED_MESSAGE)}
        />
      ) : null}
      {canModerate ? (
        <HidePostDialog open={dialog === "hide"} onClose={() => setDialog(null)} postId={postId} author={author} fieldId={`hide-reason-${postId}`} />
      ) : null}
    </>
  );
}

/** A dialog asking for a reason (required), then one call. Used to report and to hide a post. */
/** Staff hide a post with a reason (PATCH /api/v1/staff/forums/posts/{id}); the page refreshes after. */
export function HidePostDialog({
  open,
  onClose,
  postId,
  author,
  fieldId,
}: {
  open: boolean;
  onClose: () => void;
  postId: number;
  author: string;
  fieldId: string;
}) {
  const router = useRouter();
  return (
    <ReasonDialog
      open={open}
      onClose={onClose}
      title="Hide post"
      intro={`Players will no longer see this post by ${author}. Staff still see it, with your reason.`}
      fieldId={fieldId}
      max={REASON_MAX}
      submitLabel="Hide Post"
      endpoint={endpoints.moderatePost}
      id={postId}
      body={(reason) => ({ hidden: true, reason })}
      onSuccess={() => router.refresh()}
    />
  );
}

export function ReasonDialog({
  open,
  onClose,
  title,
  intro,
  fieldId,
  max,
  submitLabel,
  endpoint,
  id,
  body,
  onSuccess,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  intro: string;
  fieldId: string;
  max: number;
  submitLabel: string;
  /** The operation to call, and the id in its path. */
  endpoint: Endpoint;
  id: number;
  body: (reason: string) => Record<string, unknown>;
  onSuccess: () => void;
}) {
  const [reason, setReason] = useState("");
  const form = useApiForm<{ reason: string }>({
    endpoint,
    params: () => ({ id }),
    required: ["reason"],
    fields: ["reason"],
    prepare: (v) => body(v.reason.trim()),
    onSuccess: () => {
      setReason("");
      onSuccess();
      onClose();
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal open={open} onClose={close} title={title}>
      <ClientForm noValidate onSubmit={(e) => void form.submit({ reason }, e)} className="space-y-4">
        <p className="text-stone-300">{intro}</p>
        <TextAreaField
          id={fieldId}
          label="Reason"
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          errors={form.fieldErrors.reason}
          maxLength={max}
          data-autofocus
        />
        <LiveAlert tone="error">{form.formError}</LiveAlert>
        <FormActions busy={form.busy} onCancel={close} submitLabel={submitLabel} busyLabel="Sending..." />
      </ClientForm>
    </Modal>
  );
}

/** Inline edit of a post: the editor with the stored HTML, and a reason when staff edit someone else's. */
function EditPostForm({ postId, initial, needsReason, onDone }: { postId: number; initial: string; needsReason: boolean; onDone: () => void }) {
  const router = useRouter();
  const [values, setValues] = useState({ content: initial, reason: "" });
  const form = useApiForm<{ content: string; reason: string }>({
    endpoint: endpoints.editPost,
    params: () => ({ id: postId }),
    required: needsReason ? ["reason"] : [],
    fields: ["content", "reason"],
    prepare: (v) => ({ content: v.content, ...(v.reason.trim() ? { reason: v.reason.trim() } : {}) }),
    onSuccess: () => {
      router.refresh();
      onDone();
    },
  });
  return (
    <ClientForm noValidate onSubmit={(e) => void form.submit(values, e)} className="space-y-3" aria-label="Edit post">
      <RichTextEditor
        id={`edit-content-${postId}`}
        label="Edit post"
        value={values.content}
        onChange={(content) => setValues((v) => ({ ...v, content }))}
        errors={form.fieldErrors.content}
      />
      {needsReason ? (
        <Field
          id={`edit-reason-${postId}`}
          label="Reason for the edit"
          hint="Shown with the post and kept in the audit log."
          value={values.reason}
          onChange={(e) => setValues((v) => ({ ...v, reason: e.target.value }))}
          errors={form.fieldErrors.reason}
          maxLength={REASON_MAX}
          autoComplete="off"
        />
      ) : null}
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <FormActions busy={form.busy} onCancel={onDone} submitLabel="Save Changes" />
    </ClientForm>
  );
}
