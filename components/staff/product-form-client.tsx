"use client";

import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import type { TStaffCategory, TStaffProduct } from "@/lib/schemas/staff-store";
import { CheckboxField, FormActions, numberOrAbsent, SelectField, TextAreaField } from "./form-controls";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";
import { ProductImageUpload } from "./product-image-upload-client";

// Create or edit one store product. Values are kept as typed; numbers are converted on submit
// and the server's messages appear under each field.

export const SALE_OPTIONS = [
  { value: "", label: "No sale" },
  { value: "LOW", label: "LOW: 10% off" },
  { value: "MEDIUM", label: "MEDIUM: 25% off" },
  { value: "HIGH", label: "HIGH: 50% off" },
] as const;

type Values = {
  name: string;
  imageHref: string;
  price: string;
  sale: string;
  ironman: boolean;
  giftable: boolean;
  description: string;
  categoryId: string;
  gameItemId: string;
  quantity: string;
  active: boolean;
  sortOrder: string;
};
const FIELDS = [
  "name",
  "imageHref",
  "price",
  "sale",
  "ironman",
  "giftable",
  "description",
  "categoryId",
  "gameItemId",
  "quantity",
  "active",
  "sortOrder",
] as const;

function initialValues(p: TStaffProduct | null, categories: TStaffCategory[]): Values {
  return {
    name: p?.name ?? "",
    imageHref: p?.imageHref ?? "",
    price: p ? String(p.price) : "",
    sale: p?.sale ?? "",
    ironman: p?.ironman ?? true,
    giftable: p?.giftable ?? true,
    description: p?.description ?? "",
    categoryId: String(p?.categoryId ?? categories[0]?.id ?? ""),
    gameItemId: p ? String(p.gameItemId) : "",
    quantity: String(p?.quantity ?? 1),
    active: p?.active ?? true,
    sortOrder: String(p?.sortOrder ?? 0),
  };
}

export function ProductForm({
  initial,
  categories,
  onSaved,
  onCancel,
}: {
  initial: TStaffProduct | null;
  categories: TStaffCategory[];
  onSaved: (p: TStaffProduct) => void;
  onCancel: () => void;
}) {
  const [v, setV] = useState<Values>(() => initialValues(initial, categories));
  const set =
    <K extends keyof Values>(k: K) =>
    (value: Values[K]) =>
      setV((old) => ({ ...old, [k]: value }));
  const form = useApiForm<Values, TStaffProduct>({
    endpoint: initial ? endpoints.updateProduct : endpoints.createProduct,
    params: (): Record<string, number> => (initial ? { id: initial.id } : {}),
    required: ["name", "imageHref", "price", "description", "categoryId", "gameItemId", "quantity"],
    fields: FIELDS,
    prepare: (x) => ({
      name: x.name,
      imageHref: x.imageHref,
      price: numberOrAbsent(x.price),
      sale: x.sale || null,
      ironman: x.ironman,
      giftable: x.giftable,
      description: x.description,
      categoryId: numberOrAbsent(x.categoryId),
      gameItemId: numberOrAbsent(x.gameItemId),
      quantity: numberOrAbsent(x.quantity),
      active: x.active,
      sortOrder: numberOrAbsent(x.sortOrder),
    }),
    onSuccess: (p) => onSaved(p as TStaffProduct),
  });
  const e = form.fieldErrors;
  return (
    <ClientForm noValidate className="space-y-4" aria-busy={form.busy} onSubmit={(ev) => form.submit(v, ev)}>
      <Field
        id="product-name"
        label="Name"
        data-autofocus
        maxLength={100}
        required
        value={v.name}
        onChange={(ev) => set("name")(ev.target.value)}
        errors={e.name}
      />
      <Field
        id="product-image"
        label="Image URL"
        required
        value={v.imageHref}
        onChange={(ev) => set("imageHref")(ev.target.value)}
        errors={e.imageHref}
        hint="An https address, or a path on this site such as /images/store/item.png."
      />
      <ProductImageUpload id="product-image-file" current={v.imageHref} onUploaded={set("imageHref")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="product-price"
          label="Price (credits)"
          inputMode="numeric"
          required
          value={v.price}
          onChange={(ev) => set("price")(ev.target.value)}
          errors={e.price}
        />
        <SelectField id="product-sale" label="Sale" value={v.sale} onChange={(ev) => set("sale")(ev.target.value)} errors={e.sale}>
          {SALE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
      </div>
      <SelectField
        id="product-category"
        label="Category"
        required
        value={v.categoryId}
        onChange={(ev) => set("categoryId")(ev.target.value)}
        errors={e.categoryId}
      >
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
            {c.hidden ? " (hidden)" : ""}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        id="product-description"
        label="Description"
        maxLength={2000}
        required
        value={v.description}
        onChange={(ev) => set("description")(ev.target.value)}
        errors={e.description}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id="product-item"
          label="Game item id"
          inputMode="numeric"
          required
          value={v.gameItemId}
          onChange={(ev) => set("gameItemId")(ev.target.value)}
          errors={e.gameItemId}
        />
        <Field
          id="product-quantity"
          label="Quantity"
          inputMode="numeric"
          required
          value={v.quantity}
          onChange={(ev) => set("quantity")(ev.target.value)}
          errors={e.quantity}
        />
        <Field
          id="product-sort"
          label="Sort order"
          inputMode="numeric"
          value={v.sortOrder}
          onChange={(ev) => set("sortOrder")(ev.target.value)}
          errors={e.sortOrder}
        />
      </div>
      <CheckboxField id="product-ironman" label="Ironman accounts may claim it" checked={v.ironman} onChange={set("ironman")} errors={e.ironman} />
      <CheckboxField
        id="product-giftable"
        label="Players may buy it as a gift for another player"
        checked={v.giftable}
        onChange={set("giftable")}
        errors={e.giftable}
      />
      <CheckboxField id="product-active" label="Visible in the store" checked={v.active} onChange={set("active")} errors={e.active} />
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <FormActions busy={form.busy} onCancel={onCancel} submitLabel={initial ? "Save" : "Create product"} />
    </ClientForm>
  );
}
