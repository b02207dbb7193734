"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { api } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import { DRAFT_SAVE_DELAY_MS, DRAFT_SAVED_MESSAGE, UNSAVED_LEAVE_MESSAGE } from "@/lib/messages/forums";
import type { EditorHandle } from "@/components/editor/rich-text-editor-impl-client";

// Drafts, the leave warning and the quote hand-off of the forum editor (docs/forums.md, "The editor").

type DraftKind = "thread" | "reply";
type Draft = { title: string; content: string };

const same = (a: Draft, b: Draft) => a.title === b.title && a.content === b.content;
const isEmpty = (d: Draft) => !d.title.trim() && !d.content;

/**
 * The player's draft for one target: read once when the form opens (and handed to `restore`
 * while the form is still empty), then saved DRAFT_SAVE_DELAY_MS after the last change (an emptied
 * form drops it). `status` is the line to show ("Draft saved"); `unsaved` is true while the text
 * differs from what the server holds. Call `posted()` after a successful submit: the server has
 * dropped the draft with the post.
 */
export function useForumDraft(kind: DraftKind, targetId: number, current: Draft, restore: (d: Draft) => void) {
  const saved = useRef<Draft>({ title: "", content: "" });
  const [loaded, setLoaded] = useState(false);
  const [status, setStatus] = useState<string>("");
  const [unsaved, setUnsaved] = useState(false);
  // Read by the leave warning at the moment of leaving (a successful post leaves at once).
  const unsavedNow = useRef(false);
  const inflight = useRef<Promise<unknown>>(Promise.resolve());
  const restoreRef = useRef(restore);
  const currentRef = useRef(current);
  useEffect(() => {
    restoreRef.current = restore;
    currentRef.current = current;
  });

  useEffect(() => {
    let live = true;
    void api(endpoints.getDraft, { params: { kind, id: targetId } }).then((res) => {
      if (!live) return;
      const d = res.ok ? (res.data.draft as { title: string; content: string } | null) : null;
      if (d && isEmpty(currentRef.current)) {
        saved.current = { title: d.title, content: d.content };
        restoreRef.current(saved.current);
        setStatus("Draft restored");
      }
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [kind, targetId]);

  const { title, content } = current;
  useEffect(() => {
    if (!loaded) return;
    const now = { title, content };
    if (same(now, saved.current)) {
      unsavedNow.current = false;
      setUnsaved(false);
      return;
    }
    unsavedNow.current = true;
    setUnsaved(true);
    const timer = setTimeout(() => {
      const write = isEmpty(now)
        ? api(endpoints.deleteDraft, { params: { kind, id: targetId } })
        : api(endpoints.saveDraft, { params: { kind, id: targetId }, body: kind === "thread" ? now : { content: now.content } });
      inflight.current = write;
      void write.then((res) => {
        if (!res.ok) return;
        saved.current = now;
        if (same(currentRef.current, now)) {
          unsavedNow.current = false;
          setUnsaved(false);
        }
        setStatus(isEmpty(now) ? "" : DRAFT_SAVED_MESSAGE);
      });
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaded, title, content, kind, targetId]);

  useLeaveWarning(() => unsavedNow.current);

  return {
    status,
    unsaved,
    /**
     * After a successful submit: nothing is unsaved, and the server dropped the draft with the
     * post. A save that was already on its way may land after that: it is dropped again once done.
     */
    posted: () => {
      saved.current = { title: "", content: "" };
      unsavedNow.current = false;
      setUnsaved(false);
      setStatus("");
      void inflight.current.finally(() => api(endpoints.deleteDraft, { params: { kind, id: targetId } }));
    },
  };
}

/**
 * While `active()` says so: the browser asks before the page is closed or reloaded
 * (beforeunload), and a click on a link to another page of this site asks first (the app router
 * has no navigation guard, so the click is caught before it reaches the router's link).
 */
export function useLeaveWarning(active: () => boolean) {
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  });
  useEffect(() => {
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!activeRef.current()) return;
      e.preventDefault();
      e.returnValue = "";
    };
    const click = (e: MouseEvent) => {
      if (!activeRef.current() || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return;
      const to = new URL(link.href, location.href);
      if (to.origin !== location.origin || (to.pathname === location.pathname && to.search === location.search)) return;
      if (!window.confirm(UNSAVED_LEAVE_MESSAGE)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", beforeUnload);
    window.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      window.removeEventListener("click", click, true);
    };
  }, []);
}

// ── Quote: a post's Quote action hands its text to the reply editor on the same page ──

let quoteTarget: EditorHandle | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** The reply form registers its editor while it is on the page; posts show Quote only then. */
export function setQuoteTarget(handle: EditorHandle | null) {
  quoteTarget = handle;
  emit();
}

export function useQuoteTarget(): EditorHandle | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => quoteTarget,
    () => null,
  );
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The quote of a post as the editor inserts it: a blockquote naming the post (the server adds its
 * author's id), the author's name linking to the post, then the text as paragraphs.
 */
export function quoteHtml(postId: number, author: string, link: string, text: string): string {
  const paragraphs = text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join("");
  return `<blockquote data-quote-post="${postId}"><p><a href="${escapeHtml(link)}">${escapeHtml(author)}</a> wrote:</p>${paragraphs}</blockquote><p></p>`;
}
