import type { Metadata } from "next";
import { Suspense } from "react";
import { StoreClient } from "@/components/store/store-client";
import { PageHeader } from "@/components/ui/page-header";
import { getProfile } from "@/lib/server/accounts/get-profile";
import { requireUser } from "@/lib/server/sessions/guards";

export const metadata: Metadata = { title: "Store" };
// Per-player: the balance and the session decide what is shown.
export const dynamic = "force-dynamic";

export default async function StorePage() {
  const actor = await requireUser("/store");
  const profile = await getProfile(actor.userId);
  return (
    <>
      <PageHeader title="Store" subtitle="Spend your credits on items, then claim them in-game from the donation manager at home." />
      {/* The client reads ?category, ?page and ?search itself (useSearchParams). */}
      <Suspense fallback={<p className="text-stone-300">Loading the store...</p>}>
        <StoreClient initialBalance={profile.storeCredits} />
      </Suspense>
    </>
  );
}
