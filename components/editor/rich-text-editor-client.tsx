"use client";

import { lazy, Suspense } from "react";
import { ErrorList } from "@/components/ui/field";
import type { RichTextEditorProps } from "./rich-text-editor-impl-client";

export type { RichTextEditorProps } from "./rich-text-editor-impl-client";

// Tiptap and ProseMirror are 440 kB of script (136 kB gzipped). Imported statically, they were in
// the first load of every page whose components can show an editor, the forum thread above all,
// where a guest never gets one (the reply form and each post's edit form are signed-in only).
// Loaded on demand, they stay off those pages until an editor is actually rendered. A page that
// renders one on the server keeps the server's HTML until the module is in; a client render
// (e.g. "Edit" on a post) shows the box below meanwhile.
const Editor = lazy(() => import("./rich-text-editor-impl-client").then((m) => ({ default: m.RichTextEditor })));

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<EditorLoading {...props} />}>
      <Editor {...props} />
    </Suspense>
  );
}

function EditorLoading({ id, label, errors, hideLabel = false }: RichTextEditorProps) {
  return (
    <div>
      <div id={`${id}-label`} className={hideLabel ? "sr-only" : "mb-1 block font-semibold text-stone-100"}>
        {label}
      </div>
      <div className="rich-text min-h-40 rounded border-2 border-stone-700 bg-stone-950 px-3 py-2 text-stone-400" aria-hidden="true">
        Loading editor…
      </div>
      <ErrorList id={`${id}-errors`} errors={errors} />
    </div>
  );
}
