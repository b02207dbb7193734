"use client";

import { useState } from "react";
import { ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field, inputClass } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal-client";
import { ResponsiveTable } from "@/components/ui/responsive-table";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import * as endpoints from "@/lib/client/endpoints";
import { METRICS_MAX, SCHEDULE_DURATION_MAX_HOURS, scheduleMetricSlugs } from "@/lib/competitions/rules";
import { type ScheduleFormValues, scheduleFormErrors, scheduleFormValues, toSchedulePatch, toScheduleRequest, WEEKDAYS } from "@/lib/competitions/staff-form";
import { metricBySlug, metricName } from "@/lib/progress/metrics";
import type { TSchedule } from "@/lib/schemas/competitions";
import { RadioGroup } from "./competition-form-client";
import { MetricOptions, PrizeRows, RemoveButton, RowsFieldset } from "./competition-fields-client";
import { CheckboxField, SelectField } from "./form-controls";
import { RowEditorModal, RowStatus, useRowEditor } from "./row-editor-client";

// The weekly schedules (Skill of the Week, Boss of the Week): the list with what each makes
// next, a modal form to create or edit one, and delete after a confirmation. Each write goes
// through the staff API; the server's messages appear under their fields.

const FIELDS = ["kind", "weekday", "hour", "duration_hours", "signup", "staff_choose", "rotation", "prizes"] as const;
const KIND_LABEL = { skill: "Skill of the Week", boss: "Boss of the Week" } as const;
const slugName = (slug: string) => {
  const id = metricBySlug(slug);
  return id === null ? slug : metricName(id);
};
const pad = (n: number) => String(n).padStart(2, "0");

