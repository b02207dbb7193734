"use client";

import { useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { Modal } from "@/components/ui/modal";
import type { TStaffCategory, TStaffProduct } from "@/lib/schemas/staff-store";
import { ProductForm, SALE_OPTIONS } from "./product-form";
import { upsert } from "./upsert";
import { VisibilityBadge, VisibilityToggle } from "./visibility-toggle";

type Editing = TStaffProduct | "new" | null;
const saleText = (sale: TStaffProduct["sale"]) => SALE_OPTIONS.find((o) => o.value === (sale ?? ""))?.label ?? "";

/** Products: a table (inactive ones included) with edit and hide/show, and a modal form. */
export function ProductsSection({ products, categories, onChange }: { products: TStaffProduct[]; categories: TStaffCategory[]; onChange: (list: TStaffProduct[]) => void }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const saved = (p: TStaffProduct, verb: string) => {
    onChange(upsert(products, p));
    setMessage({ tone: "success", text: `${verb} product "${p.name}".` });
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-stone-300">Prices are in store credits; a sale takes its tier&apos;s discount off in the store.</p>
        <button type="button" className="btn btn-gold" disabled={categories.length === 0} onClick={() => setEditing("new")}>
          New product
        </button>
      </div>
      {categories.length === 0 ? <p className="text-stone-300">Create a category first: every product belongs to one.</p> : null}
      <LiveAlert tone={message?.tone ?? "success"}>{message?.text}</LiveAlert>
      {products.length === 0 ? (
        <p className="rounded border border-dashed border-stone-700 p-4 text-stone-300">No products yet.</p>
      ) : (
        <div className="relative overflow-x-auto">
          {/* relative: the sr-only labels (position: absolute) stay inside this scroll box instead of widening the page. */}
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Store products</caption>
            <thead className="border-b-2 border-stone-700 text-stone-300">
              <tr>
                <th scope="col" className="p-2"><span className="sr-only">Image</span></th>
                <th scope="col" className="p-2">Name</th>
                <th scope="col" className="p-2">Category</th>
                <th scope="col" className="p-2">Price</th>
                <th scope="col" className="p-2">Sale</th>
                <th scope="col" className="p-2">Status</th>
                <th scope="col" className="p-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <tr key={p.id} className="border-b border-stone-800" data-product-id={p.id}>
                  <td className="p-2">
                    {/* eslint-disable-next-line @next/next/no-img-element -- staff-entered addresses on any host */}
                    <img src={p.imageHref} alt="" width={32} height={32} className="size-8 object-contain" loading="lazy" />
                  </td>
                  <th scope="row" className="p-2 font-semibold text-stone-100">{p.name}</th>
                  <td className="p-2">{p.categoryName}</td>
                  <td className="p-2 tabular-nums">{p.price.toLocaleString("en-US")}</td>
                  <td className="p-2">{p.sale ? saleText(p.sale) : "None"}</td>
                  <td className="p-2"><VisibilityBadge visible={p.active} /></td>
                  <td className="p-2">
                    <div className="flex flex-wrap justify-end gap-2">
                      <button type="button" className="btn btn-stone min-h-11 px-3 py-1 text-sm" onClick={() => setEditing(p)}>
                        Edit<span className="sr-only"> {p.name}</span>
                      </button>
                      <VisibilityToggle<TStaffProduct>
                        path={`/api/v1/staff/store/products/${p.id}`}
                        field="active"
                        visible={p.active}
                        name={p.name}
                        onSaved={(row) => saved(row, row.active ? "Showed" : "Hid")}
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
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing === "new" ? "New product" : "Edit product"} className="max-w-2xl">
        {editing !== null ? (
          <ProductForm
            key={editing === "new" ? "new" : editing.id}
            initial={editing === "new" ? null : editing}
            categories={categories}
            onCancel={() => setEditing(null)}
            onSaved={(p) => {
              saved(p, editing === "new" ? "Created" : "Saved");
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>
    </div>
  );
}
