"use client";

import { ResponsiveTable } from "@/components/ui/responsive-table";
import type { TStaffCategory, TStaffProduct } from "@/lib/schemas/staff-store";
import { ProductForm, SALE_OPTIONS } from "./product-form-client";
import { RowActions, RowEditorModal, RowStatus, useRowEditor } from "./row-editor-client";
import { VisibilityBadge } from "./visibility-toggle-client";
import * as endpoints from "@/lib/client/endpoints";

const saleText = (sale: TStaffProduct["sale"]) => SALE_OPTIONS.find((o) => o.value === (sale ?? ""))?.label ?? "";

/** Products: a table (inactive ones included) with edit and hide/show, and a modal form. */
export function ProductsSection({
  products,
  categories,
  onChange,
}: {
  products: TStaffProduct[];
  categories: TStaffCategory[];
  onChange: (list: TStaffProduct[]) => void;
}) {
  const editor = useRowEditor<TStaffProduct>(products, onChange, (p) => `product "${p.name}"`);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-stone-300">Prices are in store credits; a sale takes its tier&apos;s discount off in the store.</p>
        <button type="button" className="btn btn-gold" disabled={categories.length === 0} onClick={() => editor.setEditing("new")}>
          New product
        </button>
      </div>
      {categories.length === 0 ? <p className="text-stone-300">Create a category first: every product belongs to one.</p> : null}
      <RowStatus editor={editor} />
      {products.length === 0 ? (
        <p className="rounded border border-dashed border-stone-700 p-4 text-stone-300">No products yet.</p>
      ) : (
        <ResponsiveTable
          caption="Store products"
          columns={[
            { label: "Image", hideLabel: true },
            { label: "Name" },
            { label: "Category" },
            { label: "Price", numeric: true },
            { label: "Sale" },
            { label: "Status" },
            { label: "Actions", hideLabel: true },
          ]}
          rowHeader={1}
          wide="2xl"
          rows={products.map((p) => ({
            key: p.id,
            attrs: { "data-product-id": p.id },
            cells: [
              // eslint-disable-next-line @next/next/no-img-element -- staff-entered addresses on any host
              <img key="i" src={p.imageHref} alt="" width={32} height={32} className="size-8 object-contain" loading="lazy" />,
              p.name,
              p.categoryName,
              p.price.toLocaleString("en-US"),
              p.sale ? saleText(p.sale) : "None",
              <VisibilityBadge key="v" visible={p.active} />,
              <RowActions<TStaffProduct> key="a" row={p} name={p.name} endpoint={endpoints.updateProduct} field="active" editor={editor} />,
            ],
          }))}
        />
      )}
      <RowEditorModal<TStaffProduct>
        editor={editor}
        noun="product"
        className="max-w-2xl"
        form={(props) => <ProductForm {...props} categories={categories} />}
      />
    </div>
  );
}
