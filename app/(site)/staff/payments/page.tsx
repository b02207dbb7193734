import type { Metadata } from "next";
import Link from "next/link";
import { PaymentsTable } from "@/components/staff/payments-table";
import { PROVIDER_LABELS, PURCHASE_STATUS_LABELS } from "@/components/staff/purchase-card";
import { WebhookEventCard } from "@/components/staff/webhook-event-card";
import { Pager } from "@/components/ui/pager";
import { FilterSelect, GetFilterForm } from "@/components/staff/get-filter-form";
import { inputClass } from "@/components/ui/field";
import { InvalidQuery } from "@/components/ui/invalid-query";
import { PageHeader } from "@/components/ui/page-header";
import { PAGE_QUERIES } from "@/lib/schemas/page-queries";
import { EVENT_PROVIDERS, PURCHASE_PROVIDERS, PURCHASE_STATUSES, SEARCH_MAX, STAFF_PAYMENTS_PAGE_SIZE } from "@/lib/schemas/staff-payments";
import { parsePageQuery, type SearchParams } from "@/lib/server/http/page-query";
import { countUnappliedEvents, listWebhookEvents } from "@/lib/server/payments/list-webhook-events";
import { listStaffPayments } from "@/lib/server/payments/list-staff-payments";
import { requireStaff } from "@/lib/server/sessions/guards";

// The staff payments area: credit purchases with the provider events behind each, and
// the events that were not applied, with Re-apply. Administrators and up; anyone else gets the
// 404 page. Filters are plain GET forms, so a filtered list is a link staff can share.
export const metadata: Metadata = { title: "Payments", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

type Params = SearchParams;
// As the query parser reads a repeated name: its last value.
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v.at(-1) : v);
const pick = <T extends string>(list: readonly T[], v: string | undefined): T | undefined => list.find((x) => x === v);
const QUERY_LABELS = { q: "Search", from: "From", to: "To", status: "Status", provider: "Provider", state: "Events", page: "Page" };

export default async function StaffPaymentsPage({ searchParams }: { searchParams: Promise<Params> }) {
  await requireStaff("ADMINISTRATOR");
  const sp = await searchParams;
  const view = one(sp.view) === "events" ? "events" : "purchases";
  const unapplied = await countUnappliedEvents();
  return (
    <>
      <PageHeader
        title="Payments"
        subtitle="Credit purchases and the provider events behind them. Only events whose signature passed are stored: a webhook with a bad signature is refused and kept nowhere."
      />
      <nav aria-label="Payments views" className="mb-4 flex flex-wrap gap-2 border-b-2 border-stone-700">
        {(
          [
            { key: "purchases", label: "Purchases", href: "/staff/payments" },
            { key: "events", label: `Events not applied (${unapplied.toLocaleString("en-US")})`, href: "/staff/payments?view=events" },
          ] as const
        ).map((t) => (
          <Link
            key={t.key}
            href={t.href}
            aria-current={t.key === view ? "page" : undefined}
            className={`-mb-0.5 border-b-4 px-4 py-2 font-[family-name:var(--font-display)] text-lg hover:no-underline ${t.key === view ? "border-gold text-gold-bright" : "border-transparent text-stone-300 hover:text-gold"}`}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      {view === "purchases" ? <PurchasesView sp={sp} /> : <EventsView sp={sp} />}
    </>
  );
}

function DayField({ id, name, label, value }: { id: string; name: string; label: string; value: string }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label}
      </label>
      <input id={id} type="date" name={name} defaultValue={value} className={inputClass} />
    </div>
  );
}

async function PurchasesView({ sp }: { sp: Params }) {
  const parsed = parsePageQuery(PAGE_QUERIES["/staff/payments"], sp);
  const v = parsed.values;
  const filters = (
    <GetFilterForm action="/staff/payments" label="Filter purchases">
      <div className="min-w-0 grow basis-64">
        <label htmlFor="purchase-search" className="mb-1 block font-semibold">
          Search
        </label>
        <input
          id="purchase-search"
          type="search"
          name="q"
          defaultValue={v.q ?? ""}
          maxLength={SEARCH_MAX}
          aria-describedby="purchase-search-help"
          className={`${inputClass} w-full`}
        />
        <p id="purchase-search-help" className="mt-1 text-sm text-stone-400">
          Player, provider transaction id or order number
        </p>
      </div>
      <FilterSelect
        id="purchase-status"
        name="status"
        label="Status"
        value={pick(PURCHASE_STATUSES, v.status) ?? ""}
        options={PURCHASE_STATUSES.map((s) => ({ value: s, label: PURCHASE_STATUS_LABELS[s] }))}
        any="Any status"
      />
      <FilterSelect
        id="purchase-provider"
        name="provider"
        label="Method"
        value={pick(PURCHASE_PROVIDERS, v.provider) ?? ""}
        options={PURCHASE_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] }))}
        any="Any method"
      />
      <DayField id="purchase-from" name="from" label="From (UTC)" value={v.from ?? ""} />
      <DayField id="purchase-to" name="to" label="To (UTC)" value={v.to ?? ""} />
    </GetFilterForm>
  );
  if (!parsed.ok) {
    return (
      <section aria-label="Purchases">
        {filters}
        <InvalidQuery errors={parsed.errors} labels={QUERY_LABELS} />
      </section>
    );
  }
  const { page, q, from, to, status, provider } = parsed.query;
  const { results, total } = await listStaffPayments({ page, q, from, to, status, provider });
  const filterQuery = { q, from, to, status, provider };
  const csv = new URLSearchParams(Object.entries(filterQuery).filter((e): e is [string, string] => Boolean(e[1])));
  return (
    <section aria-labelledby="purchases-heading">
      {filters}
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="purchases-heading" className="text-2xl text-gold">
          {total.toLocaleString("en-US")} {total === 1 ? "purchase" : "purchases"}
        </h2>
        {/* A file download, not a page: a plain link with download, so no client router. */}
        <a href={`/api/v1/staff/payments/export${csv.size ? `?${csv}` : ""}`} download className="btn btn-stone" data-testid="payments-csv">
          Download CSV{csv.size ? " (these filters)" : ""}
        </a>
      </div>
      {results.length === 0 ? <p>No purchases match these filters.</p> : <PaymentsTable rows={results} />}
      <Pager basePath="/staff/payments" query={filterQuery} page={page} hasNext={page * STAFF_PAYMENTS_PAGE_SIZE < total} />
    </section>
  );
}

