import type { Metadata } from "next";
import Link from "next/link";
import { PurchaseHistory } from "@/components/credits/purchase-history";
import { PageHeader } from "@/components/ui/page-header";
import { requireUser } from "@/lib/server/sessions/guards";

export const metadata: Metadata = { title: "Purchase History" };
export const dynamic = "force-dynamic";

/** Spec §2 Purchase history (linked from the account page with ?type=credits, the only kind). */
export default async function PurchaseHistoryPage() {
  await requireUser("/account/purchases?type=credits");
  return (
    <>
      <p className="mb-4">
        <Link href="/account">
          <span aria-hidden="true">← </span>Back to account
        </Link>
      </p>
      <PageHeader title="Purchase History" />
      <PurchaseHistory />
    </>
  );
}
