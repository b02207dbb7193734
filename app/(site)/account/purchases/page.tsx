import type { Metadata } from "next";
import { PurchaseHistory } from "@/components/credits/purchase-history-client";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/lib/server/sessions/guards";
import { BackLink } from "@/components/ui/back-link";

export const metadata: Metadata = { title: "Purchase History" };
export const dynamic = "force-dynamic";

/** docs/product.md §2 Purchase history (linked from the account page with ?type=credits, the only kind). */
export default async function PurchaseHistoryPage() {
  await requireUser("/account/purchases?type=credits", { storeSession: true });
  return (
    <>
      <BackLink href="/account">Back to account</BackLink>
      <PageHeader title="Purchase History" />
      <PurchaseHistory />
    </>
  );
}
