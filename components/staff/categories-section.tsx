"use client";

import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import type { TStaffCategory } from "@/lib/schemas/staff-store";
import { CheckboxField, FormActions, numberOrAbsent } from "./form-controls";
import { upsert } from "./upsert";
import { VisibilityBadge, VisibilityToggle } from "./visibility-toggle";

type Editing = TStaffCategory | "new" | null;

function CategoryForm({ initial, onSaved, onCancel }: { initial: TStaffCategory | null; onSaved: (c: TStaffCategory) => void; onCancel: () => void }) {
  const [name, setName] = useState(initial?.name ?? "");
  const [sortOrder, setSortOrder] = useState(String(initial?.sortOrder ?? 0));
  const [hidden, setHidden] = useState(initial?.hidden ?? false);
  const fields = ["name", "sortOrder", "hidden"] as const;
  const form = useApiForm<{ name: string; sortOrder: string; hidden: boolean }, TStaffCategory>({
    path: initial ? `/api/v1/staff/store/categories/${initial.id}` : "/api/v1/staff/store/categories",
    method: initial ? "PATCH" : "POST",
    required: ["name", "sortOrder"],
    fields,
    prepare: (v) => ({ name: v.name, sortOrder: numberOrAbsent(v.sortOrder), hidden: v.hidden }),
    onSuccess: (c) => onSaved(c as TStaffCategory),
  });
  const errors = form.fieldErrors;
  return (
    <form noValidate className="space-y-4" aria-busy={form.busy} onSubmit={(e) => form.submit({ name, sortOrder, hidden }, e)}>
      <Field id="category-name" label="Name" data-autofocus maxLength={64} required value={name} onChange={(e) => setName(e.target.value)} errors={errors.name} />
      <Field id="category-sort" label="Sort order" inputMode="numeric" hint="Lower numbers come first." value={sortOrder} onChange={(e) => setSortOrder(e.target.value)} errors={errors.sortOrder} />
      <CheckboxField id="category-hidden" label="Hidden from the store" checked={hidden} onChange={setHidden} errors={errors.hidden} />
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <FormActions busy={form.busy} onCancel={onCancel} submitLabel={initial ? "Save" : "Create category"} />
    </form>
  );
}

/** Categories: a table with edit and hide/show per row, and a modal form for create and edit. */
export function CategoriesSection({ categories, onChange }: { categories: TStaffCategory[]; onChange: (list: TStaffCategory[]) => void }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const saved = (c: TStaffCategory, verb: string) => {
    onChange(upsert(categories, c));
    setMessage({ tone: "success", text: `${verb} category "${c.name}".` });
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-stone-300">Hidden categories, and their products, are not listed in the store.</p>
        <button type="button" className="btn btn-gold" onClick={() => setEditing("new")}>
          New category
        </button>
      </div>
      <LiveAlert tone={message?.tone ?? "success"}>{message?.text}</LiveAlert>
      {categories.length === 0 ? (
        <p className="rounded border border-dashed border-stone-700 p-4 text-stone-300">No categories yet. Create one to start the catalogue.</p>
      ) : (
        <div className="relative overflow-x-auto">
          {/* relative: the sr-only labels (position: absolute) stay inside this scroll box instead of widening the page. */}
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="sr-only">Store categories</caption>
            <thead className="border-b-2 border-stone-700 text-stone-300">
              <tr>
                <th scope="col" className="p-2">Name</th>
                <th scope="col" className="p-2">Order</th>
                <th scope="col" className="p-2">Products</th>
                <th scope="col" className="p-2">Status</th>
                <th scope="col" className="p-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {categories.map((c) => (
                <tr key={c.id} className="border-b border-stone-800">
                  <th scope="row" className="p-2 font-semibold text-stone-100">{c.name}</th>
                  <td className="p-2">{c.sortOrder}</td>
                  <td className="p-2">{c.productCount}</td>
                  <td className="p-2"><VisibilityBadge visible={!c.hidden} /></td>
                  <td className="p-2">
                    <div className="flex flex-wrap justify-end gap-2">
                      <button type="button" className="btn btn-stone min-h-11 px-3 py-1 text-sm" onClick={() => setEditing(c)}>
                        Edit<span className="sr-only"> {c.name}</span>
                      </button>
                      <VisibilityToggle<TStaffCategory>
                        path={`/api/v1/staff/store/categories/${c.id}`}
                        field="hidden"
                        visible={!c.hidden}
                        name={c.name}
                        onSaved={(row) => saved(row, row.hidden ? "Hid" : "Showed")}
                        onError={(text) => setMessage({ tone: "error", text })}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing === "new" ? "New category" : "Edit category"}>
        {editing !== null ? (
          <CategoryForm
            key={editing === "new" ? "new" : editing.id}
            initial={editing === "new" ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={(c) => {
              saved(c, editing === "new" ? "Created" : "Saved");
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
    </div>
  );
}
