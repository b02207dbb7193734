// The /store query (docs/product.md §2 Store, §9): ?category=<id>&page=<n>&search=<text>. Pure, so the
// rules are unit tested and the client component only wires them to the URL.

/** docs/product.md §9: the category a plain /store loads (the route's default). */
export const ROUTE_DEFAULT_CATEGORY = 3;
/** docs/product.md §9: the filter's initial selection, used when the route's category is not in the list. */
export const INITIAL_CATEGORY = 1;
/** Longest search text sent to the API (product names are at most 100 characters). */
export const MAX_SEARCH = 100;

export type StoreQuery = { category: number; page: number; search: string };

function positiveInt(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/** Reads the query; a missing or malformed category is the route default, a bad page is 1. */
export function readStoreQuery(params: { get(name: string): string | null }): StoreQuery {
  return {
    category: positiveInt(params.get("category")) ?? ROUTE_DEFAULT_CATEGORY,
    page: positiveInt(params.get("page")) ?? 1,
    search: (params.get("search") ?? "").trim().slice(0, MAX_SEARCH),
  };
}

/** The query string for a state; page 1 and an empty search are left out. */
export function storeQueryString(q: StoreQuery): string {
  const p = new URLSearchParams({ category: String(q.category) });
  if (q.page > 1) p.set("page", String(q.page));
  if (q.search) p.set("search", q.search);
  return `?${p.toString()}`;
}

/** A category change starts over on page 1 (docs/product.md §2); the search text stays. */
export function withCategory(q: StoreQuery, category: number): StoreQuery {
  return { ...q, category, page: 1 };
}

/** A new search starts over on page 1. */
export function withSearch(q: StoreQuery, search: string): StoreQuery {
  return { ...q, search: search.trim().slice(0, MAX_SEARCH), page: 1 };
}

/**
 * The category to show among those that exist: the requested one, else the initial
 * selection, else the first; null when there are no categories.
 */
export function effectiveCategory(requested: number, ids: readonly number[]): number | null {
  if (ids.includes(requested)) return requested;
  if (ids.includes(INITIAL_CATEGORY)) return INITIAL_CATEGORY;
  return ids[0] ?? null;
}

/** What the products endpoint (endpoints.storeProductsPage) is asked for a state: its category, page and search (left out when blank). */
export function productsArgs(q: StoreQuery): { params: { category: number }; query: { page: number; search: string | undefined } } {
  return { params: { category: q.category }, query: { page: q.page, search: q.search || undefined } };
}

/** The balance link's label (docs/product.md §2): 'Buy Credits' at 0, else 'Buy more Credits'. */
export function buyCreditsLabel(balance: number): string {
  return balance > 0 ? "Buy more Credits" : "Buy Credits";
}
