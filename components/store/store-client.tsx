"use client";

import { useEffect, useId, useState } from "react";
import { useApiGet } from "@/components/api/use-api-get";
import { LiveAlert } from "@/components/ui/alert";
import { inputClass } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { DISPUTE_HOLD_MESSAGE } from "@/lib/disputes";
import { BalanceLine } from "./balance-line";
import type { StoreProduct } from "./contract";
import * as endpoints from "@/lib/client/endpoints";
import { DonatorButtons } from "./donator-modals-client";
import { ProductCard } from "./product-card";
import { ProductModal } from "./product-modal-client";
import { type StoreQuery, effectiveCategory, productsArgs, readStoreQuery, storeQueryString, withCategory, withSearch } from "./store-query";

export const EMPTY_TEXT = "No products found for selected category; try checking another one!";
const LOAD_FAILED = "We could not load the store just now. Please try again.";
/** Wait this long after the last keystroke before searching. */
const SEARCH_DEBOUNCE_MS = 350;

/**
 * docs/product.md §2 Store: balance, donator modals, category filter, search, product grid, paging. The
 * page is a prerendered shell (proxy.ts lets only a signed-in player or a ::store session in);
 * `urlQuery` is the address bar's query: a link to another /store query is followed without a
 * reload, and this component's own History API writes come back through it unchanged.
 */
