"use client";

import { useState } from "react";
import { ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { ResponsiveTable } from "@/components/ui/responsive-table";
import { api, failureFrom } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import type { TStaffCategory, TStaffCoupon, TStaffPackage, TStaffProduct, TStaffSale, TStaffSaleResult } from "@/lib/schemas/staff-store";
import { CheckboxField, FormActions, numberOrAbsent, SelectField } from "./form-controls";
import { RowEditorModal, RowStatus, useRowEditor } from "./row-editor-client";

// Staff: scheduled sales and coupons (docs/store.md). Times are typed in the browser's time zone
// and sent as ISO 8601 with the offset; the tables show them the same way.

/** `datetime-local` value → ISO 8601 (absent when blank; an unreadable value is sent as typed and refused). */
const isoOrAbsent = (v: string): string | undefined => {
  if (!v.trim()) return undefined;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
};
/** ISO → the `datetime-local` input's value in the browser's time zone. */
const localInput = (iso: string | null): string => {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" }) : "—");
const selected = (e: React.ChangeEvent<HTMLSelectElement>) => [...e.target.selectedOptions].map((o) => o.value);

function MultiSelect({
  id,
  label,
  values,
  onChange,
  options,
  errors,
  hint,
}: {
  id: string;
  label: string;
  values: string[];
  onChange: (v: string[]) => void;
  options: { id: number; label: string }[];
  errors?: string[];
  hint?: string;
}) {
  return (
    <SelectField
      id={id}
      label={label}
      multiple
      size={Math.min(6, Math.max(3, options.length))}
      value={values}
      onChange={(e) => onChange(selected(e))}
      errors={errors}
      hint={hint}
    >
      {options.map((o) => (
        <option key={o.id} value={String(o.id)}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}

// ── sales ──

type SaleValues = { name: string; kind: string; value: string; scope: string; productIds: string[]; categoryIds: string[]; startsAt: string; endsAt: string };

function SaleForm({
  initial,
  products,
  categories,
  onSaved,
  onCancel,
}: {
  initial: TStaffSale | null;
  products: TStaffProduct[];
  categories: TStaffCategory[];
  onSaved: (s: TStaffSaleResult) => void;
  onCancel: () => void;
}) {
  const [v, setV] = useState<SaleValues>({
    name: initial?.name ?? "",
    kind: initial?.kind ?? "PERCENT",
    value: initial ? String(initial.value) : "",
    scope: initial?.scope ?? "STORE",
    productIds: (initial?.productIds ?? []).map(String),
    categoryIds: (initial?.categoryIds ?? []).map(String),
    startsAt: localInput(initial?.startsAt ?? null),
    endsAt: localInput(initial?.endsAt ?? null),
  });
  const set =
    <K extends keyof SaleValues>(k: K) =>
    (value: SaleValues[K]) =>
      setV((old) => ({ ...old, [k]: value }));
  const form = useApiForm<SaleValues, TStaffSaleResult>({
    endpoint: initial ? endpoints.updateSale : endpoints.createSale,
    params: (): Record<string, number> => (initial ? { id: initial.id } : {}),
    required: ["name", "value", "startsAt", "endsAt"],
    fields: ["name", "kind", "value", "scope", "productIds", "categoryIds", "startsAt", "endsAt"],
    prepare: (x) => ({
      name: x.name,
      kind: x.kind,
      value: numberOrAbsent(x.value),
      scope: x.scope,
      productIds: x.scope === "PRODUCTS" ? x.productIds.map(Number) : [],
      categoryIds: x.scope === "CATEGORIES" ? x.categoryIds.map(Number) : [],
      startsAt: isoOrAbsent(x.startsAt),
      endsAt: isoOrAbsent(x.endsAt),
    }),
    onSuccess: (s) => onSaved(s as TStaffSaleResult),
  });
  const e = form.fieldErrors;
  return (
    <ClientForm noValidate className="space-y-4" aria-busy={form.busy} onSubmit={(ev) => form.submit(v, ev)}>
      <Field
        id="sale-name"
        label="Name"
        data-autofocus
        required
        value={v.name}
        onChange={(ev) => set("name")(ev.target.value)}
        errors={e.name}
        maxLength={64}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id="sale-kind" label="Discount" value={v.kind} onChange={(ev) => set("kind")(ev.target.value)} errors={e.kind}>
          <option value="PERCENT">Percent off</option>
          <option value="FIXED">Credits off</option>
        </SelectField>
        <Field
          id="sale-value"
          label={v.kind === "PERCENT" ? "Percent off (1–99)" : "Credits off"}
          inputMode="numeric"
          required
          value={v.value}
          onChange={(ev) => set("value")(ev.target.value)}
          errors={e.value}
        />
      </div>
      <SelectField id="sale-scope" label="Applies to" value={v.scope} onChange={(ev) => set("scope")(ev.target.value)} errors={e.scope}>
        <option value="STORE">The whole store</option>
        <option value="CATEGORIES">Some categories</option>
        <option value="PRODUCTS">Some products</option>
      </SelectField>
      {v.scope === "CATEGORIES" ? (
        <MultiSelect
          id="sale-categories"
          label="Categories"
          values={v.categoryIds}
          onChange={set("categoryIds")}
          options={categories.map((c) => ({ id: c.id, label: c.name }))}
          errors={e.categoryIds}
        />
      ) : null}
      {v.scope === "PRODUCTS" ? (
        <MultiSelect
          id="sale-products"
          label="Products"
          values={v.productIds}
          onChange={set("productIds")}
          options={products.map((p) => ({ id: p.id, label: `${p.name} (${p.price.toLocaleString("en-US")} credits)` }))}
          errors={e.productIds}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="sale-starts"
          label="Starts"
          type="datetime-local"
          required
          value={v.startsAt}
          onChange={(ev) => set("startsAt")(ev.target.value)}
          errors={e.startsAt}
        />
        <Field
          id="sale-ends"
          label="Ends"
          type="datetime-local"
          required
          value={v.endsAt}
          onChange={(ev) => set("endsAt")(ev.target.value)}
          errors={e.endsAt}
        />
      </div>
      <p className="text-sm text-stone-400">Sales may overlap: a product is sold at the lowest price among the sales in force (and its own sale tier).</p>
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <FormActions busy={form.busy} onCancel={onCancel} submitLabel={initial ? "Save" : "Schedule sale"} />
    </ClientForm>
  );
}

const discountText = (kind: string, value: number, unit: string) => (kind === "PERCENT" ? `${value}% off` : `${value.toLocaleString("en-US")} ${unit} off`);

export function SalesSection({
  sales,
  products,
  categories,
  onChange,
}: {
  sales: TStaffSale[];
  products: TStaffProduct[];
  categories: TStaffCategory[];
  onChange: (list: TStaffSale[]) => void;
}) {
  const editor = useRowEditor<TStaffSale>(sales, onChange, (s) => `the sale “${s.name}”`);
  const [warnings, setWarnings] = useState<TStaffSaleResult["warnings"]>([]);
  const [confirming, setConfirming] = useState<number | null>(null);
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const productNames = new Map(products.map((p) => [p.id, p.name]));
  const scopeText = (s: TStaffSale) =>
    s.scope === "STORE"
      ? "Whole store"
      : s.scope === "CATEGORIES"
        ? s.categoryIds.map((id) => names.get(id) ?? `#${id}`).join(", ")
        : s.productIds.map((id) => productNames.get(id) ?? `#${id}`).join(", ");

  async function remove(s: TStaffSale) {
    const res = await api(endpoints.deleteSale, { params: { id: s.id } });
    setConfirming(null);
    if (!res.ok) {
      editor.setMessage({ tone: "error", text: failureFrom(res).formError ?? "Could not delete the sale." });
      return;
    }
    onChange(sales.filter((x) => x.id !== s.id));
    editor.setMessage({ tone: "success", text: `Deleted the sale “${s.name}”.` });
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-stone-300">Sales with a start and an end, on the whole store, some categories or some products.</p>
        <button type="button" className="btn btn-gold" onClick={() => editor.setEditing("new")}>
          New sale
        </button>
      </div>
      <RowStatus editor={editor} />
      <LiveAlert tone="error">
        {warnings.length ? (
          <span data-testid="price-warning">
            Warning (the sale is saved): the list price of {warnings.map((w) => `“${w.name}” changed ${when(w.priceChangedAt)}`).join("; ")}, less than 30 days
            ago. A sale soon after a price change may not be a fair discount.
          </span>
        ) : null}
      </LiveAlert>
      {sales.length === 0 ? (
        <p className="rounded border border-dashed border-stone-700 p-4 text-stone-300">No sales yet.</p>
      ) : (
        <ResponsiveTable
          caption="Sales"
          columns={[
            { label: "Name" },
            { label: "Discount" },
            { label: "Applies to" },
            { label: "Starts" },
            { label: "Ends" },
            { label: "State" },
            { label: "Actions", hideLabel: true },
          ]}
          rowHeader={0}
          wide="xl"
          rows={sales.map((s) => ({
            key: s.id,
            cells: [
              s.name,
              discountText(s.kind, s.value, "credits"),
              scopeText(s),
              when(s.startsAt),
              when(s.endsAt),
              s.state,
              <div key="a" className="flex flex-wrap justify-end gap-2">
                <button type="button" className="btn btn-stone min-h-11 px-3 py-1 text-sm" onClick={() => editor.setEditing(s)}>
                  Edit<span className="sr-only"> the sale “{s.name}”</span>
                </button>
                {confirming === s.id ? (
                  <button type="button" className="btn btn-ember min-h-11 px-3 py-1 text-sm" onClick={() => void remove(s)}>
                    Really delete<span className="sr-only"> the sale “{s.name}”</span>?
                  </button>
                ) : (
                  <button type="button" className="btn btn-stone min-h-11 px-3 py-1 text-sm" onClick={() => setConfirming(s.id)}>
                    Delete<span className="sr-only"> the sale “{s.name}”</span>
                  </button>
                )}
              </div>,
            ],
          }))}
        />
      )}
      <RowEditorModal<TStaffSale>
        editor={editor}
        noun="sale"
        form={({ initial, onCancel, onSaved }) => (
          <SaleForm
            initial={initial}
            products={products}
            categories={categories}
            onCancel={onCancel}
            onSaved={(s) => {
              setWarnings(s.warnings);
              const { warnings: _w, ...row } = s;
              onSaved(row);
            }}
          />
        )}
      />
    </div>
  );
}

// ── coupons ──

type CouponValues = {
  code: string;
  kind: string;
  value: string;
  scope: string;
  productIds: string[];
  categoryIds: string[];
  packageIds: string[];
  storeItems: boolean;
  creditPackages: boolean;
  startsAt: string;
  expiresAt: string;
  maxRedemptions: string;
  perPlayerLimit: string;
  minOrderCredits: string;
  minOrderCents: string;
  username: string;
  stackable: boolean;
  active: boolean;
};
const str = (n: number | null) => (n === null ? "" : String(n));
const nullable = (v: string) => (v.trim() === "" ? null : Number(v.trim()));

function CouponForm({
  initial,
  products,
  categories,
  packages,
  onSaved,
  onCancel,
}: {
  initial: TStaffCoupon | null;
  products: TStaffProduct[];
  categories: TStaffCategory[];
  packages: TStaffPackage[];
  onSaved: (c: TStaffCoupon) => void;
  onCancel: () => void;
}) {
  const [v, setV] = useState<CouponValues>({
    code: initial?.code ?? "",
    kind: initial?.kind ?? "PERCENT",
    value: initial ? String(initial.value) : "",
    scope: initial?.scope ?? "BASKET",
    productIds: (initial?.productIds ?? []).map(String),
    categoryIds: (initial?.categoryIds ?? []).map(String),
    packageIds: (initial?.packageIds ?? []).map(String),
    storeItems: initial?.storeItems ?? true,
    creditPackages: initial?.creditPackages ?? false,
    startsAt: localInput(initial?.startsAt ?? null),
    expiresAt: localInput(initial?.expiresAt ?? null),
    maxRedemptions: str(initial?.maxRedemptions ?? null),
    perPlayerLimit: str(initial?.perPlayerLimit ?? null),
    minOrderCredits: str(initial?.minOrderCredits ?? null),
    minOrderCents: str(initial?.minOrderCents ?? null),
    username: initial?.username ?? "",
    stackable: initial?.stackable ?? false,
    active: initial?.active ?? true,
  });
  const set =
    <K extends keyof CouponValues>(k: K) =>
    (value: CouponValues[K]) =>
      setV((old) => ({ ...old, [k]: value }));
  const form = useApiForm<CouponValues, TStaffCoupon>({
    endpoint: initial ? endpoints.updateCoupon : endpoints.createCoupon,
    params: (): Record<string, number> => (initial ? { id: initial.id } : {}),
    required: ["code", "value"],
    fields: Object.keys(v),
    prepare: (x) => ({
      code: x.code,
      kind: x.kind,
      value: numberOrAbsent(x.value),
      scope: x.scope,
      productIds: x.scope === "PRODUCTS" ? x.productIds.map(Number) : [],
      packageIds: x.scope === "PRODUCTS" ? x.packageIds.map(Number) : [],
      categoryIds: x.scope === "CATEGORIES" ? x.categoryIds.map(Number) : [],
      storeItems: x.storeItems,
      creditPackages: x.creditPackages,
      startsAt: isoOrAbsent(x.startsAt) ?? null,
      expiresAt: isoOrAbsent(x.expiresAt) ?? null,
      maxRedemptions: nullable(x.maxRedemptions),
      perPlayerLimit: nullable(x.perPlayerLimit),
      minOrderCredits: nullable(x.minOrderCredits),
      minOrderCents: nullable(x.minOrderCents),
      username: x.username.trim() || null,
      stackable: x.stackable,
      active: x.active,
    }),
    onSuccess: (c) => onSaved(c as TStaffCoupon),
  });
  const e = form.fieldErrors;
  return (
    <ClientForm noValidate className="space-y-4" aria-busy={form.busy} onSubmit={(ev) => form.submit(v, ev)}>
      <Field
        id="coupon-code"
        label="Code"
        data-autofocus
        required
        value={v.code}
        onChange={(ev) => set("code")(ev.target.value)}
        errors={e.code}
        hint="3 to 32 letters, digits, - or _; players may type it in any case."
        maxLength={32}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id="coupon-kind" label="Discount" value={v.kind} onChange={(ev) => set("kind")(ev.target.value)} errors={e.kind}>
          <option value="PERCENT">Percent off</option>
          <option value="FIXED">Amount off</option>
        </SelectField>
        <Field
          id="coupon-value"
          label={v.kind === "PERCENT" ? "Percent off (1–100)" : v.creditPackages ? "US cents off" : "Credits off"}
          inputMode="numeric"
          required
          value={v.value}
          onChange={(ev) => set("value")(ev.target.value)}
          errors={e.value}
        />
      </div>
      <fieldset className="space-y-1">
        <legend className="font-semibold text-stone-100">Usable on</legend>
        <CheckboxField id="coupon-store-items" label="Store items (credits)" checked={v.storeItems} onChange={set("storeItems")} errors={e.storeItems} />
        <CheckboxField
          id="coupon-packages"
          label="Credit packages (money)"
          checked={v.creditPackages}
          onChange={set("creditPackages")}
          errors={e.creditPackages}
        />
      </fieldset>
      <SelectField id="coupon-scope" label="Applies to" value={v.scope} onChange={(ev) => set("scope")(ev.target.value)} errors={e.scope}>
        <option value="BASKET">Any order it is usable on</option>
        <option value="CATEGORIES">Some categories</option>
        <option value="PRODUCTS">Some products or packages</option>
      </SelectField>
      {v.scope === "CATEGORIES" ? (
        <MultiSelect
          id="coupon-categories"
          label="Categories"
          values={v.categoryIds}
          onChange={set("categoryIds")}
          options={categories.map((c) => ({ id: c.id, label: c.name }))}
          errors={e.categoryIds}
        />
      ) : null}
      {v.scope === "PRODUCTS" ? (
        <>
          <MultiSelect
            id="coupon-products"
            label="Products"
            values={v.productIds}
            onChange={set("productIds")}
            options={products.map((p) => ({ id: p.id, label: p.name }))}
            errors={e.productIds}
          />
          <MultiSelect
            id="coupon-package-ids"
            label="Credit packages"
            values={v.packageIds}
            onChange={set("packageIds")}
            options={packages.map((p) => ({ id: p.id, label: `${p.credits.toLocaleString("en-US")} credits` }))}
            errors={e.packageIds}
          />
        </>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="coupon-starts"
          label="Valid from (optional)"
          type="datetime-local"
          value={v.startsAt}
          onChange={(ev) => set("startsAt")(ev.target.value)}
          errors={e.startsAt}
        />
        <Field
          id="coupon-expires"
          label="Expires (optional)"
          type="datetime-local"
          value={v.expiresAt}
          onChange={(ev) => set("expiresAt")(ev.target.value)}
          errors={e.expiresAt}
        />
        <Field
          id="coupon-max"
          label="Total uses (blank: no limit)"
          inputMode="numeric"
          value={v.maxRedemptions}
          onChange={(ev) => set("maxRedemptions")(ev.target.value)}
          errors={e.maxRedemptions}
        />
        <Field
          id="coupon-per-player"
          label="Uses per player (blank: no limit)"
          inputMode="numeric"
          value={v.perPlayerLimit}
          onChange={(ev) => set("perPlayerLimit")(ev.target.value)}
          errors={e.perPlayerLimit}
        />
        <Field
          id="coupon-min-credits"
          label="Minimum order, credits (optional)"
          inputMode="numeric"
          value={v.minOrderCredits}
          onChange={(ev) => set("minOrderCredits")(ev.target.value)}
          errors={e.minOrderCredits}
        />
        <Field
          id="coupon-min-cents"
          label="Minimum order, US cents (optional)"
          inputMode="numeric"
          value={v.minOrderCents}
          onChange={(ev) => set("minOrderCents")(ev.target.value)}
          errors={e.minOrderCents}
        />
      </div>
      <Field
        id="coupon-username"
        label="Only for this player (optional)"
        value={v.username}
        onChange={(ev) => set("username")(ev.target.value)}
        errors={e.username}
        maxLength={12}
      />
      <CheckboxField id="coupon-stackable" label="Also applies over a sale (after it)" checked={v.stackable} onChange={set("stackable")} errors={e.stackable} />
      <CheckboxField id="coupon-active" label="Active" checked={v.active} onChange={set("active")} errors={e.active} />
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <FormActions busy={form.busy} onCancel={onCancel} submitLabel={initial ? "Save" : "Create coupon"} />
    </ClientForm>
  );
}

export function CouponsSection({
  coupons,
  products,
  categories,
  packages,
  onChange,
}: {
  coupons: TStaffCoupon[];
  products: TStaffProduct[];
  categories: TStaffCategory[];
  packages: TStaffPackage[];
  onChange: (list: TStaffCoupon[]) => void;
}) {
  const editor = useRowEditor<TStaffCoupon>(coupons, onChange, (c) => `the coupon ${c.code}`);
  const limits = (c: TStaffCoupon) =>
    [
      c.maxRedemptions !== null ? `${c.uses} of ${c.maxRedemptions} used` : `${c.uses} used`,
      c.perPlayerLimit !== null ? `${c.perPlayerLimit} per player` : null,
    ]
      .filter(Boolean)
      .join(", ");
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-stone-300">Codes players type at checkout. Coupons are never deleted: deactivate one instead.</p>
        <button type="button" className="btn btn-gold" onClick={() => editor.setEditing("new")}>
          New coupon
        </button>
      </div>
      <RowStatus editor={editor} />
      {coupons.length === 0 ? (
        <p className="rounded border border-dashed border-stone-700 p-4 text-stone-300">No coupons yet.</p>
      ) : (
        <ResponsiveTable
          caption="Coupons"
          columns={[
            { label: "Code" },
            { label: "Discount" },
            { label: "For" },
            { label: "Valid" },
            { label: "Uses" },
            { label: "Status" },
            { label: "Actions", hideLabel: true },
          ]}
          rowHeader={0}
          wide="xl"
          rows={coupons.map((c) => ({
            key: c.id,
            cells: [
              c.code,
              discountText(c.kind, c.value, c.creditPackages ? "cents" : "credits"),
              [c.storeItems ? "store items" : null, c.creditPackages ? "credit packages" : null].filter(Boolean).join(" and "),
              `${when(c.startsAt)} – ${when(c.expiresAt)}`,
              limits(c),
              c.active ? "Active" : "Inactive",
              <button key="e" type="button" className="btn btn-stone min-h-11 px-3 py-1 text-sm" onClick={() => editor.setEditing(c)}>
                Edit<span className="sr-only"> the coupon {c.code}</span>
              </button>,
            ],
          }))}
        />
      )}
      <RowEditorModal<TStaffCoupon>
        editor={editor}
        noun="coupon"
        className="max-w-2xl"
        form={(props) => <CouponForm {...props} products={products} categories={categories} packages={packages} />}
      />
    </div>
  );
}
