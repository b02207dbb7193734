"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { inputClass } from "@/components/ui/field";
import { api, failureFrom } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import type { TSavedReply } from "@/lib/schemas/saved-replies";

/** The shortcut that opens the picker, anywhere on the ticket page: Alt+Shift+R. */
export const SAVED_REPLY_SHORTCUT = "Alt+Shift+R";
const isShortcut = (e: KeyboardEvent) => e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.code === "KeyR";

export const REPLIED_AND_CLOSED = "Reply posted and ticket closed.";

/**
 * Staff tools under a ticket's reply box: pick a saved reply (or press Alt+Shift+R, choose, Enter)
 * and it is filled for this ticket on the server (GET /api/v1/staff/tickets/{id}/saved-replies/{reply})
 * and inserted at the cursor; "Reply and close" posts the box's text, then closes the ticket.
 * Kept apart from the reply form, which only hands over its text.
 */
export function SavedReplyTools({
  ticketId,
  textareaId,
  content,
  setContent,
}: {
  ticketId: number;
  textareaId: string;
  content: string;
  setContent: (text: string) => void;
}) {
  const router = useRouter();
  const pickerRef = useRef<HTMLSelectElement>(null);
  const [replies, setReplies] = useState<TSavedReply[] | null>(null);
  const [chosen, setChosen] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "error" | "success" | "info"; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    void api(endpoints.listSavedReplies, {}).then((res) => {
      if (!live) return;
      if (res.ok) setReplies((res.data.results as TSavedReply[]) ?? []);
      else setMessage({ tone: "error", text: failureFrom(res).formError ?? "The saved replies could not be loaded." });
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcut(e)) return;
      e.preventDefault();
      pickerRef.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  async function insert(id: string) {
    if (!id) return;
    setBusy(true);
    setMessage(null);
    const res = await api(endpoints.renderSavedReply, { params: { id: ticketId, reply: Number(id) } });
    setBusy(false);
    if (!res.ok) {
      setMessage({ tone: "error", text: failureFrom(res).formError ?? "The saved reply could not be filled." });
      return;
    }
    const text = String(res.data.text ?? "");
    const box = document.getElementById(textareaId) as HTMLTextAreaElement | null;
    const at = box && document.activeElement === box ? box.selectionStart : content.length;
    const before = content.slice(0, at);
    const glue = before && !before.endsWith("\n") ? "\n" : "";
    setContent(`${before}${glue}${text}${content.slice(at)}`);
    const unfilled = (res.data.unfilled as string[] | undefined) ?? [];
    setMessage(unfilled.length ? { tone: "info", text: `Inserted. Check these, they had no value: ${unfilled.map((p) => `{${p}}`).join(", ")}.` } : null);
    setChosen("");
    box?.focus();
  }

  async function replyAndClose() {
    if (!content.trim()) {
      setMessage({ tone: "error", text: "Write a reply first." });
      return;
    }
    setBusy(true);
    setMessage(null);
    const posted = await api(endpoints.createComment, { body: { ticket: ticketId, content } });
    if (posted.status !== 201) {
      setBusy(false);
      setMessage({
        tone: "error",
        text: failureFrom(posted).formError ?? Object.values(failureFrom(posted).fieldErrors)[0]?.[0] ?? "The reply was not posted.",
      });
      return;
    }
    setContent("");
    const closed = await api(endpoints.updateTicket, { params: { id: ticketId }, body: { closed: true } });
    setBusy(false);
    setMessage(
      closed.ok
        ? { tone: "success", text: REPLIED_AND_CLOSED }
        : { tone: "error", text: `The reply was posted, but the ticket was not closed: ${failureFrom(closed).formError ?? "try Close."}` },
    );
    router.refresh();
  }

  return (
    <div className="space-y-2 border-t border-stone-700 pt-3" data-testid="saved-reply-tools">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="saved-reply-picker" className="mb-1 block font-semibold text-stone-100">
            Saved reply <span className="text-sm font-normal text-stone-400">({SAVED_REPLY_SHORTCUT})</span>
          </label>
          <select
            id="saved-reply-picker"
            ref={pickerRef}
            aria-keyshortcuts="Alt+Shift+R"
            className={inputClass}
            value={chosen}
            disabled={busy || replies === null}
            onChange={(e) => setChosen(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                void insert(chosen);
              }
            }}
          >
            <option value="">{replies === null ? "Loading…" : replies.length ? "Choose a saved reply" : "No saved replies yet"}</option>
            {(replies ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {r.title}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn btn-stone" disabled={busy || !chosen} onClick={() => void insert(chosen)}>
          Insert
        </button>
        <button type="button" className="btn btn-ember" disabled={busy} onClick={() => void replyAndClose()}>
          {busy ? "Working..." : "Reply and close"}
        </button>
      </div>
      <p className="text-sm text-stone-400">
        <Link href="/staff/tickets/saved-replies">Manage saved replies</Link>
      </p>
      <LiveAlert tone={message?.tone ?? "info"}>{message?.text}</LiveAlert>
    </div>
  );
}
