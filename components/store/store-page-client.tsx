"use client";

import { useSearchParams } from "next/navigation";
import { StoreClient } from "./store-client";
import { readStoreQuery } from "./store-query";

/** The store with the address bar's query (inside the page's Suspense boundary: the page is prerendered). */
export function StorePageClient() {
  return <StoreClient urlQuery={readStoreQuery(useSearchParams())} />;
}