function ScheduleForm({ initial, onSaved, onCancel }: { initial: TSchedule | null; onSaved: (s: TSchedule) => void; onCancel: () => void }) {
  const [start] = useState(() => scheduleFormValues(initial));
  const [v, setV] = useState<ScheduleFormValues>(start);
  const set = <K extends keyof ScheduleFormValues>(k: K, value: ScheduleFormValues[K]) => setV((old) => ({ ...old, [k]: value }));
  const form = useApiForm<ScheduleFormValues, TSchedule>({
    endpoint: initial ? endpoints.updateSchedule : endpoints.createSchedule,
    params: (): Record<string, number> => (initial ? { id: initial.id } : {}),
    required: ["weekday", "hour", "duration_hours"],
    fields: FIELDS,
    validate: (x) => {
      const fieldErrors = scheduleFormErrors(x);
      if (Object.keys(fieldErrors).length) return { fieldErrors };
      if (initial && Object.keys(toSchedulePatch(x, start)).length === 0)
        return { fieldErrors: {}, formError: "Nothing has changed: there is nothing to save." };
      return null;
    },
    prepare: (x) => (initial ? toSchedulePatch(x, start) : toScheduleRequest(x)),
    onSuccess: (s) => onSaved(s as TSchedule),
  });
  const e = form.fieldErrors;
  const rotationInvalid = e.rotation?.length ? true : undefined;
  const kind = v.kind === "skill" ? "skills" : "activities";
  return (
    <ClientForm noValidate className="space-y-4" aria-busy={form.busy} onSubmit={(ev) => void form.submit(v, ev)}>
      <RadioGroup
        id="schedule-kind"
        legend="Kind"
        options={[
          { value: "skill", label: KIND_LABEL.skill, hint: "A skill's experience" },
          { value: "boss", label: KIND_LABEL.boss, hint: "A boss's kill count" },
        ]}
        value={v.kind}
        onChange={(k) => setV((old) => ({ ...old, kind: k, rotation: [""] }))}
        errors={e.kind}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField id="schedule-weekday" label="Weekday" value={v.weekday} onChange={(ev) => set("weekday", ev.target.value)} errors={e.weekday}>
          {WEEKDAYS.map((d, i) => (
            <option key={d} value={String(i + 1)}>
              {d}
            </option>
          ))}
        </SelectField>
        <SelectField id="schedule-hour" label="Start hour" value={v.hour} onChange={(ev) => set("hour", ev.target.value)} errors={e.hour}>
          {Array.from({ length: 24 }, (_, h) => (
            <option key={h} value={String(h)}>
              {pad(h)}:00
            </option>
          ))}
        </SelectField>
        <Field
          id="schedule-duration"
          label="Duration (hours)"
          inputMode="numeric"
          hint={`1 to ${SCHEDULE_DURATION_MAX_HOURS}; 168 is a week.`}
          value={v.duration_hours}
          onChange={(ev) => set("duration_hours", ev.target.value)}
          errors={e.duration_hours}
        />
      </div>
      <RadioGroup
        id="schedule-signup"
        legend="Who takes part"
        options={[
          { value: "everyone", label: "Everyone counted" },
          { value: "open", label: "Players sign up" },
        ]}
        value={v.signup}
        onChange={(s) => set("signup", s)}
        errors={e.signup}
      />
      <CheckboxField
        id="schedule-staff-choose"
        label="Staff choose each week's metric"
        checked={v.staff_choose}
        onChange={(on) => set("staff_choose", on)}
        errors={e.staff_choose}
      />
      {v.staff_choose ? (
        <p className="text-sm text-stone-300">
          Each week&apos;s competition is made without a metric: it counts nothing and is not announced until you pick one on its staff page.
        </p>
      ) : (
        <RowsFieldset
          id="schedule-rotation"
          legend="Rotation"
          hint="Taken in turn, one a week, from the first."
          errors={e.rotation}
          addLabel="Add a metric"
          canAdd={v.rotation.length < METRICS_MAX}
          onAdd={() => set("rotation", [...v.rotation, ""])}
        >
          <ol className="space-y-2">
            {v.rotation.map((m, i) => (
              <li key={i} className="flex flex-wrap items-end gap-2" data-testid="schedule-rotation-row">
                <div className="min-w-0 flex-1 basis-48">
                  <label htmlFor={`schedule-rotation-${i}`} className="mb-1 block text-sm text-stone-200">
                    Week {i + 1}
                  </label>
                  <select
                    id={`schedule-rotation-${i}`}
                    className={inputClass}
                    value={m}
                    aria-invalid={rotationInvalid}
                    onChange={(ev) =>
                      set(
                        "rotation",
                        v.rotation.map((r, j) => (j === i ? ev.target.value : r)),
                      )
                    }
                  >
                    <option value="">Choose a metric</option>
                    <MetricOptions kind={kind} only={scheduleMetricSlugs(v.kind)} />
                  </select>
                </div>
                {v.rotation.length > 1 ? (
                  <RemoveButton
                    label={`week ${i + 1}`}
                    onClick={() =>
                      set(
                        "rotation",
                        v.rotation.filter((_, j) => j !== i),
                      )
                    }
                  />
                ) : null}
              </li>
            ))}
          </ol>
        </RowsFieldset>
      )}
      <PrizeRows id="schedule-prizes" rows={v.prizes} onChange={(rows) => set("prizes", rows)} errors={e.prizes} />
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-stone" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          {form.busy ? "Saving..." : initial ? "Save" : "Create schedule"}
        </button>
      </div>
    </ClientForm>
  );
}

function DeleteForm({ schedule, onDeleted, onCancel }: { schedule: TSchedule; onDeleted: (s: TSchedule) => void; onCancel: () => void }) {
  const form = useApiForm<Record<string, never>, TSchedule>({
    endpoint: endpoints.deleteSchedule,
    params: () => ({ id: schedule.id }),
    onSuccess: (s) => onDeleted(s as TSchedule),
  });
  return (
    <ClientForm noValidate className="space-y-4" onSubmit={(e) => void form.submit({}, e)}>
      <p className="text-stone-300">It makes no more competitions. Those it has made stay: cancel one on its own staff page if need be.</p>
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn btn-stone" onClick={onCancel}>
          Keep it
        </button>
        <button type="submit" className="btn btn-ember" disabled={form.busy}>
          {form.busy ? "Deleting..." : "Delete schedule"}
        </button>
      </div>
    </ClientForm>
  );
}

