import type { Metadata } from "next";
import { StoreClient } from "@/components/store/store-client";
import { readStoreQuery, storeQueryString } from "@/components/store/store-query";
import { PageHeader } from "@/components/ui/page-header";
import { getProfile } from "@/lib/server/accounts/get-profile";
import { requireUser } from "@/lib/server/sessions/guards";

export const metadata: Metadata = { title: "Store" };
// Per-player: the balance and the session decide what is shown.
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

export default async function StorePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireUser("/store", { storeSession: true });
  const [profile, raw] = await Promise.all([getProfile(actor.userId), searchParams]);
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) if (v !== undefined) params.set(k, Array.isArray(v) ? (v[0] ?? "") : v);
  const query = readStoreQuery(params);
  return (
    <>
      <PageHeader title="Store" subtitle="Spend your credits on items, then claim them in-game from the donation manager at home." />
      {/* Keyed by the query: a link to another /store query starts the client afresh. */}
      <StoreClient key={storeQueryString(query)} initialBalance={profile.storeCredits} initialQuery={query} />
    </>
  );
}
