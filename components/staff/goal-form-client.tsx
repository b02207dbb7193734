"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ClientForm } from "@/components/forms/form-client";
import { type FormFailure } from "@/lib/client/api";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import * as endpoints from "@/lib/client/endpoints";
import { GOAL_DESCRIPTION_MAX, GOAL_TITLE_MAX, type TStaffGoal } from "@/lib/schemas/goals";
import { CheckboxField, TextAreaField } from "./form-controls";

// The staff form of a community goal (/staff/store/goals): new, or an edit of an open or
// scheduled one. Writes through the staff API, which checks everything again; its messages appear
// under the field they are about. The target is typed in dollars and sent in cents; times are
// typed in the staff member's own time zone and sent as ISO 8601; the reward payload is JSON.

type Values = {
  title: string;
  description: string;
  target_cents: string;
  starts_at: string;
  ends_at: string;
  repeatable: boolean;
  reward_type: string;
  reward_payload: string;
};

const pad = (n: number) => String(n).padStart(2, "0");
/** A time as a datetime-local value in the browser's zone. */
function localInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const isoFrom = (local: string): string | null => {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : null;
};
const cents = (dollars: string): number | null => {
  const t = dollars.trim().replace(/^\$/, "").replace(/,/g, "");
  return /^\d+(\.\d{1,2})?$/.test(t) ? Math.round(Number(t) * 100) : null;
};

function valuesOf(goal?: TStaffGoal): Values {
  if (!goal) {
    const start = new Date(Date.now() + 60_000);
    return {
      title: "",
      description: "",
      target_cents: "",
      starts_at: localInput(start.toISOString()),
      ends_at: localInput(new Date(start.getTime() + 30 * 86_400_000).toISOString()),
      repeatable: false,
      reward_type: "double_xp",
      reward_payload: '{ "multiplier": 2, "minutes": 60 }',
    };
  }
  return {
    title: goal.title,
    description: goal.description,
    target_cents: (goal.target_cents / 100).toFixed(2),
    starts_at: localInput(goal.starts_at),
    ends_at: localInput(goal.ends_at),
    repeatable: goal.repeatable,
    reward_type: goal.reward_type,
    reward_payload: JSON.stringify(goal.reward_payload),
  };
}

function localErrors(v: Values): FormFailure | null {
  const fieldErrors: Record<string, string[]> = {};
  if (cents(v.target_cents) === null) fieldErrors.target_cents = ["Enter the target in dollars, e.g. 500 or 499.99."];
  if (!isoFrom(v.starts_at)) fieldErrors.starts_at = ["Enter a date and time."];
  if (!isoFrom(v.ends_at)) fieldErrors.ends_at = ["Enter a date and time."];
  try {
    const p: unknown = JSON.parse(v.reward_payload || "{}");
    if (typeof p !== "object" || p === null || Array.isArray(p)) throw new Error("not an object");
  } catch {
    fieldErrors.reward_payload = ['Enter a JSON object, e.g. { "multiplier": 2, "minutes": 60 }.'];
  }
  return Object.keys(fieldErrors).length ? { fieldErrors } : null;
}

export function GoalForm({ goal, onDone }: { goal?: TStaffGoal; onDone?: () => void }) {
  const router = useRouter();
  const [v, setV] = useState<Values>(() => valuesOf(goal));
  const [message, setMessage] = useState<string | null>(null);
  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((old) => ({ ...old, [k]: value }));
  const prefix = goal ? `goal-${goal.id}` : "goal-new";
  const form = useApiForm<Values, TStaffGoal>({
    endpoint: goal ? endpoints.updateGoal : endpoints.createGoal,
    ...(goal ? { params: () => ({ id: goal.id }) } : {}),
    required: ["title", "target_cents", "starts_at", "ends_at", "reward_type"],
    validate: localErrors,
    prepare: (x) => ({
      title: x.title.trim(),
      description: x.description.trim(),
      target_cents: cents(x.target_cents),
      starts_at: isoFrom(x.starts_at),
      ends_at: isoFrom(x.ends_at),
      repeatable: x.repeatable,
      reward_type: x.reward_type.trim(),
      reward_payload: JSON.parse(x.reward_payload || "{}") as unknown,
    }),
    onSuccess: (saved) => {
      setMessage(goal ? `Saved "${saved.title}".` : `Created "${saved.title}".`);
      if (!goal) setV(valuesOf());
      router.refresh();
      onDone?.();
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
      <Field
        id={`${prefix}-target`}
        label="Target (US dollars)"
        inputMode="decimal"
        hint="Only completed payments count: refunds and chargebacks come off, staff grants never count."
        value={v.target_cents}
        onChange={(ev) => set("target_cents", ev.target.value)}
        errors={e.target_cents}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={`${prefix}-starts`}
          label="Starts"
          type="datetime-local"
          hint="In your time zone."
          value={v.starts_at}
          onChange={(ev) => set("starts_at", ev.target.value)}
          errors={e.starts_at}
        />
        <Field
          id={`${prefix}-ends`}
          label="Ends"
          type="datetime-local"
          value={v.ends_at}
          onChange={(ev) => set("ends_at", ev.target.value)}
          errors={e.ends_at}
        />
      </div>
      <CheckboxField
        id={`${prefix}-repeatable`}
        label="Repeatable: start a new round with the overflow each time the target is reached"
        checked={v.repeatable}
        onChange={(x) => set("repeatable", x)}
        errors={e.repeatable}
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
          {form.busy ? "Saving..." : goal ? "Save goal" : "Create goal"}
        </button>
      </div>
    </ClientForm>
  );
}

export function EndGoalButton({ goal }: { goal: TStaffGoal }) {
  const router = useRouter();
  const form = useApiForm<Record<string, never>, TStaffGoal>({
    endpoint: endpoints.endGoal,
    params: () => ({ id: goal.id }),
    onSuccess: () => router.refresh(),
  });
  return (
    <div>
      <button
        type="button"
        className="btn btn-ember"
        disabled={form.busy}
        onClick={() => {
          if (window.confirm(`End "${goal.title}" now? Later payments will no longer count.`)) void form.submit({});
        }}
      >
        {form.busy ? "Ending..." : "End now"}
      </button>
      <LiveAlert tone="error">{form.formError}</LiveAlert>
    </div>
  );
}
