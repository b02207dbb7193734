"use client";

import { ResponsiveTable } from "@/components/ui/responsive-table";
import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import type { TStaffPackage } from "@/lib/schemas/staff-store";
import { CheckboxField, FormActions, numberOrAbsent } from "./form-controls";
import { RowActions, RowEditorModal, RowStatus, useRowEditor } from "./row-editor-client";
import { VisibilityBadge } from "./visibility-toggle-client";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";

type Values = { credits: string; bonusCredits: string; priceCents: string; imageUrl: string; active: boolean; sortOrder: string; giftCard: boolean };
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const label = (p: TStaffPackage) => `${p.credits.toLocaleString("en-US")} credits${p.giftCard ? " gift card" : ""}`;

function PackageForm({ initial, onSaved, onCancel }: { initial: TStaffPackage | null; onSaved: (p: TStaffPackage) => void; onCancel: () => void }) {
  const [v, setV] = useState<Values>({
    credits: initial ? String(initial.credits) : "",
    bonusCredits: String(initial?.bonusCredits ?? 0),
    priceCents: initial ? String(initial.priceCents) : "",
    imageUrl: initial?.imageUrl ?? "",
    active: initial?.active ?? true,
    sortOrder: String(initial?.sortOrder ?? 0),
    giftCard: initial?.giftCard ?? false,
  });
  const set =
    <K extends keyof Values>(k: K) =>
    (value: Values[K]) =>
      setV((old) => ({ ...old, [k]: value }));
  const form = useApiForm<Values, TStaffPackage>({
    endpoint: initial ? endpoints.updatePackage : endpoints.createPackage,
    params: (): Record<string, number> => (initial ? { id: initial.id } : {}),
    required: ["credits", "bonusCredits", "priceCents", "imageUrl"],
    fields: ["credits", "bonusCredits", "priceCents", "imageUrl", "active", "sortOrder", "giftCard"],
    prepare: (x) => ({
      credits: numberOrAbsent(x.credits),
      bonusCredits: numberOrAbsent(x.bonusCredits),
      priceCents: numberOrAbsent(x.priceCents),
      imageUrl: x.imageUrl,
      active: x.active,
      sortOrder: numberOrAbsent(x.sortOrder),
      giftCard: x.giftCard,
    }),
    onSuccess: (p) => onSaved(p as TStaffPackage),
  });
  const e = form.fieldErrors;
  const cents = Number(v.priceCents);
  return (
    <ClientForm noValidate className="space-y-4" aria-busy={form.busy} onSubmit={(ev) => form.submit(v, ev)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="package-credits"
          label="Credits"
          data-autofocus
          inputMode="numeric"
          required
          value={v.credits}
          onChange={(ev) => set("credits")(ev.target.value)}
          errors={e.credits}
        />
        <Field
          id="package-bonus"
          label="Bonus credits"
          inputMode="numeric"
          required
          value={v.bonusCredits}
          onChange={(ev) => set("bonusCredits")(ev.target.value)}
          errors={e.bonusCredits}
        />
      </div>
      <Field
        id="package-price"
        label="Price (US cents)"
        inputMode="numeric"
        required
        value={v.priceCents}
        onChange={(ev) => set("priceCents")(ev.target.value)}
        errors={e.priceCents}
        hint={Number.isInteger(cents) && cents > 0 ? `Charged as ${usd(cents)}. Purchases already started keep their own price.` : "For example 999 for $9.99."}
      />
      <Field
        id="package-image"
        label="Image URL"
        required
        value={v.imageUrl}
        onChange={(ev) => set("imageUrl")(ev.target.value)}
        errors={e.imageUrl}
        hint="An https address, or a path on this site such as /images/credits/pack-1.svg."
      />
      <Field
        id="package-sort"
        label="Sort order"
        inputMode="numeric"
        value={v.sortOrder}
        onChange={(ev) => set("sortOrder")(ev.target.value)}
        errors={e.sortOrder}
      />
      <CheckboxField id="package-active" label="Offered on the credits page" checked={v.active} onChange={set("active")} errors={e.active} />
      <CheckboxField
        id="package-gift-card"
        label="Sold as a gift card (the buyer gets a code worth credits + bonus instead of credits)"
        checked={v.giftCard}
        onChange={set("giftCard")}
        errors={e.giftCard}
      />
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <FormActions busy={form.busy} onCancel={onCancel} submitLabel={initial ? "Save" : "Create package"} />
    </ClientForm>
  );
}

/** Credit packages: a table (inactive ones included) with edit and hide/show, and a modal form. */
export function PackagesSection({ packages, onChange }: { packages: TStaffPackage[]; onChange: (list: TStaffPackage[]) => void }) {
  const editor = useRowEditor<TStaffPackage>(packages, onChange, (p) => `the ${label(p)} package`);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-stone-300">Packages players buy with real money on the credits page.</p>
        <button type="button" className="btn btn-gold" onClick={() => editor.setEditing("new")}>
          New package
        </button>
      </div>
      <RowStatus editor={editor} />
      {packages.length === 0 ? (
        <p className="rounded border border-dashed border-stone-700 p-4 text-stone-300">No credit packages yet.</p>
      ) : (
        <ResponsiveTable
          caption="Credit packages"
          columns={[
            { label: "Credits", numeric: true },
            { label: "Bonus", numeric: true },
            { label: "Price", numeric: true },
            { label: "Order" },
            { label: "Status" },
            { label: "Actions", hideLabel: true },
          ]}
          rowHeader={0}
          wide="xl"
          rows={packages.map((p) => ({
            key: p.id,
            cells: [
              p.credits.toLocaleString("en-US"),
              p.bonusCredits.toLocaleString("en-US"),
              usd(p.priceCents),
              p.sortOrder,
              <VisibilityBadge key="v" visible={p.active} />,
              <RowActions<TStaffPackage> key="a" row={p} name={`the ${label(p)} package`} endpoint={endpoints.updatePackage} field="active" editor={editor} />,
            ],
          }))}
        />
      )}
      <RowEditorModal<TStaffPackage> editor={editor} noun="credit package" form={(props) => <PackageForm {...props} />} />
    </div>
  );
}
