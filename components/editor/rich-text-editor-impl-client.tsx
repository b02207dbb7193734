"use client";

import Image from "@tiptap/extension-image";
import TextAlign from "@tiptap/extension-text-align";
import { Placeholder } from "@tiptap/extensions";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from "react";
import { ErrorList, inputClass } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal-client";
import { api } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import { isImageUrl } from "@/lib/image-url";
import { linkFromInput } from "@/lib/link-url";
import { LINK_OPTIONS, Mention, QuoteAttributes } from "./editor-extensions";
import { MentionMenu, useMentionMenu } from "./mention-menu-client";

// The rich-text editor of forum threads, replies and news (docs/product.md §2 "Create Thread and news
// editor"): the toolbar it lists and a link button (docs/forums.md, "The editor"), as a WAI-ARIA
// toolbar (one Tab stop, arrow keys move between buttons); typed and pasted addresses become
// links under the one link rule; "@" offers players to mention; Write / Preview tabs. The HTML it produces is only a suggestion: the server sanitises every body
// with an allowlist before storing it (lib/server/forums/sanitize.ts).
// Import it through ./rich-text-editor, which loads this module (and Tiptap) only when an
// editor is shown.

export type RichTextEditorProps = {
  id: string;
  label: ReactNode;
  /** HTML. The editor reads it when it starts and whenever it changes from outside (e.g. cleared after posting). */
  value: string;
  onChange: (html: string) => void;
  errors?: readonly string[];
  placeholder?: string;
  /** Hide the label visually (it stays the editor's accessible name). */
  hideLabel?: boolean;
  /** Filled with a handle once the editor runs: lets the page insert a quote. */
  editorRef?: RefObject<EditorHandle | null>;
};

/** What a page may do to a running editor. */
export type EditorHandle = { insertHtml: (html: string) => void };

type Tool = {
  key: string;
  label: string;
  icon: ReactNode;
  run: (e: Editor) => void;
  /** Toggle buttons report their state with aria-pressed. */
  active?: (e: Editor) => boolean;
  enabled?: (e: Editor) => boolean;
};

// Glyphs are pictures of the action: hidden from assistive technology, which reads the aria-label.
const b = (text: string, className = "") => (
  <span aria-hidden="true" className={`font-[family-name:var(--font-body)] ${className}`}>
    {text}
  </span>
);

const TOOLS: ReadonlyArray<Tool | "|"> = [
  { key: "bold", label: "Bold", icon: b("B", "font-bold"), run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive("bold") },
  {
    key: "italic",
    label: "Italic",
    icon: b("I", "italic font-serif"),
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive("italic"),
  },
  {
    key: "underline",
    label: "Underline",
    icon: b("U", "underline"),
    run: (e) => e.chain().focus().toggleUnderline().run(),
    active: (e) => e.isActive("underline"),
  },
  {
    key: "strike",
    label: "Strikethrough",
    icon: b("S", "line-through"),
    run: (e) => e.chain().focus().toggleStrike().run(),
    active: (e) => e.isActive("strike"),
  },
  "|",
  {
    key: "h1",
    label: "Heading H1",
    icon: b("H1", "font-bold"),
    run: (e) => e.chain().focus().toggleHeading({ level: 1 }).run(),
    active: (e) => e.isActive("heading", { level: 1 }),
  },
  {
    key: "h2",
    label: "Heading H2",
    icon: b("H2", "font-bold"),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive("heading", { level: 2 }),
  },
  "|",
  {
    key: "bullet",
    label: "Bullet list",
    icon: <ListIcon ordered={false} />,
    run: (e) => e.chain().focus().toggleBulletList().run(),
    active: (e) => e.isActive("bulletList"),
  },
  {
    key: "ordered",
    label: "Numbered list",
    icon: <ListIcon ordered />,
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    active: (e) => e.isActive("orderedList"),
  },
  "|",
  ...(["left", "center", "right", "justify"] as const).map((side) => ({
    key: `align-${side}`,
    label: side === "justify" ? "Justify" : `Align ${side}`,
    icon: <AlignIcon side={side} />,
    run: (e: Editor) => e.chain().focus().setTextAlign(side).run(),
    active: (e: Editor) => e.isActive({ textAlign: side }),
  })),
  "|",
  { key: "hr", label: "Horizontal rule", icon: b("―"), run: (e) => e.chain().focus().setHorizontalRule().run() },
  { key: "clear", label: "Clear formatting", icon: <ClearIcon />, run: (e) => e.chain().focus().unsetAllMarks().clearNodes().unsetTextAlign().run() },
  { key: "image", label: "Insert image by URL", icon: <ImageIcon />, run: () => undefined },
  { key: "link", label: "Insert link", icon: <LinkIcon />, run: () => undefined, active: (e) => e.isActive("link") },
  "|",
  { key: "undo", label: "Undo", icon: b("↶"), run: (e) => e.chain().focus().undo().run(), enabled: (e) => e.can().undo() },
  { key: "redo", label: "Redo", icon: b("↷"), run: (e) => e.chain().focus().redo().run(), enabled: (e) => e.can().redo() },
];
const BUTTONS = TOOLS.filter((t): t is Tool => t !== "|");

