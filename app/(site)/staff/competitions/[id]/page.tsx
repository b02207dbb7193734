import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CompetitionWindow, kindText, metricsText, StatusBadge } from "@/components/competitions/competition-facts";
import { ProgressTime } from "@/components/progress/progress-time";
import { CancelCompetition } from "@/components/staff/competition-cancel-client";
import { CompetitionForm } from "@/components/staff/competition-form-client";
import { BackLink } from "@/components/ui/back-link";
import { Panel } from "@/components/ui/panel";
import { START_LEAD_SECONDS } from "@/lib/competitions/rules";
import { routeId } from "@/lib/route-id";
import { getStaffCompetition } from "@/lib/server/competitions/get-staff-competition";
import { requireStaff } from "@/lib/server/sessions/guards";

// One competition's staff page: the edit form until a minute before its start (the API's own
// limit: lib/server/competitions/update-competition.ts), then what it is, read-only; and Cancel
// until its end. Administrators and up; anyone else, and an id with no competition, gets the
// 404 page.
export const metadata: Metadata = { title: "Edit competition", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

const fmt = new Intl.NumberFormat("en-US");

export default async function StaffCompetitionPage({ params }: { params: Promise<{ id: string }> }) {
  await requireStaff("ADMINISTRATOR");
  const id = routeId((await params).id);
  const found = id === null ? null : await getStaffCompetition(id);
  if (!found) notFound();
  const { competition: c, participants } = found;
  const now = new Date();
  const editable = c.status === "upcoming" && new Date(c.starts_at).getTime() - now.getTime() > START_LEAD_SECONDS * 1000;
  const cancellable = c.status !== "cancelled" && c.ended_at === null && now < new Date(c.ends_at);

  return (
    <div className="space-y-6">
      <BackLink href="/staff/competitions">All competitions</BackLink>
      <header className="border-b-2 border-stone-700 pb-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-3xl break-words text-gold sm:text-4xl">{c.title}</h1>
          <StatusBadge status={c.status} />
        </div>
        <p className="mt-2 text-stone-100">{metricsText(c)}</p>
        <p className="mt-1 text-stone-300">{kindText(c)}</p>
        <p className="mt-1 text-stone-300">
          <CompetitionWindow c={c} />
        </p>
        <p className="mt-1 text-stone-300">
          {fmt.format(participants)} {participants === 1 ? "player" : "players"} taking part
          {c.schedule_id !== null ? (
            <>
              {" "}
              · made by a <Link href="/staff/competitions/schedules">weekly schedule</Link>
            </>
          ) : null}
        </p>
        <p className="mt-3">
          <Link href={`/competitions/${c.id}`}>Open its public page</Link>
        </p>
      </header>

      {editable ? (
        <Panel aria-labelledby="edit-heading">
          <h2 id="edit-heading" className="mb-4 text-2xl text-gold">
            Edit
          </h2>
          <CompetitionForm competition={c} participants={participants} />
        </Panel>
      ) : (
        <Panel aria-labelledby="edit-heading" data-testid="competition-read-only">
          <h2 id="edit-heading" className="mb-2 text-2xl text-gold">
            What it is
          </h2>
          <p className="mb-3 text-stone-200">
            {c.status === "cancelled"
              ? "It is cancelled: it can no longer be edited."
              : c.status === "upcoming"
                ? `It starts in less than ${START_LEAD_SECONDS} seconds: it can no longer be edited.`
                : "It has started: it can no longer be edited."}
          </p>
          <dl className="grid gap-x-4 gap-y-1 text-stone-200 sm:grid-cols-[10rem_minmax(0,1fr)]">
            <dt className="text-stone-400">Counts</dt>
            <dd>{metricsText(c)}</dd>
            {c.teams.length ? (
              <>
                <dt className="text-stone-400">Teams</dt>
                <dd className="break-words">{c.teams.map((t) => t.name).join(", ")}</dd>
              </>
            ) : null}
            <dt className="text-stone-400">Prizes</dt>
            <dd>{c.prizes.length === 0 ? "None" : c.prizes.map((p) => `${p.place}: ${fmt.format(p.quantity)} × item ${p.item_id}`).join("; ")}</dd>
            {c.ended_at ? (
              <>
                <dt className="text-stone-400">Results frozen</dt>
                <dd>
                  <ProgressTime value={c.ended_at} />
                </dd>
              </>
            ) : null}
            {c.cancelled_at ? (
              <>
                <dt className="text-stone-400">Cancelled</dt>
                <dd>
                  <ProgressTime value={c.cancelled_at} />
                </dd>
              </>
            ) : null}
          </dl>
        </Panel>
      )}

      {cancellable ? (
        <Panel aria-labelledby="cancel-heading">
          <h2 id="cancel-heading" className="mb-2 text-2xl text-gold">
            Cancel
          </h2>
          <p className="mb-3 text-stone-300">Until its end a competition can be cancelled, with a reason for the audit log.</p>
          <CancelCompetition competition={c} />
        </Panel>
      ) : null}
    </div>
  );
}
