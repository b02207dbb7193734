"use client";

import { ResponsiveTable } from "@/components/ui/responsive-table";
import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import type { TStaffCategory } from "@/lib/schemas/staff-store";
import { CheckboxField, FormActions, numberOrAbsent } from "./form-controls";
import { RowActions, RowEditorModal, RowStatus, useRowEditor } from "./row-editor-client";
import { VisibilityBadge } from "./visibility-toggle-client";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";

function CategoryForm({ initial, onSaved, onCancel }: { initial: TStaffCategory | null; onSaved: (c: TStaffCategory) => void; onCancel: () => void }) {
  const [name, setName] = useState(initial?.name ?? "");
  const [sortOrder, setSortOrder] = useState(String(initial?.sortOrder ?? 0));
  const [hidden, setHidden] = useState(initial?.hidden ?? false);
  const fields = ["name", "sortOrder", "hidden"] as const;
  const form = useApiForm<{ name: string; sortOrder: string; hidden: boolean }, TStaffCategory>({
    endpoint: initial ? endpoints.updateCategory : endpoints.createCategory,
    params: (): Record<string, number> => (initial ? { id: initial.id } : {}),
    required: ["name", "sortOrder"],
    fields,
    prepare: (v) => ({ name: v.name, sortOrder: numberOrAbsent(v.sortOrder), hidden: v.hidden }),
    onSuccess: (c) => onSaved(c as TStaffCategory),
  });
  const errors = form.fieldErrors;
  return (
    <ClientForm noValidate className="space-y-4" aria-busy={form.busy} onSubmit={(e) => form.submit({ name, sortOrder, hidden }, e)}>
      <Field
        id="category-name"
        label="Name"
        data-autofocus
        maxLength={64}
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        errors={errors.name}
      />
      <Field
        id="category-sort"
        label="Sort order"
        inputMode="numeric"
        hint="Lower numbers come first."
        value={sortOrder}
        onChange={(e) => setSortOrder(e.target.value)}
        errors={errors.sortOrder}
      />
      <CheckboxField id="category-hidden" label="Hidden from the store" checked={hidden} onChange={setHidden} errors={errors.hidden} />
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <FormActions busy={form.busy} onCancel={onCancel} submitLabel={initial ? "Save" : "Create category"} />
    </ClientForm>
  );
}

/** Categories: a table with edit and hide/show per row, and a modal form for create and edit. */
export function CategoriesSection({ categories, onChange }: { categories: TStaffCategory[]; onChange: (list: TStaffCategory[]) => void }) {
  const editor = useRowEditor<TStaffCategory>(categories, onChange, (c) => `category "${c.name}"`);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-stone-300">Hidden categories, and their products, are not listed in the store.</p>
        <button type="button" className="btn btn-gold" onClick={() => editor.setEditing("new")}>
          New category
        </button>
      </div>
      <RowStatus editor={editor} />
      {categories.length === 0 ? (
        <p className="rounded border border-dashed border-stone-700 p-4 text-stone-300">No categories yet. Create one to start the catalogue.</p>
      ) : (
        <ResponsiveTable
          caption="Store categories"
          columns={[{ label: "Name" }, { label: "Order" }, { label: "Products" }, { label: "Status" }, { label: "Actions", hideLabel: true }]}
          rowHeader={0}
          wide="xl"
          rows={categories.map((c) => ({
            key: c.id,
            cells: [
              c.name,
              c.sortOrder,
              c.productCount,
              <VisibilityBadge key="v" visible={!c.hidden} />,
              <RowActions<TStaffCategory> key="a" row={c} name={c.name} endpoint={endpoints.updateCategory} field="hidden" editor={editor} />,
            ],
          }))}
        />
      )}
      <RowEditorModal<TStaffCategory> editor={editor} noun="category" form={(props) => <CategoryForm {...props} />} />
    </div>
  );
}
