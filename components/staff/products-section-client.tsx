"use client";

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
        <div className="relative overflow-x-auto">
          {/* relative: the sr-only labels (position: absolute) stay inside this scroll box instead of widening the page. */}
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Store products</caption>
            <thead className="border-b-2 border-stone-700 text-stone-300">
              <tr>
                <th scope="col" className="p-2">
                  <span className="sr-only">Image</span>
                </th>
                <th scope="col" className="p-2">
                  Name
                </th>
                <th scope="col" className="p-2">
                  Category
                </th>
                <th scope="col" className="p-2">
                  Price
                </th>
                <th scope="col" className="p-2">
                  Sale
                </th>
                <th scope="col" className="p-2">
                  Status
                </th>
                <th scope="col" className="p-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <tr key={p.id} className="border-b border-stone-800" data-product-id={p.id}>
                  <td className="p-2">
                    {/* eslint-disable-next-line @next/next/no-img-element -- staff-entered addresses on any host */}
                    <img src={p.imageHref} alt="" width={32} height={32} className="size-8 object-contain" loading="lazy" />
                  </td>
                  <th scope="row" className="p-2 font-semibold text-stone-100">
                    {p.name}
                  </th>
                  <td className="p-2">{p.categoryName}</td>
                  <td className="p-2 tabular-nums">{p.price.toLocaleString("en-US")}</td>
                  <td className="p-2">{p.sale ? saleText(p.sale) : "None"}</td>
                  <td className="p-2">
                    <VisibilityBadge visible={p.active} />
                  </td>
                  <td className="p-2">
                    <RowActions<TStaffProduct> row={p} name={p.name} endpoint={endpoints.updateProduct} field="active" editor={editor} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
