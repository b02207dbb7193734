import { LocalDateTime } from "@/components/ui/local-date-time-client";
import type { TReport, TReportAction, TReportOutcome } from "@/lib/schemas/forums";
import { threadHref } from "./forum-paths";
import { ReportActions } from "./report-actions-client";

const OUTCOME_WORDS: Record<TReportOutcome, string> = { agreed: "agreed", disagreed: "disagreed", ignored: "ignored" };
const ACTION_WORDS: Record<TReportAction, string> = { post_hidden: "post hidden", warned: "author warned", none: "no action" };

/** One report as the staff queue shows it; `excerpt` is the post as plain text (never its HTML). */
export type ReportItem = TReport & { excerpt: string };

export function ReportList({ reports }: { reports: ReportItem[] }) {
  return (
    <ol className="space-y-4" aria-label="Reports">
      {reports.map((r) => (
        <li key={r.id} className="panel grid gap-4 p-4 md:grid-cols-[minmax(0,1fr)_14rem]" data-testid="report" data-report-id={r.id}>
          <div className="min-w-0 space-y-2">
            <h3 className="text-lg">
              {/* A full load: thread pages show posts' HTML under their own nonce policy (docs/performance.md). */}
              <a href={threadHref(r.post.thread.id, r.post.page, r.post.id)} className="font-bold break-words">
                {r.post.thread.title}
              </a>
            </h3>
            <p className="text-sm text-stone-400">
              Post by <span className="text-stone-200">{r.post.user}</span>
              {r.post.hidden ? <span className="ml-2 rounded bg-blood/20 px-1.5 text-xs font-bold text-red-100">Hidden</span> : null}
            </p>
            <blockquote className="border-l-4 border-stone-700 pl-3 break-words text-stone-300">{r.excerpt || "(no text: an image only)"}</blockquote>
            <p className="break-words">
              <span className="font-semibold text-stone-100">Reason:</span> {r.reason}
            </p>
            <p className="text-sm text-stone-400">
              Reported by <span className="text-stone-200">{r.reporter}</span> on <LocalDateTime value={r.date} forum />
              {r.resolved ? (
                <>
                  {" "}
                  · Resolved{r.resolved.by ? ` by ${r.resolved.by}` : ""} on <LocalDateTime value={r.resolved.date} forum />
                </>
              ) : null}
            </p>
            {r.resolved?.outcome ? (
              <p className="text-sm text-stone-300" data-testid="report-outcome">
                <span className="font-semibold text-stone-100">Outcome:</span> {OUTCOME_WORDS[r.resolved.outcome]}
                {r.resolved.action ? ` (${ACTION_WORDS[r.resolved.action]})` : ""}
                {r.resolved.note ? <span className="block break-words">Note: {r.resolved.note}</span> : null}
              </p>
            ) : null}
          </div>
          <ReportActions reportId={r.id} postId={r.post.id} resolved={Boolean(r.resolved)} postHidden={r.post.hidden} author={r.post.user} />
        </li>
      ))}
    </ol>
  );
}
