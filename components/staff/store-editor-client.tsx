"use client";

import { type KeyboardEvent, useRef, useState } from "react";
import { Panel } from "@/components/ui/panel";
import type { TStaffCategory, TStaffCoupon, TStaffPackage, TStaffProduct, TStaffSale } from "@/lib/schemas/staff-store";
import type { TStaffGiftCard } from "@/lib/schemas/gift-cards";
import { GiftCardsSection } from "./gift-cards-section-client";
import { CategoriesSection } from "./categories-section-client";
import { CreditGrantForm } from "./credit-grant-form-client";
import { CouponsSection, SalesSection } from "./discounts-sections-client";
import { CreatorCodesSection } from "./creator-codes-section-client";
import type { TStaffCreatorCode } from "@/lib/schemas/creator-codes";
import { PackagesSection } from "./packages-section-client";
import { ProductsSection } from "./products-section-client";

const TABS = [
  { id: "products", label: "Products" },
  { id: "categories", label: "Categories" },
  { id: "packages", label: "Credit packages" },
  { id: "sales", label: "Sales" },
  { id: "coupons", label: "Coupons" },
  { id: "creator-codes", label: "Creator codes" },
  { id: "gift-cards", label: "Gift cards" },
  { id: "credits", label: "Credits" },
] as const;
type TabId = (typeof TABS)[number]["id"];

/**
 * The staff catalogue editor: tabs (arrow keys move between them, per the WAI-ARIA tabs
 * pattern) over the three tables and the credit form. Saved rows come back from the API and
 * replace the ones shown, so the tables always show what the server stored.
 */
export function StoreEditor(initial: {
  categories: TStaffCategory[];
  products: TStaffProduct[];
  packages: TStaffPackage[];
  sales: TStaffSale[];
  coupons: TStaffCoupon[];
  creatorCodes: TStaffCreatorCode[];
  giftCards: TStaffGiftCard[];
}) {
  const [tab, setTab] = useState<TabId>("products");
  const [categories, setCategories] = useState(initial.categories);
  const [products, setProducts] = useState(initial.products);
  const [packages, setPackages] = useState(initial.packages);
  const [sales, setSales] = useState(initial.sales);
  const [coupons, setCoupons] = useState(initial.coupons);
  const [giftCards, setGiftCards] = useState(initial.giftCards);
  const [creatorCodes, setCreatorCodes] = useState(initial.creatorCodes);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  // A renamed category shows its new name in the product rows too.
  const onCategories = (list: TStaffCategory[]) => {
    setCategories(list);
    const names = new Map(list.map((c) => [c.id, c.name]));
    setProducts((ps) => ps.map((p) => (names.get(p.categoryId) !== p.categoryName ? { ...p, categoryName: names.get(p.categoryId) ?? p.categoryName } : p)));
  };
  // A product moved between categories changes both counts: refetching would be a round trip, counting is exact.
  const onProducts = (list: TStaffProduct[]) => {
    setProducts(list);
    setCategories((cs) => cs.map((c) => ({ ...c, productCount: list.filter((p) => p.categoryId === c.id).length })));
  };

  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    const i = TABS.findIndex((t) => t.id === tab);
    const next = e.key === "ArrowRight" ? i + 1 : e.key === "ArrowLeft" ? i - 1 : e.key === "Home" ? 0 : e.key === "End" ? TABS.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const t = TABS[(next + TABS.length) % TABS.length]!;
    setTab(t.id);
    tabRefs.current[t.id]?.focus();
  }

  return (
    <Panel>
      <div role="tablist" aria-label="Catalogue sections" className="mb-6 flex flex-wrap gap-2 border-b-2 border-stone-700 pb-3">
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`staff-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`staff-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            onKeyDown={onKeyDown}
            className={`btn ${tab === t.id ? "btn-gold" : "btn-stone"}`}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <div key={t.id} role="tabpanel" id={`staff-panel-${t.id}`} aria-labelledby={`staff-tab-${t.id}`} hidden={tab !== t.id}>
          {tab !== t.id ? null : t.id === "products" ? (
            <ProductsSection products={products} categories={categories} onChange={onProducts} />
          ) : t.id === "categories" ? (
            <CategoriesSection categories={categories} onChange={onCategories} />
          ) : t.id === "packages" ? (
            <PackagesSection packages={packages} onChange={setPackages} />
          ) : t.id === "sales" ? (
            <SalesSection sales={sales} products={products} categories={categories} onChange={setSales} />
          ) : t.id === "coupons" ? (
            <CouponsSection coupons={coupons} products={products} categories={categories} packages={packages} onChange={setCoupons} />
          ) : t.id === "creator-codes" ? (
            <CreatorCodesSection codes={creatorCodes} onChange={setCreatorCodes} />
          ) : t.id === "gift-cards" ? (
            <GiftCardsSection cards={giftCards} onChange={setGiftCards} />
          ) : (
            <CreditGrantForm />
          )}
        </div>
      ))}
    </Panel>
  );
}
