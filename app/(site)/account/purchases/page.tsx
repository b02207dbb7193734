import type { Metadata } from "next";
import Link from "next/link";
import { PurchaseHistory } from "@/components/credits/purchase-history-client";
import { OrderCard } from "@/components/orders/order-card";
import { NO_ORDERS } from "@/components/orders/order-text";
import { BackLink } from "@/components/ui/back-link";
import { InvalidQuery } from "@/components/ui/invalid-query";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { Panel } from "@/components/ui/panel";
import { ORDERS_PAGE_SIZE, type TOrderType } from "@/lib/schemas/orders";
import { PAGE_QUERIES } from "@/lib/schemas/page-queries";
import { parsePageQuery, type SearchParams } from "@/lib/server/http/page-query";
import { requireUser } from "@/lib/server/sessions/guards";
import { getCreditBalance } from "@/lib/server/store/get-credit-balance";
import { listOrders } from "@/lib/server/store/list-orders";

export const metadata: Metadata = { title: "Purchase History" };
export const dynamic = "force-dynamic";

const TABS: { type: TOrderType; label: string; href: string }[] = [
  { type: "all", label: "All orders", href: "/account/purchases" },
  { type: "items", label: "Store items", href: "/account/purchases?type=items" },
  { type: "credits", label: "Credit purchases", href: "/account/purchases?type=credits" },
];

/**
 * docs/product.md §2 Purchase history. `?type=credits` (linked from the account page) is the
 * spec's view, unchanged: three cards and the credit purchases table. Beside it, the order history
 * (docs/payments.md "Orders"): every order, or only store items, with each item's delivery in game.
 */
export default async function PurchaseHistoryPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const parsed = parsePageQuery(PAGE_QUERIES["/account/purchases"], params);
  const type = parsed.query?.type ?? "all";
  const returnTo = type === "all" ? "/account/purchases" : `/account/purchases?type=${type}`;
  const actor = await requireUser(returnTo, { storeSession: true });
  const tabs = (
    <nav aria-label="Order kinds" className="mb-4 flex flex-wrap gap-2">
      {TABS.map((t) => (
        <Link
          key={t.type}
          href={t.href}
          aria-current={t.type === type ? "page" : undefined}
          className={`btn min-h-11 ${t.type === type ? "btn-gold" : "btn-stone"}`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
  const header = (
    <>
      <BackLink href="/account">Back to account</BackLink>
      <PageHeader title="Purchase History" />
      {tabs}
    </>
  );
  if (type === "credits" && parsed.ok)
    return (
      <>
        {header}
        <PurchaseHistory />
      </>
    );
  if (!parsed.ok)
    return (
      <>
        {header}
        <InvalidQuery errors={parsed.errors} labels={{ type: "Kind", page: "Page" }} />
      </>
    );
  const page = parsed.query.page;
  const [{ results, total }, { credits }] = await Promise.all([listOrders(actor.userId, { type, page }), getCreditBalance(actor.userId)]);
  return (
    <>
      {header}
      <Panel aria-labelledby="orders-heading">
        <h2 id="orders-heading" className="mb-3 text-2xl text-gold">
          {type === "items" ? "Store items" : "Your orders"}
        </h2>
        {results.length === 0 ? (
          <p data-testid="no-orders">{NO_ORDERS}</p>
        ) : (
          <ul className="space-y-3" aria-label="Orders">
            {results.map((o) => (
              <li key={o.number}>
                <OrderCard order={o} balance={credits} />
              </li>
            ))}
          </ul>
        )}
        <Pager basePath="/account/purchases" query={{ type: type === "all" ? undefined : type }} page={page} hasNext={page * ORDERS_PAGE_SIZE < total} />
      </Panel>
    </>
  );
}
