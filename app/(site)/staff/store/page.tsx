import type { Metadata } from "next";
import Link from "next/link";
import { StoreEditor } from "@/components/staff/store-editor-client";
import { PageHeader } from "@/components/ui/page-header";
import { requireStaff } from "@/lib/server/sessions/guards";
import { listCoupons } from "@/lib/server/store/admin/coupons";
import { listCreatorCodes } from "@/lib/server/store/admin/creator-codes";
import { listCreditPackages } from "@/lib/server/store/admin/list-credit-packages";
import { listStoreCategories } from "@/lib/server/store/admin/list-store-categories";
import { listStoreProducts } from "@/lib/server/store/admin/list-store-products";
import { listStaffGiftCards } from "@/lib/server/giftcards/staff-gift-cards";
import { listSales } from "@/lib/server/store/admin/sales";

// Staff catalogue editor. Administrators only: anyone else, guests included,
// gets the 404 page; every write goes through /api/v1/staff/**, which checks the same privilege.
export const metadata: Metadata = { title: "Store editor", robots: { index: false, follow: false } };

export default async function StaffStorePage() {
  await requireStaff("ADMINISTRATOR");
  const [categories, products, packages, sales, coupons, creatorCodes] = await Promise.all([
    listStoreCategories(),
    listStoreProducts(),
    listCreditPackages(),
    listSales(),
    listCoupons(),
    listCreatorCodes(),
  ]);
  const giftCards = await listStaffGiftCards();
  return (
    <>
      <PageHeader
        title="Store editor"
        subtitle="Categories, products, credit packages, sales, coupons, creator codes and gift cards of the store, and manual credit changes. Every change is written to the audit log."
      >
        <Link href="/staff/store/goals" className="btn btn-stone">
          Community goals
        </Link>
      </PageHeader>
      <StoreEditor
        categories={categories}
        products={products}
        packages={packages}
        sales={sales}
        coupons={coupons}
        creatorCodes={creatorCodes}
        giftCards={giftCards}
      />
    </>
  );
}