const STATES = [
  { value: "failed", label: "Not applied" },
  { value: "applied", label: "Applied" },
  { value: "all", label: "All events" },
] as const;

async function EventsView({ sp }: { sp: Params }) {
  const parsed = parsePageQuery(PAGE_QUERIES["/staff/payments?view=events"], sp);
  const intro = (
    <p className="mb-4 max-w-3xl text-stone-300">
      An event is not applied when settling refused it: a paid amount or currency that differs from the purchase, a purchase that cannot be found, a provider
      reference that does not match. Fix the cause first (for example correct the purchase, or confirm with the provider), then re-apply it: it goes through the
      same settlement, so it credits once however often it is re-applied.
    </p>
  );
  const filters = (
    <GetFilterForm action="/staff/payments" label="Filter events">
      <input type="hidden" name="view" value="events" />
      <FilterSelect
        id="event-state"
        name="state"
        label="Events"
        value={pick(["failed", "applied", "all"] as const, parsed.values.state) ?? "failed"}
        options={STATES}
      />
      <FilterSelect
        id="event-provider"
        name="provider"
        label="Provider"
        value={pick(EVENT_PROVIDERS, parsed.values.provider) ?? ""}
        options={EVENT_PROVIDERS.map((p) => ({ value: p, label: PROVIDER_LABELS[p] }))}
        any="Any provider"
      />
    </GetFilterForm>
  );
  if (!parsed.ok) {
    return (
      <section aria-label="Events">
        {intro}
        {filters}
        <InvalidQuery errors={parsed.errors} labels={QUERY_LABELS} />
      </section>
    );
  }
  const { page, provider } = parsed.query;
  const state = parsed.query.state ?? "failed";
  const { results, total } = await listWebhookEvents({ page, state: state === "all" ? undefined : state, provider });
  return (
    <section aria-labelledby="events-heading">
      {intro}
      {filters}
      <h2 id="events-heading" className="mb-3 text-2xl text-gold">
        {total.toLocaleString("en-US")} {total === 1 ? "event" : "events"}
      </h2>
      {results.length === 0 ? (
        <p>{state === "failed" ? "Every stored event was applied." : "No events match these filters."}</p>
      ) : (
        <div className="space-y-3">
          {results.map((e) => (
            <WebhookEventCard key={e.id} event={e} headingLevel="h3" />
          ))}
        </div>
      )}
      <Pager
        basePath="/staff/payments"
        query={{ view: "events", state: state === "failed" ? undefined : state, provider }}
        page={page}
        hasNext={page * STAFF_PAYMENTS_PAGE_SIZE < total}
      />
    </section>
  );
}
