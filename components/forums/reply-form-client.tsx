"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useRef, useState } from "react";
import type { EditorHandle } from "@/components/editor/rich-text-editor-impl-client";
import { setQuoteTarget, useForumDraft } from "./forum-draft-client";
import { useSession } from "@/components/layout/session-state";
import { Panel } from "@/components/ui/panel";
import { RichTextEditor } from "@/components/editor/rich-text-editor-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { POSTED_MESSAGE, POSTS_PAGE_SIZE } from "@/lib/messages/forums";
import { threadHref } from "./forum-paths";
import { useThreadFlash } from "./thread-flash-client";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";

/**
 * The reply editor of an open thread (docs/product.md §2, §8): POST /api/v1/forums/posts, then 'Successfully
 * posted comment!' and the page of the thread where the new post is: this page read again when
 * it has room, else the next or last page. The server's content error shows under the editor.
 */
export function ReplyForm({ threadId, page, pages, postsOnPage }: { threadId: number; page: number; pages: number; postsOnPage: number }) {
  const router = useRouter();
  const { flash, setFlash } = useThreadFlash();
  const [content, setContent] = useState("");
  const editorRef = useRef<EditorHandle | null>(null);
  const draft = useForumDraft("reply", threadId, { title: "", content }, (d) => setContent(d.content));
  // Each post's Quote action inserts into this editor while the form is on the page.
  useEffect(() => {
    setQuoteTarget({
      insertHtml: (html) => {
        document.getElementById("reply-heading")?.scrollIntoView({ block: "start" });
        editorRef.current?.insertHtml(html);
      },
    });
    return () => setQuoteTarget(null);
  }, []);
  const form = useApiForm<{ content: string }>({
    endpoint: endpoints.createPost,
    fields: ["content", "thread_id"],
    prepare: (v) => ({ thread_id: threadId, content: v.content }),
    isSuccess: (res) => res.status === 201,
    onSuccess: (data) => {
      draft.posted();
      setContent("");
      setFlash({ message: POSTED_MESSAGE, postId: typeof data.id === "number" ? data.id : undefined });
      const onLast = page >= pages;
      if (onLast && postsOnPage < POSTS_PAGE_SIZE) router.refresh();
      else router.push(threadHref(threadId, onLast ? page + 1 : "last"), { scroll: false });
    },
  });
  return (
    <ClientForm
      noValidate
      onSubmit={(e) => {
        setFlash(null);
        void form.submit({ content }, e);
      }}
      className="space-y-3"
      aria-labelledby="reply-heading"
    >
      <h2 id="reply-heading" className="text-2xl text-gold">
        Reply
      </h2>
      <RichTextEditor
        id="reply-content"
        label="Your reply"
        hideLabel
        value={content}
        onChange={setContent}
        errors={form.fieldErrors.content}
        placeholder="Write your reply…"
        editorRef={editorRef}
      />
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-stone-400" data-testid="draft-status">
        {draft.status}
      </p>
      <LiveAlert tone={form.formError ? "error" : "success"}>{form.formError ?? flash?.message}</LiveAlert>
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        {form.busy ? "Posting..." : "Submit Post"}
      </button>
    </ClientForm>
  );
}

/**
 * The reply area of an open thread's public page: the reply form for a signed-in player,
 * `fallback` (the prompt to log in) for a guest. The page is the same for both (it may come from
 * the page cache): the browser knows who is signed in, the server checks again on posting.
 * Until the browser knows, both the prompt and a "loading" line are on the page and the
 * stylesheet shows one: `html.session-hinted` (set by `SessionHintScript` before the first paint
 * when the hint cookie is there) shows the loading line, otherwise the prompt. A slow phone
 * never shows a signed-in player the login prompt.
 */
export function ReplyGate({ fallback, ...form }: { fallback: ReactNode; threadId: number; page: number; pages: number; postsOnPage: number }) {
  const session = useSession();
  if (session.status === "user" && !session.user.storeSession) {
    return (
      <Panel>
        <ReplyForm {...form} />
      </Panel>
    );
  }
  if (session.status === "guest" || session.status === "user") return fallback;
  return (
    <>
      <div className="reply-guest">{fallback}</div>
      <p className="reply-wait rounded border-2 border-stone-600 bg-stone-800/60 px-4 py-3 text-stone-200" aria-busy="true" data-testid="reply-loading">
        Loading the reply form…
      </p>
    </>
  );
}
