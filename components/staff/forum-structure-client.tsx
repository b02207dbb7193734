"use client";

import { useCallback, useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { Modal } from "@/components/ui/modal-client";
import { type ApiResponse, api, failureFrom } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import type { TStaffForum, TStaffForumCategory } from "@/lib/schemas/staff-forums";
import { CategoryForm, DeleteForm, ForumForm } from "./forum-structure-forms-client";
import { StaffBadge } from "./staff-badge";

type Editing =
  | { kind: "new-category" }
  | { kind: "category"; row: TStaffForumCategory }
  | { kind: "new-forum"; categoryId: number }
  | { kind: "forum"; row: TStaffForum }
  | { kind: "delete-category"; row: TStaffForumCategory }
  | { kind: "delete-forum"; row: TStaffForum };
type Message = { tone: "success" | "error"; text: string } | null;

const TITLES: Record<Editing["kind"], (e: Editing) => string> = {
  "new-category": () => "New category",
  category: () => "Edit category",
  "new-forum": () => "New forum",
  forum: () => "Edit forum",
  "delete-category": (e) => `Delete category "${(e as { row: TStaffForumCategory }).row.name}"?`,
  "delete-forum": (e) => `Delete forum "${(e as { row: TStaffForum }).row.name}"?`,
};

/** The list with the item at `index` swapped with its neighbour above (-1) or below (+1). */
function moved(ids: number[], index: number, by: -1 | 1): number[] {
  const next = [...ids];
  [next[index], next[index + by]] = [next[index + by]!, next[index]!];
  return next;
}

const small = "btn btn-stone min-h-11 px-3 py-1 text-sm";

/**
 * The forum structure editor: categories in display order, each with its forums; create, edit,
 * move up and down, hide and delete. After every change the structure is read again from the
 * server, so what is shown is what is stored.
 */
export function ForumStructureEditor({ initial }: { initial: TStaffForumCategory[] }) {
  const [categories, setCategories] = useState(initial);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async (text?: string) => {
    const res = await api(endpoints.listForumStructure, {});
    if (res.ok) setCategories(res.data.results);
    setMessage(text ? { tone: "success", text } : null);
  }, []);

  const done = (text: string) => {
    setEditing(null);
    void reload(text);
  };

  async function reorder(send: () => Promise<ApiResponse>, text: string) {
    setBusy(true);
    try {
      const res = await send();
      if (res.ok) await reload(text);
      else setMessage({ tone: "error", text: failureFrom(res).formError ?? "The order was not saved." });
    } finally {
      setBusy(false);
    }
  }
  const moveCategory = (index: number, by: -1 | 1) =>
    reorder(
      () =>
        api(endpoints.reorderForumCategories, {
          body: {
            ids: moved(
              categories.map((c) => c.id),
              index,
              by,
            ),
          },
        }),
      `Moved category "${categories[index]!.name}" ${by < 0 ? "up" : "down"}.`,
    );
  const moveForum = (c: TStaffForumCategory, index: number, by: -1 | 1) =>
    reorder(
      () =>
        api(endpoints.reorderForums, {
          body: {
            categoryId: c.id,
            ids: moved(
              c.forums.map((f) => f.id),
              index,
              by,
            ),
          },
        }),
      `Moved forum "${c.forums[index]!.name}" ${by < 0 ? "up" : "down"}.`,
    );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-stone-300">Players see categories and forums in this order. Hidden ones are shown only to staff.</p>
        <button type="button" className="btn btn-gold" onClick={() => setEditing({ kind: "new-category" })}>
          New category
        </button>
      </div>
      <LiveAlert tone={message?.tone ?? "success"}>{message?.text}</LiveAlert>
      {categories.length === 0 ? (
        <p className="rounded border border-dashed border-stone-700 p-4 text-stone-300">
          No categories yet. Create a category, then add forums to it: players can start threads as soon as a forum exists.
        </p>
      ) : null}
      {categories.map((c, ci) => (
        <section key={c.id} aria-labelledby={`forum-category-${c.id}`} className="panel p-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 id={`forum-category-${c.id}`} className="text-2xl break-words text-gold">
                {c.name}
              </h2>
              {c.hidden ? <StaffBadge tone="none">Hidden</StaffBadge> : null}
            </div>
            <div className="flex flex-wrap gap-2">
              <button type="button" className={small} disabled={busy || ci === 0} onClick={() => void moveCategory(ci, -1)}>
                Up<span className="sr-only"> category {c.name}</span>
              </button>
              <button type="button" className={small} disabled={busy || ci === categories.length - 1} onClick={() => void moveCategory(ci, 1)}>
                Down<span className="sr-only"> category {c.name}</span>
              </button>
              <button type="button" className={small} onClick={() => setEditing({ kind: "category", row: c })}>
                Edit<span className="sr-only"> category {c.name}</span>
              </button>
              <button type="button" className={small} onClick={() => setEditing({ kind: "delete-category", row: c })}>
                Delete<span className="sr-only"> category {c.name}</span>
              </button>
            </div>
          </div>
          {c.forums.length === 0 ? <p className="mt-3 text-stone-300">No forums in this category yet.</p> : null}
          <ul className="mt-3 divide-y divide-stone-800">
            {c.forums.map((f, fi) => (
              <li key={f.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="staff-forum-row">
                <div className="min-w-0 flex-1 basis-64">
                  <h3 className="text-lg font-bold break-words text-stone-100">{f.name}</h3>
                  <p className="text-sm break-words text-stone-300">{f.description}</p>
                  <p className="mt-1 flex flex-wrap gap-2 text-sm text-stone-300">
                    <span>
                      {f.threads.toLocaleString("en-US")} {f.threads === 1 ? "thread" : "threads"}
                    </span>
                    {f.hidden ? <StaffBadge tone="none">Hidden</StaffBadge> : null}
                    {f.staffOnly ? <StaffBadge tone="wait">Staff only</StaffBadge> : null}
                    {f.isNews ? <StaffBadge tone="ok">News</StaffBadge> : null}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <button type="button" className={small} disabled={busy || fi === 0} onClick={() => void moveForum(c, fi, -1)}>
                    Up<span className="sr-only"> forum {f.name}</span>
                  </button>
                  <button type="button" className={small} disabled={busy || fi === c.forums.length - 1} onClick={() => void moveForum(c, fi, 1)}>
                    Down<span className="sr-only"> forum {f.name}</span>
                  </button>
                  <button type="button" className={small} onClick={() => setEditing({ kind: "forum", row: f })}>
                    Edit<span className="sr-only"> forum {f.name}</span>
                  </button>
                  <button type="button" className={small} onClick={() => setEditing({ kind: "delete-forum", row: f })}>
                    Delete<span className="sr-only"> forum {f.name}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-stone mt-3" onClick={() => setEditing({ kind: "new-forum", categoryId: c.id })}>
            New forum<span className="sr-only"> in {c.name}</span>
          </button>
        </section>
      ))}

      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing ? TITLES[editing.kind](editing) : ""}>
        {editing?.kind === "new-category" || editing?.kind === "category" ? (
          <CategoryForm
            key={editing.kind === "category" ? editing.row.id : "new"}
            initial={editing.kind === "category" ? editing.row : null}
            onCancel={() => setEditing(null)}
            onSaved={(row) => done(`${editing.kind === "category" ? "Saved" : "Created"} category "${row.name}".`)}
          />
        ) : editing?.kind === "new-forum" || editing?.kind === "forum" ? (
          <ForumForm
            key={editing.kind === "forum" ? editing.row.id : `new-${editing.categoryId}`}
            initial={editing.kind === "forum" ? editing.row : null}
            categoryId={editing.kind === "forum" ? editing.row.categoryId : editing.categoryId}
            categories={categories}
            onCancel={() => setEditing(null)}
            onSaved={(row) => done(`${editing.kind === "forum" ? "Saved" : "Created"} forum "${row.name}".`)}
          />
        ) : editing?.kind === "delete-category" || editing?.kind === "delete-forum" ? (
          <DeleteForm
            key={`${editing.kind}-${editing.row.id}`}
            target={editing.kind === "delete-category" ? { kind: "category", row: editing.row } : { kind: "forum", row: editing.row }}
            onCancel={() => setEditing(null)}
            onDeleted={() => done(`Deleted ${editing.kind === "delete-category" ? "category" : "forum"} "${editing.row.name}".`)}
          />
        ) : null}
      </Modal>
    </div>
  );
}
