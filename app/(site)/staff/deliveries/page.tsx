import type { Metadata } from "next";
import { DeliveryCard } from "@/components/staff/delivery-card";
import { Pager } from "@/components/ui/pager";
import { inputClass } from "@/components/ui/field";
import { FilterSelect, GetFilterForm } from "@/components/staff/get-filter-form";
import { InvalidQuery } from "@/components/ui/invalid-query";
import { PageHeader } from "@/components/ui/page-header";
import { PAGE_QUERIES } from "@/lib/schemas/page-queries";
import { DELIVERY_STATES, STAFF_DELIVERIES_PAGE_SIZE } from "@/lib/schemas/staff-deliveries";
import { listStaffDeliveries } from "@/lib/server/game/list-staff-deliveries";
import { parsePageQuery, type SearchParams } from "@/lib/server/http/page-query";
import { requireStaff } from "@/lib/server/sessions/guards";
import { USERNAME_MAX } from "@/lib/usernames";

// The staff deliveries area: what the game owes players (store items, credit packages
// bought through ::store, vote rewards), newest first, with Re-send for a delivered item that
// never arrived and Cancel for one not handed over yet. Administrators and up; anyone else gets
// the 404 page. The filter is a plain GET form.
export const metadata: Metadata = { title: "Deliveries", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

const STATE_LABELS = { pending: "Pending", leased: "Leased", delivered: "Delivered", canceled: "Canceled" } as const;

export default async function StaffDeliveriesPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireStaff("ADMINISTRATOR");
  const parsed = parsePageQuery(PAGE_QUERIES["/staff/deliveries"], await searchParams);
  const shownState = DELIVERY_STATES.find((s) => s === parsed.values.state);
  const filters = (
    <GetFilterForm action="/staff/deliveries" label="Filter deliveries">
      <div>
        <label htmlFor="delivery-player" className="mb-1 block font-semibold">
          Player
        </label>
        <input
          id="delivery-player"
          name="player"
          defaultValue={parsed.values.player ?? ""}
          maxLength={USERNAME_MAX}
          autoComplete="off"
          placeholder="Username"
          aria-invalid={parsed.errors.player ? true : undefined}
          className={inputClass}
        />
      </div>
      <FilterSelect
        id="delivery-state"
        name="state"
        label="State"
        value={shownState ?? ""}
        options={DELIVERY_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))}
        any="Any state"
      />
    </GetFilterForm>
  );
  const header = (
    <PageHeader
      title="Deliveries"
      subtitle="What the game server owes players. A pending delivery waits for the game's next claim; a leased one is being handed over; the game acknowledges it as delivered."
    />
  );
  if (!parsed.ok) {
    return (
      <>
        {header}
        {filters}
        <InvalidQuery errors={parsed.errors} labels={{ player: "Player", state: "State", page: "Page" }} />
      </>
    );
  }
  const { page, state } = parsed.query;
  const player = parsed.query.player || undefined;
  const { results, total } = await listStaffDeliveries({ page, state, player }, { actorId: actor.userId, privilege: actor.privilege });
  return (
    <>
      {header}
      {filters}
      <p className="mb-3 text-stone-300" role="status">
        {total.toLocaleString("en-US")} {total === 1 ? "delivery" : "deliveries"}
        {player ? ` for ${player}` : ""}
      </p>
      {results.length === 0 ? (
        <p>No deliveries match these filters.</p>
      ) : (
        <div className="space-y-4">
          {results.map((d) => (
            <DeliveryCard key={d.id} delivery={d} />
          ))}
        </div>
      )}
      <Pager basePath="/staff/deliveries" query={{ player, state }} page={page} hasNext={page * STAFF_DELIVERIES_PAGE_SIZE < total} />
    </>
  );
}
