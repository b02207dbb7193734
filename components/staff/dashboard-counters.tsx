import Link from "next/link";
import type { TStaffDashboard } from "@/lib/schemas/staff-dashboard";

// What waits for staff, each count linking to the page where it is dealt with. The answer
// carries only the counts of the areas the reader's rank may use (a moderator gets no failed
// jobs and no payment events: those pages are for administrators), and only those are shown.

const COUNTERS: ReadonlyArray<{ key: keyof TStaffDashboard["counters"]; label: string; href: string }> = [
  { key: "openTickets", label: "Open tickets", href: "/staff/tickets" },
  { key: "reportsWaiting", label: "Reports waiting", href: "/staff/forums/reports" },
  { key: "failedJobs", label: "Failed jobs", href: "/staff/jobs" },
  { key: "unappliedEvents", label: "Payment events not applied", href: "/staff/payments?view=events" },
];

export function DashboardCounters({ counters }: { counters: TStaffDashboard["counters"] }) {
  const shown = COUNTERS.flatMap((c) => {
    const n = counters[c.key];
    return n === undefined ? [] : [{ ...c, n }];
  });
  return (
    <section aria-labelledby="dashboard-waiting" className="mb-6">
      <h2 id="dashboard-waiting" className="mb-3 text-2xl text-gold">
        Waiting for staff
      </h2>
      <ul className={`grid grid-cols-2 gap-3 ${shown.length > 2 ? "lg:grid-cols-4" : ""}`}>
        {shown.map((c) => (
          <li key={c.key} className="panel min-w-0" data-testid={`counter-${c.key}`}>
            <Link href={c.href} className="block h-full p-3 hover:bg-stone-800 hover:no-underline">
              <span className={`block text-3xl font-bold tabular-nums ${c.n > 0 ? "text-gold-bright" : "text-stone-100"}`}>{c.n.toLocaleString("en-US")}</span>{" "}
              <span className="block text-sm text-stone-200">{c.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
