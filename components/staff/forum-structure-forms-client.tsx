"use client";

import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import * as endpoints from "@/lib/client/endpoints";
import { FORUM_DESCRIPTION_MAX, FORUM_NAME_MAX, type TStaffForum, type TStaffForumCategory } from "@/lib/schemas/staff-forums";
import { CheckboxField, FormActions, SelectField, TextAreaField } from "./form-controls";
import { ClientForm } from "@/components/forms/form-client";

// The forms of the forum structure editor: a category, a forum, and the confirmation of a
// delete. Each writes through /api/v1/staff/forums/** and shows the server's field errors.

export function CategoryForm({
  initial,
  onSaved,
  onCancel,
}: {
  initial: TStaffForumCategory | null;
  onSaved: (c: TStaffForumCategory) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(initial?.name ?? "");
  const [hidden, setHidden] = useState(initial?.hidden ?? false);
  const form = useApiForm<{ name: string; hidden: boolean }, TStaffForumCategory>({
    endpoint: initial ? endpoints.updateForumCategory : endpoints.createForumCategory,
    ...(initial ? { params: () => ({ id: initial.id }) } : {}),
    required: ["name"],
    fields: ["name", "hidden"],
    prepare: (v) => ({ name: v.name.trim(), hidden: v.hidden }),
    onSuccess: (c) => onSaved(c as TStaffForumCategory),
  });
  return (
    <ClientForm noValidate className="space-y-4" aria-busy={form.busy} onSubmit={(e) => void form.submit({ name, hidden }, e)}>
      <Field
        id="forum-category-name"
        label="Name"
        data-autofocus
        maxLength={FORUM_NAME_MAX}
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
        errors={form.fieldErrors.name}
      />
      <CheckboxField
        id="forum-category-hidden"
        label="Hidden from players and guests (with all its forums)"
        checked={hidden}
        onChange={setHidden}
        errors={form.fieldErrors.hidden}
      />
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <FormActions busy={form.busy} onCancel={onCancel} submitLabel={initial ? "Save" : "Create category"} />
    </ClientForm>
  );
}

type ForumValues = { name: string; description: string; categoryId: string; staffOnly: boolean; hidden: boolean };

export function ForumForm({
  initial,
  categoryId,
  categories,
  onSaved,
  onCancel,
}: {
  initial: TStaffForum | null;
  /** The category a new forum goes into (preselected). */
  categoryId: number;
  categories: Pick<TStaffForumCategory, "id" | "name">[];
  onSaved: (f: TStaffForum) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<ForumValues>({
    name: initial?.name ?? "",
    description: initial?.description ?? "",
    categoryId: String(initial?.categoryId ?? categoryId),
    staffOnly: initial?.staffOnly ?? false,
    hidden: initial?.hidden ?? false,
  });
  const set =
    <K extends keyof ForumValues>(key: K) =>
    (value: ForumValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const form = useApiForm<ForumValues, TStaffForum>({
    endpoint: initial ? endpoints.updateForum : endpoints.createForum,
    ...(initial ? { params: () => ({ id: initial.id }) } : {}),
    required: ["name", "description"],
    fields: ["name", "description", "categoryId", "staffOnly", "hidden"],
    prepare: (v) => ({ name: v.name.trim(), description: v.description.trim(), categoryId: Number(v.categoryId), staffOnly: v.staffOnly, hidden: v.hidden }),
    onSuccess: (f) => onSaved(f as TStaffForum),
  });
  const errors = form.fieldErrors;
  return (
    <ClientForm noValidate className="space-y-4" aria-busy={form.busy} onSubmit={(e) => void form.submit(values, e)}>
      <Field
        id="forum-name"
        label="Name"
        data-autofocus
        maxLength={FORUM_NAME_MAX}
        required
        value={values.name}
        onChange={(e) => set("name")(e.target.value)}
        errors={errors.name}
      />
      <TextAreaField
        id="forum-description"
        label="Description"
        rows={2}
        maxLength={FORUM_DESCRIPTION_MAX}
        value={values.description}
        onChange={(e) => set("description")(e.target.value)}
        errors={errors.description}
      />
      <SelectField
        id="forum-category"
        label="Category"
        value={values.categoryId}
        onChange={(e) => set("categoryId")(e.target.value)}
        errors={errors.categoryId}
        hint={initial ? "Moved to another category, it goes last there." : undefined}
      >
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <CheckboxField
        id="forum-staff-only"
        label="Staff only: only staff start threads (players may still reply)"
        checked={values.staffOnly}
        onChange={set("staffOnly")}
        errors={errors.staffOnly}
      />
      {initial?.isNews ? (
        <p className="text-sm text-stone-300">This is the news forum: it cannot be hidden, because every news post links to its thread here.</p>
      ) : (
        <CheckboxField id="forum-hidden" label="Hidden from players and guests" checked={values.hidden} onChange={set("hidden")} errors={errors.hidden} />
      )}
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <FormActions busy={form.busy} onCancel={onCancel} submitLabel={initial ? "Save" : "Create forum"} />
    </ClientForm>
  );
}

/** Confirms and sends a delete; a refusal (e.g. the forum has threads) stays in the dialog. */
export function DeleteForm({
  target,
  onDeleted,
  onCancel,
}: {
  target: { kind: "category"; row: TStaffForumCategory } | { kind: "forum"; row: TStaffForum };
  onDeleted: () => void;
  onCancel: () => void;
}) {
  const form = useApiForm<Record<string, never>>({
    endpoint: target.kind === "category" ? endpoints.deleteForumCategory : endpoints.deleteForum,
    params: () => ({ id: target.row.id }),
    onSuccess: () => onDeleted(),
  });
  return (
    <ClientForm noValidate className="space-y-4" onSubmit={(e) => void form.submit({}, e)}>
      <p className="text-stone-300">
        {target.kind === "category"
          ? "Only a category without forums can be deleted. This cannot be undone."
          : "Only a forum without threads can be deleted; one with threads can be hidden instead. This cannot be undone."}
      </p>
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <FormActions busy={form.busy} onCancel={onCancel} submitLabel={`Delete ${target.kind}`} busyLabel="Deleting..." />
    </ClientForm>
  );
}