const describe = (s: Pick<TSchedule, "kind" | "weekday" | "hour">) => `${KIND_LABEL[s.kind]} on ${WEEKDAYS[s.weekday - 1]} at ${pad(s.hour)}:00`;

export function CompetitionSchedules({ initial }: { initial: TSchedule[] }) {
  const [schedules, setSchedules] = useState(initial);
  const editor = useRowEditor<TSchedule>(schedules, setSchedules, (s) => `the schedule ${describe(s)}`);
  const [deleting, setDeleting] = useState<TSchedule | null>(null);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-stone-300">
          Each schedule makes one competition a week, at its weekday and hour in the server&apos;s time zone
          {initial[0] ? ` (${initial[0].time_zone})` : ""}.
        </p>
        <button type="button" className="btn btn-gold" onClick={() => editor.setEditing("new")}>
          New schedule
        </button>
      </div>
      <RowStatus editor={editor} />
      {schedules.length === 0 ? (
        <p className="rounded border border-dashed border-stone-700 p-4 text-stone-300">
          No schedules yet. Create one for a Skill of the Week or a Boss of the Week.
        </p>
      ) : (
        <ResponsiveTable
          caption="Weekly competition schedules"
          testId="schedule-table"
          columns={[
            { label: "Schedule" },
            { label: "Length" },
            { label: "Metrics" },
            { label: "Prizes" },
            { label: "Next" },
            { label: "Actions", hideLabel: true },
          ]}
          rowHeader={0}
          wide="4xl"
          rows={schedules.map((s) => ({
            key: s.id,
            attrs: { "data-schedule": s.id },
            cells: [
              <>
                {describe(s)}
                <span className="block text-sm font-normal text-stone-400">
                  {s.signup === "everyone" ? "Everyone counted" : "Players sign up"} · {s.time_zone}
                </span>
              </>,
              `${s.duration_hours} h`,
              s.staff_choose ? "Staff choose each week" : s.rotation.map(slugName).join(", "),
              s.prizes.length === 0 ? "None" : `${s.prizes.length} ${s.prizes.length === 1 ? "place" : "places"}`,
              <>
                <LocalDateTime value={s.next_starts_at} />
                {s.next_metric ? <span className="block text-sm text-stone-400">{slugName(s.next_metric)}</span> : null}
              </>,
              <div key="a" className="flex flex-wrap justify-end gap-2">
                <button type="button" className="btn btn-stone min-h-11 px-3 py-1 text-sm" onClick={() => editor.setEditing(s)}>
                  Edit<span className="sr-only"> {describe(s)}</span>
                </button>
                <button type="button" className="btn btn-ember min-h-11 px-3 py-1 text-sm" onClick={() => setDeleting(s)}>
                  Delete<span className="sr-only"> {describe(s)}</span>
                </button>
              </div>,
            ],
          }))}
        />
      )}
      <RowEditorModal<TSchedule> editor={editor} noun="schedule" form={(props) => <ScheduleForm {...props} />} />
      <Modal open={deleting !== null} onClose={() => setDeleting(null)} title={deleting ? `Delete the ${describe(deleting)}?` : ""}>
        {deleting ? (
          <DeleteForm
            key={deleting.id}
            schedule={deleting}
            onCancel={() => setDeleting(null)}
            onDeleted={(s) => {
              setSchedules((list) => list.filter((x) => x.id !== s.id));
              setDeleting(null);
              editor.setMessage({ tone: "success", text: `Deleted the schedule ${describe(s)}.` });
            }}
          />
        ) : null}
      </Modal>
    </div>
  );
}
