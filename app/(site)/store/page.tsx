import type { Metadata } from "next";
import { Suspense } from "react";
import { GoalBars } from "@/components/goals/goal-bars-client";
import { StorePageClient } from "@/components/store/store-page-client";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Store" };

// A prerendered shell (docs/performance.md, "Signed-in pages as shells"): proxy.ts lets only a
// signed-in player or a ::store session in; the balance and the products come from the API.
export default function StorePage() {
  return (
    <>
      <PageHeader title="Store" subtitle="Spend your credits on items, then claim them in-game from the donation manager at home." />
      {/* A screen's height from the start: the footer stays out of view while the balance, the
          categories and the products arrive, so nothing visible moves (layout shift). */}
      <div className="min-h-dvh">
        <div className="mb-6 empty:hidden">
          <GoalBars />
        </div>
        <Suspense fallback={<p className="text-stone-300">Loading the store…</p>}>
          <StorePageClient />
        </Suspense>
      </div>
    </>
  );
}