export function StoreClient({ urlQuery }: { urlQuery: StoreQuery }) {
  const [query, setQuery] = useState(urlQuery);
  const [searchText, setSearchText] = useState(urlQuery.search);
  const [seenUrl, setSeenUrl] = useState(storeQueryString(urlQuery));
  if (seenUrl !== storeQueryString(urlQuery)) {
    setSeenUrl(storeQueryString(urlQuery));
    if (storeQueryString(urlQuery) !== storeQueryString(query)) {
      setQuery(urlQuery);
      setSearchText(urlQuery.search);
    }
  }
  const balanceGet = useApiGet(endpoints.creditBalance, {}, { signedIn: "/store" });
  // After a purchase, the balance its answer gave; before, the one loaded with the page.
  const [purchased, setBalance] = useState<number | null>(null);
  const balance = purchased ?? (balanceGet.res?.ok && typeof balanceGet.res.data.credits === "number" ? balanceGet.res.data.credits : null);
  const onHold = balanceGet.res?.ok === true && balanceGet.res.data.spending_hold === true;
  const [selected, setSelected] = useState<StoreProduct | null>(null);
  const filterId = useId();

  // The query lives in state (a radio turns on at once) and is written into the URL with the
  // History API: no server round trip. Back and Forward bring the URL's query back; a link to
  // another /store query arrives through `urlQuery`.
  useEffect(() => {
    const onPop = () => {
      const q = readStoreQuery(new URLSearchParams(window.location.search));
      setQuery(q);
      setSearchText(q.search);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  const go = (next: StoreQuery, replace = false) => {
    setQuery(next);
    const url = `${window.location.pathname}${storeQueryString(next)}`;
    if (replace) window.history.replaceState(window.history.state, "", url);
    else window.history.pushState(window.history.state, "", url);
  };

  // Debounced search: the URL (and so the request) follows the box once typing pauses.
  useEffect(() => {
    const text = searchText.trim();
    if (text === query.search) return;
    const t = setTimeout(() => go(withSearch(query, text), true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts a search
  }, [searchText]);

  const cats = useApiGet(endpoints.storeCategories, {});
  const categories = cats.res?.ok ? (cats.res.list ?? []) : [];
  const category = cats.res
    ? effectiveCategory(
        query.category,
        categories.map((c) => c.id),
      )
    : null;
  const shown: StoreQuery | null = category === null ? null : { ...query, category };
  const products = useApiGet(endpoints.storeProductsPage, shown ? productsArgs(shown) : null);
  const list = products.res?.ok && Array.isArray(products.res.data.results) ? products.res.data.results : [];
  const failed = (cats.res && !cats.res.ok) || (products.res && !products.res.ok);
  const loading = cats.loading || products.loading;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
        <BalanceLine balance={balance} />
        <DonatorButtons />
      </div>
      {onHold ? (
        <p role="note" data-testid="spending-hold" className="rounded border-2 border-blood bg-blood/15 px-4 py-3 text-red-100">
          <strong>Store spending on hold.</strong> {DISPUTE_HOLD_MESSAGE}
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <Panel as="aside" aria-label="Filter products" className="space-y-5 self-start">
          <div>
            <label htmlFor={`${filterId}-search`} className="mb-1 block font-semibold text-stone-100">
              Search
            </label>
            <input
              id={`${filterId}-search`}
              type="search"
              className={inputClass}
              placeholder="Product name"
              maxLength={100}
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              onKeyDown={(e) => {
                // Enter searches at once instead of waiting for the pause.
                if (e.key === "Enter" && shown) go(withSearch(query, searchText), true);
              }}
            />
          </div>
          <fieldset>
            <legend className="mb-2 font-semibold text-stone-100">Category</legend>
            {cats.loading ? <p className="text-sm text-stone-400">Loading categories...</p> : null}
            <div className="flex flex-wrap gap-2 lg:flex-col" role="radiogroup" aria-label="Category">
              {categories.map((c) => (
                <label
                  key={c.id}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded border border-stone-700 bg-stone-850 px-3 has-[:checked]:border-gold has-[:checked]:text-gold"
                >
                  <input
                    type="radio"
                    name={`${filterId}-category`}
                    value={c.id}
                    checked={c.id === category}
                    onChange={() => go(withCategory(query, c.id))}
                    className="accent-[var(--color-gold)]"
                  />
                  {c.name}
                </label>
              ))}
            </div>
          </fieldset>
        </Panel>

        <section aria-labelledby={`${filterId}-products`} aria-busy={loading} className="min-w-0">
          <h2 id={`${filterId}-products`} className="sr-only">
            Products
          </h2>
          <LiveAlert tone="error" className="mb-4">
            {failed ? (
              <>
                {LOAD_FAILED}{" "}
                <button type="button" className="underline" onClick={() => (cats.res?.ok ? products.retry() : cats.retry())}>
                  Retry
                </button>
              </>
            ) : null}
          </LiveAlert>
          {loading ? (
            <p className="text-stone-300" role="status">
              Loading products...
            </p>
          ) : !failed && list.length === 0 ? (
            <p className="text-stone-300">{EMPTY_TEXT}</p>
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Products">
              {list.map((p) => (
                <li key={p.id}>
                  <ProductCard product={p} onOpen={() => setSelected(p)} />
                </li>
              ))}
            </ul>
          )}

          {shown && products.res?.ok ? (
            <nav aria-label="Store pages" className="mt-6 flex items-center justify-center gap-3">
              <button
                type="button"
                className="btn btn-stone"
                disabled={!products.res.data.previous || shown.page <= 1}
                onClick={() => go({ ...shown, page: shown.page - 1 })}
              >
                Previous Page
              </button>
              <span aria-current="page" className="min-w-10 text-center font-bold text-gold" data-testid="store-page">
                {shown.page}
              </span>
              <button type="button" className="btn btn-stone" disabled={!products.res.data.next} onClick={() => go({ ...shown, page: shown.page + 1 })}>
                Next Page
              </button>
            </nav>
          ) : null}
        </section>
      </div>

      {/* A product picked before the balance arrived opens once it has. */}
      {balance === null ? null : (
        <ProductModal
          product={selected}
          categoryName={categories.find((c) => c.id === selected?.category)?.name ?? ""}
          onClose={() => setSelected(null)}
          onBalance={(credits) => setBalance(credits)}
          balance={balance}
        />
      )}
    </div>
  );
}