/** The editable element's attributes: a labelled multi-line textbox, marked invalid with its errors. */
function editableAttributes(id: string, labelId: string, hasErrors: boolean, activeOption?: string): Record<string, string> {
  return {
    id,
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelId,
    "aria-autocomplete": "list",
    ...(activeOption ? { "aria-controls": `${id}-mentions`, "aria-activedescendant": activeOption } : {}),
    ...(hasErrors ? { "aria-invalid": "true", "aria-describedby": `${id}-errors` } : {}),
    class: `rich-text min-h-40 rounded-b border-2 border-t-0 bg-stone-950 px-3 py-2 text-stone-100 focus:border-gold focus:outline-none ${hasErrors ? "border-blood" : "border-stone-700"}`,
  };
}

export function RichTextEditor({
  id,
  label,
  value,
  onChange,
  errors,
  placeholder = "Write your post here…",
  hideLabel = false,
  editorRef,
}: RichTextEditorProps) {
  const labelId = `${id}-label`;
  const hasErrors = !!errors && errors.length > 0;
  const lastEmitted = useRef(value);
  const onChangeRef = useRef(onChange);
  const keyHandler = useRef<(event: globalThis.KeyboardEvent) => boolean>(() => false);
  const [tab, setTab] = useState<"write" | "preview">("write");
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  const editor = useEditor({
    // Rendered on the server as an empty shell, then created in the browser (no hydration mismatch).
    immediatelyRender: false,
    extensions: [
      // Code blocks and quotes come with StarterKit's shortcuts; links follow the one link rule.
      StarterKit.configure({ heading: { levels: [1, 2] }, link: LINK_OPTIONS }),
      TextAlign.configure({ types: ["heading", "paragraph"] }),
      Image.configure({ allowBase64: false }),
      Placeholder.configure({ placeholder }),
      Mention,
      QuoteAttributes,
    ],
    content: value,
    editorProps: { attributes: editableAttributes(id, labelId, hasErrors), handleKeyDown: (_view, event) => keyHandler.current(event) },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? "" : e.getHTML();
      lastEmitted.current = html;
      onChangeRef.current(html);
    },
  });

  const mentions = useMentionMenu(editor, id);
  useEffect(() => {
    keyHandler.current = mentions.onKeyDown;
  });
  const activeOption = mentions.activeOptionId;

  // Error state and the open mention list live on the contenteditable element: keep its attributes in step.
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: { attributes: editableAttributes(id, labelId, hasErrors, activeOption), handleKeyDown: (_view, event) => keyHandler.current(event) },
    });
  }, [editor, hasErrors, id, labelId, activeOption]);

  useEffect(() => {
    if (!editorRef) return;
    editorRef.current = editor
      ? {
          insertHtml: (html) => {
            setTab("write");
            editor.chain().focus("end").insertContent(html).run();
          },
        }
      : null;
  }, [editor, editorRef]);

  // A value set from outside (cleared after a post, or loaded for an edit) replaces the document.
  useEffect(() => {
    if (editor && value !== lastEmitted.current) {
      lastEmitted.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <div>
      <div id={labelId} className={hideLabel ? "sr-only" : "mb-1 block font-semibold text-stone-100"} onClick={() => editor?.commands.focus()}>
        {label}
      </div>
      <Tabs id={id} tab={tab} setTab={setTab} />
      <div hidden={tab !== "write"}>
        <Toolbar editor={editor} editorId={id} labelId={labelId} />
        {editor ? (
          <EditorContent editor={editor} />
        ) : (
          // Until the editor starts in the browser: the same box, so the layout does not jump.
          <div className="rich-text min-h-40 rounded-b border-2 border-t-0 border-stone-700 bg-stone-950 px-3 py-2 text-stone-400" aria-hidden="true">
            Loading editor…
          </div>
        )}
        <MentionMenu menu={mentions} editorId={id} />
      </div>
      {tab === "preview" ? <Preview id={id} html={value} /> : null}
      <ErrorList id={`${id}-errors`} errors={errors} />
    </div>
  );
}

function Toolbar({ editor, editorId, labelId }: { editor: Editor | null; editorId: string; labelId: string }) {
  const [focusIndex, setFocusIndex] = useState(0);
  const [imageOpen, setImageOpen] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e ? Object.fromEntries(BUTTONS.map((t) => [t.key, { active: t.active ? t.active(e) : undefined, enabled: t.enabled ? t.enabled(e) : true }])) : null,
  });

  // Arrow keys, Home and End move focus within the toolbar; Tab leaves it (WAI-ARIA toolbar).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowRight: focusIndex + 1, ArrowLeft: focusIndex - 1, Home: 0, End: BUTTONS.length - 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    const next = (moves[e.key]! + BUTTONS.length) % BUTTONS.length;
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  let index = -1;
  return (
    <>
      <div
        role="toolbar"
        aria-label="Formatting"
        // Only once the editable element exists: an id pointing at nothing is invalid ARIA, and
        // the server's HTML (what a slow phone shows until the script runs) has no editor yet.
        aria-controls={editor ? editorId : undefined}
        aria-describedby={labelId}
        onKeyDown={onKeyDown}
        className="flex flex-wrap items-center gap-0.5 rounded-t border-2 border-stone-700 bg-stone-850 p-1"
      >
        {TOOLS.map((tool, i) => {
          if (tool === "|") return <span key={`sep-${i}`} aria-hidden="true" className="mx-1 h-6 w-px bg-stone-700" />;
          const at = ++index;
          const s = state?.[tool.key];
          const disabled = !editor || s?.enabled === false;
          return (
            <button
              key={tool.key}
              ref={(el) => {
                buttons.current[at] = el;
              }}
              type="button"
              tabIndex={at === focusIndex ? 0 : -1}
              aria-label={tool.label}
              title={tool.label}
              aria-pressed={tool.active ? Boolean(s?.active) : undefined}
              disabled={disabled}
              onFocus={() => setFocusIndex(at)}
              // Keep the text selection in the editor when a button is clicked with the mouse.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                if (!editor) return;
                if (tool.key === "image") setImageOpen(true);
                else if (tool.key === "link") setLinkOpen(true);
                else tool.run(editor);
              }}
              className="flex h-9 min-w-9 items-center justify-center rounded px-1.5 text-stone-200 hover:bg-stone-700 disabled:opacity-40 aria-pressed:bg-gold/20 aria-pressed:text-gold-bright"
            >
              {tool.icon}
            </button>
          );
        })}
      </div>
      <ImageDialog
        open={imageOpen}
        onClose={() => {
          setImageOpen(false);
          editor?.commands.focus();
        }}
        onInsert={(src) => editor?.chain().focus().setImage({ src }).run()}
      />
      <LinkDialog
        key={linkOpen ? "open" : "closed"}
        open={linkOpen}
        current={editor?.isActive("link") ? ((editor.getAttributes("link").href as string | undefined) ?? "") : ""}
        onClose={() => {
          setLinkOpen(false);
          editor?.commands.focus();
        }}
        onApply={(href) => {
          if (!editor) return;
          if (href === null) {
            editor.chain().focus().extendMarkRange("link").unsetLink().run();
          } else if (editor.state.selection.empty && !editor.isActive("link")) {
            editor
              .chain()
              .focus()
              .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
              .run();
          } else {
            editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
          }
        }}
      />
    </>
  );
}

