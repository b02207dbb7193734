import type { Metadata } from "next";
import Link from "next/link";
import { ForumPager } from "@/components/forums/forum-pager";
import { ReportList } from "@/components/forums/report-list";
import { InvalidQuery } from "@/components/ui/invalid-query";
import { PageHeader } from "@/components/ui/page-header";
import { REPORTS_PAGE_SIZE } from "@/lib/schemas/forums";
import { PAGE_QUERIES } from "@/lib/schemas/page-queries";
import { parsePageQuery, type SearchParams } from "@/lib/server/http/page-query";
import { listReports } from "@/lib/server/forums/list-reports";
import { htmlToText } from "@/lib/server/forums/sanitize";
import { requireStaff } from "@/lib/server/sessions/guards";

// The staff queue of reported forum posts. Moderators and up; anyone else gets the
// 404 page. Post excerpts are plain text made from the stored HTML on the server.
export const metadata: Metadata = { title: "Reported posts", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

const TABS = [
  { status: "open", label: "Open" },
  { status: "resolved", label: "Resolved" },
] as const;

const href = (status: "open" | "resolved", page = 1) => {
  const q = new URLSearchParams();
  if (status !== "open") q.set("status", status);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return `/staff/forums/reports${s ? `?${s}` : ""}`;
};

export default async function ForumReportsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaff("MODERATOR");
  const parsed = parsePageQuery(PAGE_QUERIES["/staff/forums/reports"], await searchParams);
  if (!parsed.ok) {
    return (
      <>
        <PageHeader title="Reported posts" subtitle="Forum posts players reported. The one waiting longest is at the top." />
        <InvalidQuery errors={parsed.errors} labels={{ status: "Status", page: "Page" }} />
        <Link href={href("open")}>Open reports</Link>
      </>
    );
  }
  const { page } = parsed.query;
  const status = parsed.query.status ?? "open";
  const { results, total } = await listReports(status, page);
  const pages = Math.max(1, Math.ceil(total / REPORTS_PAGE_SIZE));
  const reports = results.map((r) => ({ ...r, excerpt: htmlToText(r.post.content, 300) }));
  return (
    <>
      <PageHeader title="Reported posts" subtitle="Forum posts players reported. The one waiting longest is at the top." />
      <nav aria-label="Report status" className="mb-4 flex gap-2 border-b-2 border-stone-700">
        {TABS.map((t) => (
          <Link
            key={t.status}
            href={href(t.status)}
            aria-current={t.status === status ? "page" : undefined}
            className={`-mb-0.5 border-b-4 px-4 py-2 font-[family-name:var(--font-display)] text-lg hover:no-underline ${t.status === status ? "border-gold text-gold-bright" : "border-transparent text-stone-300 hover:text-gold"}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <h2 className="sr-only">{status === "open" ? "Open reports" : "Resolved reports"}</h2>
      {reports.length === 0 ? (
        <p className="text-stone-300">{status === "open" ? "No open reports." : "No resolved reports."}</p>
      ) : (
        <>
          <p className="mb-3 text-stone-300">
            {total.toLocaleString("en-US")} {status} {total === 1 ? "report" : "reports"}
          </p>
          <ReportList reports={reports} />
        </>
      )}
      <ForumPager page={page} pages={pages} href={(n) => href(status, n)} label="Report pages" numbers={false} />
    </>
  );
}
