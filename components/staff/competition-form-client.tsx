"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { useHydrated, ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { ErrorList, Field, inputClass } from "@/components/ui/field";
import * as endpoints from "@/lib/client/endpoints";
import { METRICS_MAX, TEAM_NAME_MAX, TEAMS_MAX, TITLE_MAX, WEIGHT_MAX } from "@/lib/competitions/rules";
import {
  type CompetitionFormValues,
  competitionFormErrors,
  competitionFormValues,
  toCompetitionPatch,
  toCompetitionRequest,
} from "@/lib/competitions/staff-form";
import type { TCompetition } from "@/lib/schemas/competitions";
import { MetricOptions, PrizeRows, RemoveButton, RowsFieldset } from "./competition-fields-client";

// The staff form of a competition: new on /staff/competitions, edited on its own staff page
// until a minute before its start. It writes through the staff API; the server checks
// everything again and its messages appear under the field they are about. Times are typed in
// the staff member's own time zone and sent as ISO 8601.

const FIELDS = ["title", "starts_at", "ends_at", "metric_kind", "metrics", "type", "signup", "teams", "prizes"] as const;

type Option<T extends string> = { value: T; label: string; hint?: string };

/** Radio buttons in a fieldset, wired to their errors. */
export function RadioGroup<T extends string>({
  id,
  legend,
  options,
  value,
  onChange,
  errors,
  disabled,
  note,
}: {
  id: string;
  legend: string;
  options: readonly Option<T>[];
  value: T;
  onChange: (v: T) => void;
  errors?: readonly string[];
  disabled?: boolean;
  note?: ReactNode;
}) {
  const invalid = errors?.length ? true : undefined;
  return (
    <fieldset
      className="min-w-0"
      disabled={disabled}
      aria-describedby={[note ? `${id}-note` : null, invalid ? `${id}-errors` : null].filter(Boolean).join(" ") || undefined}
    >
      <legend className="mb-1 font-semibold text-stone-100">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-1">
        {options.map((o) => (
          <label key={o.value} htmlFor={`${id}-${o.value}`} className="flex min-h-11 items-center gap-2 text-stone-100">
            <input
              id={`${id}-${o.value}`}
              type="radio"
              name={id}
              className="size-5 accent-gold"
              checked={value === o.value}
              onChange={() => onChange(o.value)}
            />
            <span>
              {o.label}
              {o.hint ? <span className="block text-sm text-stone-400">{o.hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {note ? (
        <p id={`${id}-note`} className="text-sm text-stone-400">
          {note}
        </p>
      ) : null}
      <ErrorList id={`${id}-errors`} errors={errors} />
    </fieldset>
  );
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "your time zone";

function CompetitionFields({
  competition,
  participants,
  onSaved,
}: {
  competition: TCompetition | null;
  participants: number;
  onSaved: (c: TCompetition) => void;
}) {
  // Made in the browser (the form waits for hydration): the times are the staff member's own zone's.
  const [initial, setInitial] = useState(() => competitionFormValues(competition));
  const [v, setV] = useState<CompetitionFormValues>(initial);
  const set = <K extends keyof CompetitionFormValues>(k: K, value: CompetitionFormValues[K]) => setV((old) => ({ ...old, [k]: value }));
  const editing = competition !== null;
  const locked = editing && participants > 0;
  const form = useApiForm<CompetitionFormValues, TCompetition>({
    endpoint: editing ? endpoints.updateCompetition : endpoints.createCompetition,
    params: (): Record<string, number> => (competition ? { id: competition.id } : {}),
    required: ["title", "starts_at", "ends_at"],
    fields: FIELDS,
    validate: (x) => {
      const fieldErrors = competitionFormErrors(x);
      if (Object.keys(fieldErrors).length) return { fieldErrors };
      if (editing && Object.keys(toCompetitionPatch(x, initial)).length === 0)
        return { fieldErrors: {}, formError: "Nothing has changed: there is nothing to save." };
      return null;
    },
    prepare: (x) => (editing ? toCompetitionPatch(x, initial) : toCompetitionRequest(x)),
    onSuccess: (c) => {
      const saved = c as TCompetition;
      const next = editing ? competitionFormValues(saved) : competitionFormValues(null);
      setInitial(next);
      setV(next);
      onSaved(saved);
    },
  });
  const e = form.fieldErrors;
  const zone = browserZone();
  const team = v.type === "team";
  const metricInvalid = e.metrics?.length ? true : undefined;

  return (
    <ClientForm noValidate className="space-y-5" aria-busy={form.busy} onSubmit={(ev) => void form.submit(v, ev)}>
      <Field
        id="competition-title"
        label="Title"
        maxLength={TITLE_MAX}
        hint={`At most ${TITLE_MAX} characters.`}
        value={v.title}
        onChange={(ev) => set("title", ev.target.value)}
        errors={e.title}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id="competition-starts"
          label="Starts"
          type="datetime-local"
          hint={`In your time zone (${zone}); at least a minute from now.`}
          value={v.starts_at}
          onChange={(ev) => set("starts_at", ev.target.value)}
          errors={e.starts_at}
        />
        <Field
          id="competition-ends"
          label="Ends"
          type="datetime-local"
          hint="10 minutes to 90 days after the start."
          value={v.ends_at}
          onChange={(ev) => set("ends_at", ev.target.value)}
          errors={e.ends_at}
        />
      </div>

      <RadioGroup
        id="competition-kind"
        legend="What it counts"
        options={[
          { value: "skills", label: "Skills", hint: "Experience in Overall or the skills" },
          { value: "activities", label: "Activities", hint: "Score in bosses, clues, minigames, PvP" },
        ]}
        value={v.metric_kind}
        // The metrics chosen belong to the other kind: start the list again.
        onChange={(kind) => setV((old) => ({ ...old, metric_kind: kind, metrics: [{ metric: "", weight: "" }] }))}
        errors={e.metric_kind}
      />

      <RowsFieldset
        id="competition-metrics"
        legend="Metrics"
        hint={`Points per unit gained: the weight, a whole number from 1 to ${WEIGHT_MAX.toLocaleString("en-US")} (blank: 1).`}
        errors={e.metrics}
        addLabel="Add a metric"
        canAdd={v.metrics.length < METRICS_MAX}
        onAdd={() => set("metrics", [...v.metrics, { metric: "", weight: "" }])}
      >
        <ol className="space-y-2">
          {v.metrics.map((m, i) => (
            <li key={i} className="flex flex-wrap items-end gap-2" data-testid="competition-metric-row">
              <div className="min-w-0 flex-[2_1_12rem]">
                <label htmlFor={`competition-metric-${i}`} className="mb-1 block text-sm text-stone-200">
                  Metric {i + 1}
                </label>
                <select
                  id={`competition-metric-${i}`}
                  className={inputClass}
                  value={m.metric}
                  aria-invalid={metricInvalid}
                  onChange={(ev) =>
                    set(
                      "metrics",
                      v.metrics.map((r, j) => (j === i ? { ...r, metric: ev.target.value } : r)),
                    )
                  }
                >
                  <option value="">Choose a metric</option>
                  <MetricOptions kind={v.metric_kind} />
                </select>
              </div>
              <div className="min-w-0 flex-[1_1_6rem]">
                <label htmlFor={`competition-weight-${i}`} className="mb-1 block text-sm text-stone-200">
                  Weight of metric {i + 1}
                </label>
                <input
                  id={`competition-weight-${i}`}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="1"
                  className={inputClass}
                  value={m.weight}
                  aria-invalid={metricInvalid}
                  onChange={(ev) =>
                    set(
                      "metrics",
                      v.metrics.map((r, j) => (j === i ? { ...r, weight: ev.target.value } : r)),
                    )
                  }
                />
              </div>
              {v.metrics.length > 1 ? (
                <RemoveButton
                  label={`metric ${i + 1}`}
                  onClick={() =>
                    set(
                      "metrics",
                      v.metrics.filter((_, j) => j !== i),
                    )
                  }
                />
              ) : null}
            </li>
          ))}
        </ol>
      </RowsFieldset>

      <RadioGroup
        id="competition-type"
        legend="Type"
        options={[
          { value: "classic", label: "Classic", hint: "Each for themselves" },
          { value: "team", label: "Team", hint: "Players join one of the named teams" },
        ]}
        value={v.type}
        disabled={locked}
        note={locked ? `${participants.toLocaleString("en-US")} signed up already: the type, sign-up and teams stay as they are.` : undefined}
        onChange={(type) =>
          setV((old) => ({
            ...old,
            type,
            teams: type === "team" && old.teams.length < 2 ? [...old.teams, ...Array<string>(2 - old.teams.length).fill("")] : old.teams,
          }))
        }
        errors={e.type}
      />

      {team ? (
        <RowsFieldset
          id="competition-teams"
          legend="Teams"
          hint={`2 to ${TEAMS_MAX} teams, each name at most ${TEAM_NAME_MAX} characters and different from the others.`}
          errors={e.teams}
          addLabel="Add a team"
          canAdd={!locked && v.teams.length < TEAMS_MAX}
          onAdd={() => set("teams", [...v.teams, ""])}
        >
          <ol className="space-y-2">
            {v.teams.map((t, i) => (
              <li key={i} className="flex flex-wrap items-end gap-2" data-testid="competition-team-row">
                <div className="min-w-0 flex-1 basis-48">
                  <label htmlFor={`competition-team-${i}`} className="mb-1 block text-sm text-stone-200">
                    Team {i + 1} name
                  </label>
                  <input
                    id={`competition-team-${i}`}
                    maxLength={TEAM_NAME_MAX}
                    autoComplete="off"
                    className={inputClass}
                    value={t}
                    disabled={locked}
                    aria-invalid={e.teams?.length ? true : undefined}
                    onChange={(ev) =>
                      set(
                        "teams",
                        v.teams.map((x, j) => (j === i ? ev.target.value : x)),
                      )
                    }
                  />
                </div>
                {!locked && v.teams.length > 2 ? (
                  <RemoveButton
                    label={`team ${i + 1}`}
                    onClick={() =>
                      set(
                        "teams",
                        v.teams.filter((_, j) => j !== i),
                      )
                    }
                  />
                ) : null}
              </li>
            ))}
          </ol>
        </RowsFieldset>
      ) : null}

      <RadioGroup
        id="competition-signup"
        legend="Who takes part"
        options={[
          { value: "open", label: "Players sign up", hint: "From the competition's page" },
          { value: "everyone", label: "Everyone counted", hint: "Every player whose metric moves, nothing to sign up for" },
        ]}
        value={team ? "open" : v.signup}
        disabled={locked || team}
        note={team && !locked ? "In a team competition players choose their team, so they sign up." : undefined}
        onChange={(signup) => set("signup", signup)}
        errors={e.signup}
      />

      <PrizeRows
        id="competition-prizes"
        rows={v.prizes}
        onChange={(rows) => set("prizes", rows)}
        errors={e.prizes}
        hint={
          team
            ? "The first row is the prize of every scoring member of the team placed 1st, the next of the 2nd team's, and so on. None: no prizes."
            : undefined
        }
      />

      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          {form.busy ? (editing ? "Saving..." : "Creating...") : editing ? "Save changes" : "Create competition"}
        </button>
      </div>
    </ClientForm>
  );
}

/**
 * The new-competition form (competition null) or the edit form of one. Rendered once the page
 * has hydrated: the times it shows are in the browser's zone, which the server does not know.
 */
export function CompetitionForm({ competition, participants = 0 }: { competition: TCompetition | null; participants?: number }) {
  const hydrated = useHydrated();
  const router = useRouter();
  const [saved, setSaved] = useState<TCompetition | null>(null);
  if (!hydrated)
    return (
      <p className="text-stone-300" aria-busy="true">
        Loading the form...
      </p>
    );
  return (
    <div className="space-y-4">
      <CompetitionFields
        competition={competition}
        participants={participants}
        onSaved={(c) => {
          setSaved(c);
          // The list and the page read on the server: show them as they are now.
          router.refresh();
        }}
      />
      <LiveAlert tone="success">
        {saved ? (
          competition ? (
            <>Saved &quot;{saved.title}&quot;.</>
          ) : (
            <>
              Created &quot;{saved.title}&quot;. <Link href={`/staff/competitions/${saved.id}`}>Edit it</Link> or{" "}
              <Link href={`/competitions/${saved.id}`}>see its public page</Link>.
            </>
          )
        ) : null}
      </LiveAlert>
    </div>
  );
}
