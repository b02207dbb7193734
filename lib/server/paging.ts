import "server-only";
import type { TPaged } from "@/lib/schemas/api";
import { getEnv } from "./env";

// Lists in the shape of docs/product.md §3: `{ results, previous, next }` with absolute page links.

/** `skip`/`take` for page `page` (from 1) of `pageSize` rows. */
export function pageWindow(page: number, pageSize: number): { skip: number; take: number } {
  return { skip: (page - 1) * pageSize, take: pageSize };
}

/**
 * The page answer. Links keep the request's other query parameters and are built on SITE_URL,
 * never on the Host header a client sent. `total` is the number of rows over all pages.
 */
export function paged<T>(req: Request, opts: { page: number; pageSize: number; total: number; results: T[] }): TPaged<T> {
  const { page, pageSize, total } = opts;
  const asked = new URL(req.url);
  const link = (n: number): string => {
    const url = new URL(asked.pathname, getEnv().SITE_URL);
    url.search = asked.search;
    if (n === 1) url.searchParams.delete("page");
    else url.searchParams.set("page", String(n));
    return url.toString();
  };
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return {
    results: opts.results,
    previous: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
    next: page < lastPage ? link(page + 1) : null,
  };
}
