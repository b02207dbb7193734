"use client";

import type { Editor } from "@tiptap/react";
import { useEffect, useState } from "react";
import { api } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";

// "@" in the editor (docs/forums.md, "Mentions and quotes"): after "@" and the start of a name, the
// players whose name starts so (GET /api/v1/users/search, at most 8) are listed under the editor.
// Arrow keys move, Enter or Tab picks, Escape closes; the pick becomes a mention node holding the
// player's id. The list is a listbox the editable element points at (aria-activedescendant), so
// focus stays in the text.

type Player = { id: number; name: string };
type Trigger = { prefix: string; from: number; to: number };

/** The "@prefix" just before the caret, if any: a name's letters after "@" at a word's start. */
function triggerAt(editor: Editor): Trigger | null {
  const { selection } = editor.state;
  if (!selection.empty) return null;
  const $from = selection.$from;
  if (!$from.parent.isTextblock) return null;
  const before = $from.parent.textBetween(Math.max(0, $from.parentOffset - 20), $from.parentOffset, undefined, "\ufffc");
  const m = /(?:^|[\s(])@([A-Za-z0-9_-]{1,12})$/.exec(before);
  if (!m) return null;
  return { prefix: m[1]!, from: $from.pos - m[1]!.length - 1, to: $from.pos };
}

export type MentionMenuState = {
  results: Player[];
  active: number;
  activeOptionId: string | undefined;
  onKeyDown: (event: KeyboardEvent) => boolean;
  pick: (index: number) => void;
};

export function useMentionMenu(editor: Editor | null, editorId: string): MentionMenuState {
  const [trigger, setTrigger] = useState<Trigger | null>(null);
  // What the lookup answered, and the option moved to, each for the prefix it belongs to: a new
  // prefix starts with no list and the first option.
  const [found, setFound] = useState<{ prefix: string; results: Player[] } | null>(null);
  const [moved, setMoved] = useState<{ prefix: string; index: number } | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);

  useEffect(() => {
    if (!editor) return;
    const update = () => {
      const t = triggerAt(editor);
      setTrigger((old) => (old?.prefix === t?.prefix && old?.from === t?.from && old?.to === t?.to ? old : t));
    };
    const blur = () => setTrigger(null);
    editor.on("transaction", update);
    editor.on("blur", blur);
    return () => {
      editor.off("transaction", update);
      editor.off("blur", blur);
    };
  }, [editor]);

  const prefix = trigger?.prefix ?? null;
  useEffect(() => {
    if (prefix === null) return;
    let live = true;
    // A short pause while typing: one lookup per name typed, not per letter.
    const timer = setTimeout(() => {
      void api(endpoints.searchUsers, { query: { prefix } }).then((res) => {
        if (live) setFound({ prefix, results: res.ok && Array.isArray(res.data.results) ? res.data.results : [] });
      });
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [prefix]);

  const results = prefix !== null && found?.prefix === prefix && dismissed !== prefix ? found.results : [];
  const open = results.length > 0;
  const active = moved && moved.prefix === prefix ? Math.min(moved.index, results.length - 1) : 0;

  const pick = (index: number) => {
    const player = results[index];
    if (!editor || !trigger || !player) return;
    editor
      .chain()
      .focus()
      .insertContentAt({ from: trigger.from, to: trigger.to }, [
        { type: "mention", attrs: { id: String(player.id), label: player.name } },
        { type: "text", text: " " },
      ])
      .run();
    setFound(null);
    setTrigger(null);
  };

  const onKeyDown = (event: KeyboardEvent): boolean => {
    if (!open) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const step = event.key === "ArrowDown" ? 1 : -1;
      setMoved({ prefix: prefix!, index: (active + step + results.length) % results.length });
      return true;
    }
    if (event.key === "Enter" || event.key === "Tab") {
      pick(active);
      return true;
    }
    if (event.key === "Escape") {
      setDismissed(prefix);
      return true;
    }
    return false;
  };

  return { results: open ? results : [], active, activeOptionId: open ? `${editorId}-mention-${active}` : undefined, onKeyDown, pick };
}

export function MentionMenu({ menu, editorId }: { menu: MentionMenuState; editorId: string }) {
  if (!menu.results.length) return null;
  return (
    <ul
      id={`${editorId}-mentions`}
      role="listbox"
      aria-label="Players to mention"
      className="mt-1 max-w-xs rounded border-2 border-stone-600 bg-stone-900 py-1 shadow-lg"
      data-testid="mention-menu"
    >
      {menu.results.map((p, i) => (
        <li
          key={p.id}
          id={`${editorId}-mention-${i}`}
          role="option"
          aria-selected={i === menu.active}
          // Keep the caret in the editor: the pick is made on the press.
          onMouseDown={(e) => {
            e.preventDefault();
            menu.pick(i);
          }}
          className="cursor-pointer px-3 py-1.5 text-stone-100 aria-selected:bg-gold/20 aria-selected:text-gold-bright"
        >
          @{p.name}
        </li>
      ))}
    </ul>
  );
}
