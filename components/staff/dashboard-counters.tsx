import Link from "next/link";
import type { TStaffDashboard } from "@/lib/schemas/staff-dashboard";
import type { PrivilegeName } from "@/lib/ranks";
import { atLeast } from "@/lib/privileges";
import { staffAreaOf } from "@/lib/staff-areas";

// What waits for staff, each count linking to the page where it is dealt with. A count whose
// page is above the reader's rank (a moderator and the jobs page) is shown without the link: it
// would only lead to the 404 page.

const COUNTERS: ReadonlyArray<{ key: keyof TStaffDashboard["counters"]; label: string; href: string }> = [
  { key: "openTickets", label: "Open tickets", href: "/staff/tickets" },
  { key: "reportsWaiting", label: "Reports waiting", href: "/staff/forums/reports" },
  { key: "failedJobs", label: "Failed jobs", href: "/staff/jobs" },
  { key: "unappliedEvents", label: "Payment events not applied", href: "/staff/payments?view=events" },
];

export function DashboardCounters({ counters, privilege }: { counters: TStaffDashboard["counters"]; privilege: PrivilegeName }) {
  return (
    <section aria-labelledby="dashboard-waiting" className="mb-6">
      <h2 id="dashboard-waiting" className="mb-3 text-2xl text-gold">
        Waiting for staff
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {COUNTERS.map((c) => {
          const n = counters[c.key];
          const area = staffAreaOf(c.href.split("?")[0]!);
          const body = (
            <>
              <span className={`block text-3xl font-bold tabular-nums ${n > 0 ? "text-gold-bright" : "text-stone-100"}`}>{n.toLocaleString("en-US")}</span>{" "}
              <span className="block text-sm text-stone-200">{c.label}</span>
            </>
          );
          return (
            <li key={c.key} className="panel min-w-0" data-testid={`counter-${c.key}`}>
              {area && atLeast(privilege, area.min) ? (
                <Link href={c.href} className="block h-full p-3 hover:bg-stone-800 hover:no-underline">
                  {body}
                </Link>
              ) : (
                <div className="p-3">
                  {body}
                  <span className="mt-1 block text-xs text-stone-300">({area?.min.toLowerCase() ?? "staff"}s only)</span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
