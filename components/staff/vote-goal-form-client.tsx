"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { type FormFailure } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import { GOAL_DESCRIPTION_MAX, GOAL_TITLE_MAX } from "@/lib/schemas/goals";
import { type TStaffVoteGoal, VOTE_GOAL_HOURS_MAX } from "@/lib/schemas/vote-goals";
import { CheckboxField, SelectField, TextAreaField } from "./form-controls";

// The staff form of a vote goal (/staff/votes/goals): new, or an edit (pausing included) of one
// not ended. Writes through the staff API, which checks everything again; its messages appear
// under the field they are about. Times are typed in the staff member's own time zone and sent as
// ISO 8601 (an empty end: no end); the reward payload is JSON.

type Values = {
  title: string;
  description: string;
  target_votes: string;
  window: "day" | "rolling";
  window_hours: string;
  starts_at: string;
  ends_at: string;
  active: boolean;
  reward_type: string;
  reward_payload: string;
};

const pad = (n: number) => String(n).padStart(2, "0");
function localInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const isoFrom = (local: string): string | null => {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : null;
};
const whole = (t: string): number | null => (/^\d{1,7}$/.test(t.trim()) ? Number(t.trim()) : null);

function valuesOf(goal?: TStaffVoteGoal): Values {
  if (!goal) {
    return {
      title: "",
      description: "",
      target_votes: "",
      window: "day",
      window_hours: "24",
      starts_at: localInput(new Date(Date.now() + 60_000).toISOString()),
      ends_at: "",
      active: true,
      reward_type: "double_xp",
      reward_payload: '{ "multiplier": 2, "minutes": 60 }',
    };
  }
  return {
    title: goal.title,
    description: goal.description,
    target_votes: String(goal.target_votes),
    window: goal.window,
    window_hours: String(goal.window_hours ?? 24),
    starts_at: localInput(goal.starts_at),
    ends_at: goal.ends_at ? localInput(goal.ends_at) : "",
    active: goal.active,
    reward_type: goal.reward_type,
    reward_payload: JSON.stringify(goal.reward_payload),
  };
}

function localErrors(v: Values): FormFailure | null {
  const fieldErrors: Record<string, string[]> = {};
  if (whole(v.target_votes) === null) fieldErrors.target_votes = ["Enter a whole number of votes, e.g. 500."];
  if (v.window === "rolling" && whole(v.window_hours) === null) fieldErrors.window_hours = ["Enter a whole number of hours."];
  if (!isoFrom(v.starts_at)) fieldErrors.starts_at = ["Enter a date and time."];
  if (v.ends_at && !isoFrom(v.ends_at)) fieldErrors.ends_at = ["Enter a date and time, or leave it empty."];
  try {
    const p: unknown = JSON.parse(v.reward_payload || "{}");
    if (typeof p !== "object" || p === null || Array.isArray(p)) throw new Error("not an object");
  } catch {
    fieldErrors.reward_payload = ['Enter a JSON object, e.g. { "multiplier": 2, "minutes": 60 }.'];
  }
  return Object.keys(fieldErrors).length ? { fieldErrors } : null;
}

export function VoteGoalForm({ goal }: { goal?: TStaffVoteGoal }) {
  const router = useRouter();
  const [v, setV] = useState<Values>(() => valuesOf(goal));
  const [message, setMessage] = useState<string | null>(null);
  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((old) => ({ ...old, [k]: value }));
  const prefix = goal ? `vote-goal-${goal.id}` : "vote-goal-new";
  const form = useApiForm<Values, TStaffVoteGoal>({
    endpoint: goal ? endpoints.updateVoteGoal : endpoints.createVoteGoal,
    ...(goal ? { params: () => ({ id: goal.id }) } : {}),
    required: ["title", "target_votes", "starts_at", "reward_type"],
    validate: localErrors,
    prepare: (x) => ({
      title: x.title.trim(),
      description: x.description.trim(),
      target_votes: whole(x.target_votes),
      window: x.window,
      window_hours: x.window === "rolling" ? whole(x.window_hours) : null,
      starts_at: isoFrom(x.starts_at),
      ends_at: x.ends_at ? isoFrom(x.ends_at) : null,
      active: x.active,
      reward_type: x.reward_type.trim(),
      reward_payload: JSON.parse(x.reward_payload || "{}") as unknown,
    }),
    onSuccess: (saved) => {
      setMessage(goal ? `Saved "${saved.title}".` : `Created "${saved.title}".`);
      if (!goal) setV(valuesOf());
      router.refresh();
    },
  });
  const e = form.fieldErrors;
  return (
    <ClientForm noValidate className="space-y-4" aria-busy={form.busy} onSubmit={(ev) => void form.submit(v, ev)}>
      <Field
        id={`${prefix}-title`}
        label="Title"
        maxLength={GOAL_TITLE_MAX}
        value={v.title}
        onChange={(ev) => set("title", ev.target.value)}
        errors={e.title}
      />
      <TextAreaField
        id={`${prefix}-description`}
        label="Description (the reward in players' words)"
        maxLength={GOAL_DESCRIPTION_MAX}
        value={v.description}
        onChange={(ev) => set("description", ev.target.value)}
        errors={e.description}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id={`${prefix}-target`}
          label="Target (counted votes)"
          inputMode="numeric"
          hint="Only counted votes: one per player per site per cooldown."
          value={v.target_votes}
          onChange={(ev) => set("target_votes", ev.target.value)}
          errors={e.target_votes}
        />
        <SelectField
          id={`${prefix}-window`}
          label="Window"
          value={v.window}
          onChange={(ev) => set("window", ev.target.value as Values["window"])}
          errors={e.window}
        >
          <option value="day">Each day (server time zone)</option>
          <option value="rolling">Rolling hours</option>
        </SelectField>
        {v.window === "rolling" ? (
          <Field
            id={`${prefix}-hours`}
            label="Rolling window (hours)"
            inputMode="numeric"
            hint={`1 to ${VOTE_GOAL_HOURS_MAX}; counting restarts after each reward.`}
            value={v.window_hours}
            onChange={(ev) => set("window_hours", ev.target.value)}
            errors={e.window_hours}
          />
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${prefix}-starts`}
          label="Counts from"
          type="datetime-local"
          hint="In your time zone."
          value={v.starts_at}
          onChange={(ev) => set("starts_at", ev.target.value)}
          errors={e.starts_at}
        />
        <Field
          id={`${prefix}-ends`}
          label="Until (optional)"
          type="datetime-local"
          value={v.ends_at}
          onChange={(ev) => set("ends_at", ev.target.value)}
          errors={e.ends_at}
        />
      </div>
      <CheckboxField
        id={`${prefix}-active`}
        label="Active: counting and shown to players"
        checked={v.active}
        onChange={(x) => set("active", x)}
        errors={e.active}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${prefix}-reward-type`}
          label="Reward event type"
          hint="What the game runs, e.g. double_xp."
          value={v.reward_type}
          onChange={(ev) => set("reward_type", ev.target.value)}
          errors={e.reward_type}
        />
        <Field
          id={`${prefix}-reward-payload`}
          label="Reward payload (JSON)"
          hint="Its parameters for the game."
          value={v.reward_payload}
          onChange={(ev) => set("reward_payload", ev.target.value)}
          errors={e.reward_payload}
        />
      </div>
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <LiveAlert tone="success">{message}</LiveAlert>
      <div className="flex justify-end">
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          {form.busy ? "Saving..." : goal ? "Save vote goal" : "Create vote goal"}
        </button>
      </div>
    </ClientForm>
  );
}
