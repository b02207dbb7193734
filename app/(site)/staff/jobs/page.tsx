import type { Metadata } from "next";
import { FailedJobActions } from "@/components/staff/failed-job-actions-client";
import { PageHeader } from "@/components/ui/page-header";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { ResponsiveTable } from "@/components/ui/responsive-table";
import { FAILED_JOBS_SHOWN } from "@/lib/schemas/staff-jobs";
import { getJobsOverview } from "@/lib/server/worker/get-jobs-overview";
import { requireStaff } from "@/lib/server/sessions/guards";

// Background jobs: the queue per task, jobs that used up their attempts (retry or
// delete each), and the scheduled tasks with their last run. Administrators and up; anyone else
// gets the 404 page. docs/jobs.md says what each task does.
export const metadata: Metadata = { title: "Background jobs", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

const COLUMNS = [
  { label: "Task", className: "font-mono" },
  { label: "Waiting", numeric: true },
  { label: "Later", numeric: true },
  { label: "Running", numeric: true },
  { label: "Retrying", numeric: true },
  { label: "Failed", numeric: true },
];

export default async function StaffJobsPage() {
  await requireStaff("ADMINISTRATOR");
  const { queues, failed, schedules } = await getJobsOverview();
  return (
    <>
      <PageHeader
        title="Background jobs"
        subtitle="Mail, sweeps, hiscore refreshes and the other work done off the request. A job that fails is retried with growing waits; one that used up its attempts stays here until you retry or delete it."
      />
      <section aria-labelledby="job-queues" className="mb-8">
        <h2 id="job-queues" className="mb-3 text-2xl text-gold">
          Queue
        </h2>
        <ResponsiveTable
          caption="Jobs in the queue per task: waiting (due now), later (first run still ahead), running, retrying (attempts left) and failed (none left)"
          columns={COLUMNS}
          rowHeader={0}
          wide="xl"
          rows={queues.map((q) => ({
            key: q.task,
            cells: [q.task, q.waiting, q.scheduled, q.running, q.retrying, q.failed ? <strong className="text-red-200">{q.failed}</strong> : q.failed],
          }))}
        />
      </section>

      <section aria-labelledby="failed-jobs" className="mb-8">
        <h2 id="failed-jobs" className="mb-3 text-2xl text-gold">
          Failed jobs
        </h2>
        {failed.length === 0 ? (
          <p className="text-stone-300">No failed jobs.</p>
        ) : (
          <>
            {failed.length === FAILED_JOBS_SHOWN ? (
              <p className="mb-3 text-stone-300">The newest {FAILED_JOBS_SHOWN} are shown; the queue table counts them all.</p>
            ) : null}
            <ul className="space-y-3">
              {failed.map((j) => (
                <li key={j.id} className="panel space-y-2 p-4" data-testid="failed-job">
                  <h3 className="text-lg font-bold text-stone-100">
                    #{j.id} <span className="font-mono">{j.task}</span>
                  </h3>
                  <p className="text-sm text-stone-300">
                    {j.attempts} of {j.maxAttempts} attempts; queued <LocalDateTime value={j.createdAt} />, last failed <LocalDateTime value={j.failedAt} />
                  </p>
                  <pre className="overflow-x-auto rounded bg-stone-950 p-3 text-sm break-words whitespace-pre-wrap text-red-100">
                    {j.lastError ?? "(no error recorded)"}
                  </pre>
                  <FailedJobActions id={j.id} task={j.task} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section aria-labelledby="scheduled-jobs">
        <h2 id="scheduled-jobs" className="mb-3 text-2xl text-gold">
          Scheduled tasks
        </h2>
        <p className="mb-3 text-stone-300">
          Times are UTC (minute, hour, day, month, weekday). A tick missed while no runner was up is not made up: the next one does the same work.
        </p>
        <ul className="space-y-2">
          {schedules.map((s) => (
            <li key={s.identifier} className="panel flex flex-wrap items-baseline justify-between gap-2 p-3">
              <span className="font-mono font-semibold text-stone-100">{s.task}</span>
              <code className="text-stone-300">{s.schedule}</code>
              <span className="text-sm text-stone-300">Last run: {s.lastRun ? <LocalDateTime value={s.lastRun} /> : "not yet"}</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
