import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { AUDIT_COLUMNS, auditRow } from "@/components/staff/audit-entry";
import { ResponsiveTable } from "@/components/ui/responsive-table";
import { AUDIT_ACTION_GROUPS, auditFilterLabel } from "@/lib/audit-actions";
import { Pager } from "@/components/ui/pager";
import { ErrorList, inputClass } from "@/components/ui/field";
import { InvalidQuery } from "@/components/ui/invalid-query";
import { PageHeader } from "@/components/ui/page-header";
import { PAGE_QUERIES } from "@/lib/schemas/page-queries";
import { AUDIT_PAGE_SIZE } from "@/lib/schemas/staff-audit";
import { listAuditLog } from "@/lib/server/audit/list-audit-log";
import { parsePageQuery, type SearchParams } from "@/lib/server/http/page-query";
import { requireStaff } from "@/lib/server/sessions/guards";

// The audit log: every staff action and every automatic change to money or access,
// newest first, one sentence each, with what changed. Administrators and up; anyone else gets
// the 404 page. The filters are a plain GET form (a filtered view is a link); nothing here
// changes an entry. The API (GET /api/v1/staff/audit) keeps the stored names; this page words them.
export const metadata: Metadata = { title: "Audit log", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

const FILTERS = [
  { name: "actor", label: "Who", hint: "Username, user id, or system, cli, seed, webhook:stripe…" },
  { name: "targetType", label: "Target type", hint: "e.g. user, game_api_key, forum_post" },
  { name: "target", label: "Target id", hint: "e.g. a user id" },
  { name: "from", label: "From day", hint: "UTC, inclusive", type: "date" },
  { name: "to", label: "To day", hint: "UTC, inclusive", type: "date" },
] as const;

type Name = (typeof FILTERS)[number]["name"] | "action";

/** The action picker: every action the site records, by area; an area's first option picks all of it. */
function ActionPicker({ value, errors }: { value: string; errors?: string[] }) {
  const unknown = value && !auditFilterLabel(value) ? value : null;
  return (
    <div className="min-w-0">
      <label htmlFor="audit-action" className="mb-1 block font-semibold">
        Action
      </label>
      <select
        id="audit-action"
        name="action"
        defaultValue={value}
        aria-describedby={`audit-action-hint${errors ? " audit-action-errors" : ""}`}
        aria-invalid={errors ? true : undefined}
        className={inputClass}
      >
        <option value="">Any action</option>
        {unknown ? <option value={unknown}>Other: {unknown}</option> : null}
        {AUDIT_ACTION_GROUPS.map((g) => (
          <optgroup key={g.key} label={g.label}>
            <option value={g.key}>{g.label}: every action</option>
            {g.actions.map((a) => (
              <option key={a.action} value={a.action}>
                {a.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <p id="audit-action-hint" className="mt-1 text-sm text-stone-400">
        One action, or every action of an area
      </p>
      <ErrorList id="audit-action-errors" errors={errors} />
    </div>
  );
}

export default async function StaffAuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaff("ADMINISTRATOR");
  const parsed = parsePageQuery(PAGE_QUERIES["/staff/audit"], await searchParams);
  const errors: Partial<Record<string, string[]>> = parsed.errors;
  const { results, total } = parsed.ok ? await listAuditLog(parsed.query) : { results: [], total: 0 };
  const page = parsed.ok ? parsed.query.page : 1;
  const raw = parsed.values;
  const value = (n: Name) => raw[n] ?? "";
  // A filter's error shows under its field; any other (the page, a name the form does not have) here.
  const notInForm = Object.fromEntries(Object.entries(parsed.errors).filter(([name]) => name !== "action" && !FILTERS.some((f) => f.name === name)));
  let body: ReactNode;
  if (!parsed.ok)
    body = (
      <>
        <InvalidQuery errors={notInForm} labels={{ page: "Page" }} />
        <p className="text-red-200">Correct the filters above to see entries.</p>
      </>
    );
  else if (!results.length) body = <p className="text-stone-300">No entries match these filters.</p>;
  else body = <ResponsiveTable caption="Audit log entries, newest first" columns={AUDIT_COLUMNS} rows={results.map(auditRow)} wide="2xl" />;
  return (
    <>
      <PageHeader
        title="Audit log"
        subtitle="Every staff action and every automatic change to money or access, newest first. Entries are never changed or deleted."
      />
      <form method="get" action="/staff/audit" aria-label="Filter the audit log" className="mb-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <ActionPicker value={value("action")} errors={errors.action} />
        {FILTERS.map((f) => (
          <div key={f.name} className="min-w-0">
            <label htmlFor={`audit-${f.name}`} className="mb-1 block font-semibold">
              {f.label}
            </label>
            <input
              id={`audit-${f.name}`}
              name={f.name}
              type={"type" in f ? f.type : "text"}
              defaultValue={value(f.name)}
              maxLength={64}
              autoComplete="off"
              aria-describedby={`audit-${f.name}-hint${errors[f.name] ? ` audit-${f.name}-errors` : ""}`}
              aria-invalid={errors[f.name] ? true : undefined}
              className={inputClass}
            />
            <p id={`audit-${f.name}-hint`} className="mt-1 text-sm text-stone-400">
              {f.hint}
            </p>
            <ErrorList id={`audit-${f.name}-errors`} errors={errors[f.name]} />
          </div>
        ))}
        <div className="flex flex-wrap items-end gap-3">
          <button type="submit" className="btn btn-gold">
            Filter
          </button>
          <Link href="/staff/audit" className="btn btn-stone">
            Clear
          </Link>
        </div>
      </form>
      <section aria-labelledby="audit-heading">
        <h2 id="audit-heading" className="mb-3 text-2xl text-gold">
          {total.toLocaleString("en-US")} {total === 1 ? "entry" : "entries"}
        </h2>
        {body}
        <Pager
          basePath="/staff/audit"
          query={{ action: raw.action, ...Object.fromEntries(FILTERS.map((f) => [f.name, raw[f.name]])) }}
          page={page}
          hasNext={page * AUDIT_PAGE_SIZE < total}
        />
      </section>
    </>
  );
}
