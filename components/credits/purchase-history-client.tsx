"use client";

import { useSyncExternalStore } from "react";
import { useApiGet } from "@/components/api/use-api-get";
import { Panel } from "@/components/ui/panel";
import { formatExactDateTime, formatLongDate } from "@/lib/format/dates";
import { DELIVERED_IN_GAME, purchaseProduct, purchaseState } from "./purchase-rows";
import { LoadFailed } from "@/components/ui/load-failed";
import * as endpoints from "@/lib/client/endpoints";

export const NO_PURCHASES = "No purchase history found";

const subscribe = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
const serverZone = () => "UTC";

/** docs/product.md §2 Purchase history: three cards and the credit purchases table. */
export function PurchaseHistory() {
  const zone = useSyncExternalStore(subscribe, browserZone, serverZone);
  const summaryGet = useApiGet(endpoints.purchaseSummary, {});
  const listGet = useApiGet(endpoints.listPurchases, {});
  const summary = summaryGet.res?.ok ? summaryGet.res.data : null;
  const rows = listGet.res?.ok ? (listGet.res.list ?? []) : [];
  const failed = (summaryGet.res && !summaryGet.res.ok) || (listGet.res && !listGet.res.ok);

  const cards: { label: string; value: string; testId: string }[] = [
    { label: "Total Spent", value: summary ? `$${summary.totalSpent.toFixed(2)}` : "…", testId: "total-spent" },
    { label: "Available Credits", value: summary ? summary.storeCredits.toLocaleString("en-US") : "…", testId: "available-credits" },
    { label: "Redeemed Credits", value: summary ? summary.redeemedCredits.toLocaleString("en-US") : "…", testId: "redeemed-credits" },
  ];

  return (
    <div className="space-y-6">
      <ul className="grid gap-4 sm:grid-cols-3" aria-label="Summary" aria-busy={summaryGet.loading}>
        {cards.map((c) => (
          <li key={c.label} className="panel p-4 text-center">
            <p className="text-stone-400">{c.label}</p>
            <p className="mt-1 text-2xl font-bold text-gold" data-testid={c.testId}>
              {c.value}
            </p>
          </li>
        ))}
      </ul>
      {failed ? <LoadFailed onRetry={() => (summaryGet.retry(), listGet.retry())}>We could not load your purchases.</LoadFailed> : null}

      <Panel aria-labelledby="credit-purchases-heading">
        <h2 id="credit-purchases-heading" className="mb-3 text-2xl text-gold">
          Credit Purchases
        </h2>
        {listGet.loading ? (
          <p role="status">Loading purchases...</p>
        ) : rows.length === 0 && !failed ? (
          <p>{NO_PURCHASES}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[32rem] text-left">
              <thead>
                <tr className="border-b-2 border-stone-700 text-stone-400">
                  <th scope="col" className="py-2 pr-3">
                    Product
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Cost
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Time
                  </th>
                  <th scope="col" className="py-2">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => {
                  const state = purchaseState(r.status);
                  return (
                    <tr key={r.id} className={`border-b border-stone-800 ${state === "claimed" ? "text-emerald-100" : "text-stone-300"}`} data-state={state}>
                      <td className="py-2 pr-3">
                        {purchaseProduct(r.creditPackage)}
                        {r.deliverInGame ? <span className="block text-sm text-stone-400">{DELIVERED_IN_GAME}</span> : null}
                      </td>
                      <td className="py-2 pr-3">${r.creditPackage.price.toFixed(2)}</td>
                      <td className="py-2 pr-3">
                        <time dateTime={r.time} title={formatExactDateTime(r.time, zone)}>
                          {formatLongDate(r.time, zone)}
                        </time>
                      </td>
                      <td className="py-2">
                        <span
                          className={`rounded px-2 py-0.5 text-sm font-bold ${state === "claimed" ? "bg-moss/30 text-emerald-200" : "bg-gold/15 text-gold"}`}
                        >
                          {r.status}
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </div>
  );
}