/** Write and Preview: the preview is the body as the server would store it (POST /api/v1/forums/preview). */
function Tabs({ id, tab, setTab }: { id: string; tab: "write" | "preview"; setTab: (t: "write" | "preview") => void }) {
  return (
    <div className="mb-1 flex gap-1" role="group" aria-label="Editor view">
      {(["write", "preview"] as const).map((t) => (
        <button
          key={t}
          type="button"
          id={`${id}-tab-${t}`}
          aria-pressed={tab === t}
          onClick={() => setTab(t)}
          className="rounded-t border-2 border-b-0 border-stone-700 px-3 py-1 text-sm text-stone-200 aria-pressed:bg-stone-800 aria-pressed:text-gold-bright"
        >
          {t === "write" ? "Write" : "Preview"}
        </button>
      ))}
    </div>
  );
}

function Preview({ id, html }: { id: string; html: string }) {
  // The answer for the body it was asked for: a changed body shows "Loading" until its own answer.
  const [answer, setAnswer] = useState<{ for: string; html: string; error?: string } | null>(null);
  useEffect(() => {
    if (!html) return;
    let live = true;
    void api(endpoints.previewPost, { body: { content: html } }).then((res) => {
      if (!live) return;
      if (res.ok && typeof res.data.content === "string") setAnswer({ for: html, html: res.data.content });
      else {
        const fieldError = (res.data as { content?: unknown }).content;
        setAnswer({ for: html, html: "", error: Array.isArray(fieldError) ? fieldError.join(" ") : "The preview could not be made. Try again." });
      }
    });
    return () => {
      live = false;
    };
  }, [html]);
  const shown = !html ? { html: "", error: "Nothing to preview yet." } : answer?.for === html ? answer : null;
  return (
    <section aria-label="Preview" id={`${id}-preview`} className="min-h-40 rounded border-2 border-stone-700 bg-stone-900 px-3 py-2" aria-busy={shown === null}>
      {shown === null ? <p className="text-stone-400">Loading the preview…</p> : null}
      {shown?.error ? <p className="text-stone-300">{shown.error}</p> : null}
      {/* The server's sanitised copy, as a posted body is shown (components/forums/post-card.tsx). */}
      {shown?.html ? <div className="rich-text min-w-0" data-testid="editor-preview" dangerouslySetInnerHTML={{ __html: shown.html }} /> : null}
    </section>
  );
}

