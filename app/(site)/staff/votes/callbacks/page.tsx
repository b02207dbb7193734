import type { Metadata } from "next";
import { FilterSelect, GetFilterForm } from "@/components/staff/get-filter-form";
import { VoteCallbacksTable } from "@/components/staff/vote-callbacks-table";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { inputClass } from "@/components/ui/field";
import { InvalidQuery } from "@/components/ui/invalid-query";
import { PageHeader } from "@/components/ui/page-header";
import { Pager } from "@/components/ui/pager";
import { PAGE_QUERIES } from "@/lib/schemas/page-queries";
import { STAFF_VOTE_CALLBACKS_PAGE_SIZE, type TVoteFraudSignals, VERDICT_COUNTED, VERDICT_NOT_COUNTED } from "@/lib/schemas/staff-votes";
import { isAppError } from "@/lib/server/errors";
import { parsePageQuery, type SearchParams } from "@/lib/server/http/page-query";
import { requireStaff } from "@/lib/server/sessions/guards";
import { listActiveVoteSites } from "@/lib/server/votes/active-sites";
import { listStaffVoteCallbacks, verdictChoices } from "@/lib/server/votes/list-staff-vote-callbacks";
import { siteConfig } from "@/lib/site-config";

// The staff vote callbacks: every callback a listing site sent, counted or not, with the fraud
// signals over a window on top and beside each callback they concern. Moderators and up; anyone
// else gets the 404 page. Filters are a plain GET form, so a filtered list is a link to share.
export const metadata: Metadata = { title: "Vote callbacks", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

const QUERY_LABELS = { site: "Site", verdict: "Verdict", player: "Player", address: "Address", from: "From", to: "To", days: "Signal window", page: "Page" };
const WINDOWS = [1, 7, 30, 90];

const verdictLabel = (v: string) => (v === VERDICT_COUNTED ? "Counted" : v === VERDICT_NOT_COUNTED ? "Not counted (any reason)" : `Not counted: ${v}`);

function TextField({ id, name, label, value, max, help }: { id: string; name: string; label: string; value: string; max: number; help?: string }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label}
      </label>
      <input id={id} type="search" name={name} defaultValue={value} maxLength={max} className={inputClass} aria-describedby={help ? `${id}-help` : undefined} />
      {help ? (
        <p id={`${id}-help`} className="mt-1 text-sm text-stone-400">
          {help}
        </p>
      ) : null}
    </div>
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

function Signals({ s }: { s: TVoteFraudSignals }) {
  const n = (v: number) => v.toLocaleString("en-US");
  const cards = [
    {
      key: "shared-address",
      title: "Many accounts, one address",
      count: s.sharedAddresses.votes,
      text: `${n(s.sharedAddresses.addresses)} voter ${s.sharedAddresses.addresses === 1 ? "address" : "addresses"} counted for ${n(s.sharedAddresses.minAccounts)} or more accounts.`,
      list: s.sharedAddresses.top.map((a) => `${a.address}: ${n(a.accounts)} accounts, ${n(a.votes)} votes`),
    },
    {
      key: "no-link-open",
      title: "No vote-link open",
      count: s.noLinkOpen.votes,
      text: "Counted votes whose player had not opened that site's vote link here within the cooldown before.",
      list: [],
    },
    {
      key: "burst",
      title: "Bursts",
      count: s.bursts.votes,
      text: `${n(s.bursts.buckets)} ${s.bursts.bucketMinutes}-minute ${s.bursts.buckets === 1 ? "stretch" : "stretches"} with more than ${n(s.bursts.multiple)} times a site's usual count (and more than ${n(s.bursts.minCallbacks)}).`,
      list: s.bursts.top.map((b) => `${b.site} from ${b.start.slice(0, 16).replace("T", " ")} UTC: ${n(b.count)}, usually ${n(b.usual)}`),
    },
  ];
  return (
    <section aria-labelledby="signals-heading" className="mb-6" data-testid="vote-signals">
      <h2 id="signals-heading" className="mb-1 text-2xl text-gold">
        Signals, last {n(s.days)} {s.days === 1 ? "day" : "days"}
      </h2>
      <p className="mb-3 text-stone-300">
        Of {n(s.counted)} counted {s.counted === 1 ? "vote" : "votes"} since <LocalDateTime value={s.from} />. Signals only flag votes for a look: every vote
        here counted as usual.
      </p>
      <ul className="grid gap-3 md:grid-cols-3">
        {cards.map((c) => (
          <li key={c.key} className="panel p-4" data-testid={`signal-${c.key}`}>
            <h3 className="text-lg text-gold-bright">
              {c.title}: <span data-testid="signal-count">{n(c.count)}</span> {c.count === 1 ? "vote" : "votes"}
            </h3>
            <p className="text-sm text-stone-300">{c.text}</p>
            {c.list.length ? (
              <ul className="mt-2 space-y-1 break-all text-sm">
                {c.list.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default async function StaffVoteCallbacksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaff("MODERATOR");
  const parsed = parsePageQuery(PAGE_QUERIES["/staff/votes/callbacks"], await searchParams);
  const v = parsed.values;
  const sites = await listActiveVoteSites();
  const days = siteConfig.voteFraud.windowDays;
  const filters = (
    <GetFilterForm action="/staff/votes/callbacks" label="Filter vote callbacks">
      <FilterSelect id="vc-site" name="site" label="Site" value={v.site ?? ""} options={sites.map((s) => ({ value: s.key, label: s.name }))} any="Any site" />
      <FilterSelect
        id="vc-verdict"
        name="verdict"
        label="Verdict"
        value={v.verdict ?? ""}
        options={verdictChoices().map((c) => ({ value: c, label: verdictLabel(c) }))}
        any="Any verdict"
      />
      <TextField id="vc-player" name="player" label="Player" value={v.player ?? ""} max={32} help="Username, or its start" />
      <TextField id="vc-address" name="address" label="Address" value={v.address ?? ""} max={64} help="Sender's or voter's IP" />
      <DayField id="vc-from" name="from" label="From (UTC)" value={v.from ?? ""} />
      <DayField id="vc-to" name="to" label="To (UTC)" value={v.to ?? ""} />
      <FilterSelect
        id="vc-days"
        name="days"
        label="Signal window"
        value={v.days ?? String(days)}
        options={WINDOWS.map((d) => ({ value: String(d), label: d === 1 ? "Last day" : `Last ${d} days` }))}
      />
    </GetFilterForm>
  );
  const header = (
    <PageHeader
      title="Vote callbacks"
      subtitle="Every call a listing site made to count a vote, counted or not, as it was stored (the site's secret masked), and the signals that may point at fraud."
    />
  );
  if (!parsed.ok) {
    return (
      <>
        {header}
        {filters}
        <InvalidQuery errors={parsed.errors} labels={QUERY_LABELS} />
      </>
    );
  }
  const q = parsed.query;
  let list;
  try {
    list = await listStaffVoteCallbacks(q);
  } catch (e) {
    // An unknown site, verdict or address: the same field errors as the API's.
    if (isAppError(e) && e.fields) {
      return (
        <>
          {header}
          {filters}
          <InvalidQuery errors={e.fields} labels={QUERY_LABELS} />
        </>
      );
    }
    throw e;
  }
  const { results, total, signals } = list;
  const filterQuery = { site: q.site, verdict: q.verdict, player: q.player, address: q.address, from: q.from, to: q.to, days: q.days?.toString() };
  return (
    <>
      {header}
      {filters}
      <Signals s={signals} />
      <section aria-labelledby="callbacks-heading">
        <h2 id="callbacks-heading" className="mb-3 text-2xl text-gold">
          {total.toLocaleString("en-US")} {total === 1 ? "callback" : "callbacks"}
        </h2>
        {results.length === 0 ? <p>No callbacks match these filters.</p> : <VoteCallbacksTable rows={results} bucketMinutes={signals.bursts.bucketMinutes} />}
        <Pager basePath="/staff/votes/callbacks" query={filterQuery} page={q.page} hasNext={q.page * STAFF_VOTE_CALLBACKS_PAGE_SIZE < total} />
      </section>
    </>
  );
}
