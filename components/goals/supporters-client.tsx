"use client";

import { useApiGet } from "@/components/api/use-api-get";
import * as endpoints from "@/lib/client/endpoints";

// The top donator of the month and the latest supporters, by name only (docs/payments.md,
// "Supporter widgets"): never amounts, never staff, banned players or players who opted out on
// their account page. Hidden while loading, on a failed call, or when there is nobody to show.

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export function Supporters() {
  const { lastOk } = useApiGet(endpoints.supporters, {}, { everyMs: 60_000 });
  const data = lastOk?.ok ? lastOk.data : null;
  if (!data || (!data.top_donator && data.recent.length === 0)) return null;
  const month = MONTHS[Number(data.month.slice(5, 7)) - 1] ?? data.month;
  return (
    <section aria-labelledby="supporters-heading" className="panel p-4 sm:p-6" data-testid="supporters">
      <h2 id="supporters-heading" className="text-2xl text-gold">
        Supporters
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="text-sm tracking-wide text-stone-300 uppercase">Top donator of {month}</h3>
          <p className="mt-1 text-lg font-semibold text-stone-50" data-testid="top-donator">
            {data.top_donator ? data.top_donator.username : "Nobody yet"}
          </p>
        </div>
        <div>
          <h3 className="text-sm tracking-wide text-stone-300 uppercase">Recent supporters</h3>
          {data.recent.length ? (
            <ul className="mt-1 flex flex-col gap-1 text-stone-100" data-testid="recent-supporters">
              {data.recent.map((r, i) => (
                <li key={`${r.username}-${r.paid_at}-${i}`} className="flex flex-wrap justify-between gap-x-3">
                  <span className="font-semibold">{r.username}</span>
                  <time dateTime={r.paid_at} className="text-sm text-stone-300">
                    {new Date(r.paid_at).toISOString().slice(0, 10)}
                  </time>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-stone-300">Nobody yet</p>
          )}
        </div>
      </div>
      <p className="mt-3 text-xs text-stone-400">Names only, never amounts. Players can hide themselves on their account page.</p>
    </section>
  );
}