/**
 * One web address asked for in a modal (the link and the image dialogs). `check` answers an error
 * to show, or null when the address was taken. Not a <form>: these dialogs sit inside the post's
 * form, and forms cannot nest.
 */
function UrlDialog(props: {
  open: boolean;
  title: string;
  label: string;
  action: string;
  initial?: string;
  onClose: () => void;
  check: (url: string) => string | null;
}) {
  const [url, setUrl] = useState(props.initial ?? "");
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();
  const close = () => {
    setUrl("");
    setError(undefined);
    props.onClose();
  };
  const submit = () => {
    const problem = props.check(url);
    if (problem) setError(problem);
    else close();
  };
  return (
    <Modal open={props.open} onClose={close} title={props.title}>
      <div className="space-y-4">
        <div>
          <label htmlFor={inputId} className="mb-1 block font-semibold text-stone-100">
            {props.label}
          </label>
          <input
            id={inputId}
            data-autofocus
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                submit();
              }
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-errors` : undefined}
            className={inputClass}
          />
          <ErrorList id={`${inputId}-errors`} errors={error ? [error] : undefined} />
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-gold" onClick={submit}>
            {props.action}
          </button>
          <button type="button" className="btn btn-stone" onClick={close}>
            Cancel
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** The link dialog: http(s) addresses only (lib/link-url.ts); "example.com" is read as https. Empty removes the link. */
function LinkDialog({ open, current, onClose, onApply }: { open: boolean; current: string; onClose: () => void; onApply: (href: string | null) => void }) {
  // Mounted afresh each time it opens (its key), starting from the link under the caret.
  return (
    <UrlDialog
      open={open}
      title="Insert link"
      label="Link URL"
      action={current ? "Save link" : "Insert link"}
      initial={current}
      onClose={onClose}
      check={(url) => {
        if (!url.trim()) {
          if (current) onApply(null);
          return null;
        }
        const href = linkFromInput(url);
        if (!href) return "Use a web address starting with https:// or http://.";
        onApply(href);
        return null;
      }}
    />
  );
}

/** The "image by URL" prompt of docs/product.md §2: an empty address is ignored; only http(s) or site paths. */
function ImageDialog({ open, onClose, onInsert }: { open: boolean; onClose: () => void; onInsert: (src: string) => void }) {
  return (
    <UrlDialog
      open={open}
      title="Insert image"
      label="Image URL"
      action="Insert"
      onClose={onClose}
      check={(url) => {
        const src = url.trim();
        if (src && !isImageUrl(src)) return "Use an image address starting with https:// or http://.";
        if (src) onInsert(src);
        return null;
      }}
    />
  );
}

function AlignIcon({ side }: { side: "left" | "center" | "right" | "justify" }) {
  const rows = [18, 12, 18, 12];
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" fill="currentColor">
      {rows.map((w, i) => {
        const width = side === "justify" ? 18 : w;
        const x = side === "left" || side === "justify" ? 0 : side === "right" ? 18 - width : (18 - width) / 2;
        return <rect key={i} x={x} y={2 + i * 4} width={width} height="2" rx="1" />;
      })}
    </svg>
  );
}

function ListIcon({ ordered }: { ordered: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" fill="currentColor">
      {[3, 9, 15].map((y, i) =>
        ordered ? <rect key={`m${y}`} x="1" y={y - 2} width={i === 0 ? 1.6 : 3} height="4" rx="0.6" /> : <circle key={`m${y}`} cx="2.5" cy={y} r="1.6" />,
      )}
      {[3, 9, 15].map((y) => (
        <rect key={`l${y}`} x="6" y={y - 1} width="12" height="2" rx="1" />
      ))}
    </svg>
  );
}

function ClearIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <path d="M3 3.5h10M8 3.5v11M3 16L15 2" />
    </svg>
  );
}

function LinkIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <path d="M7.5 10.5a3 3 0 0 0 4.2 0l3-3a3 3 0 0 0-4.2-4.2l-1 1" />
      <path d="M10.5 7.5a3 3 0 0 0-4.2 0l-3 3a3 3 0 0 0 4.2 4.2l1-1" />
    </svg>
  );
}

function ImageIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.6">
      <rect x="1.5" y="2.5" width="15" height="13" rx="1.5" />
      <circle cx="6" cy="7" r="1.5" />
      <path d="M2 14l4.5-4.5 3 3 2.5-2.5 4 4" />
    </svg>
  );
}
