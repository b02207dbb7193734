"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import * as endpoints from "@/lib/client/endpoints";
import { DURATION_LABELS, DURATIONS, type DurationName, KIND_LABELS, PUNISHMENT_KINDS, type PunishmentKindName } from "@/lib/punishment-kinds";
import type { TProposal, TPunishmentRow } from "@/lib/schemas/punishments";
import { STAFF_REASON_MAX } from "@/lib/schemas/staff-reason";
import { SelectField, TextAreaField } from "./form-controls";

// Punishing a player by the rules: pick the rule, and the form fills in the next rung of its
// ladder for this player (their earlier offences of that rule decide it: the third offence gets
// the third rung). Staff may change the kind and length before sending. The message is what the
// player is told; the reason is the internal note, for staff and the audit log only.

type Values = { rule: string; kind: PunishmentKindName; duration: DurationName; message: string; reason: string; address: string };

const OTHER = "";

export function PunishForm({ playerId, username, proposals, address }: { playerId: number; username: string; proposals: TProposal[]; address: string | null }) {
  const router = useRouter();
  const initial: Values = { rule: OTHER, kind: "WARNING", duration: "24h", message: "", reason: "", address: address ?? "" };
  const [v, setV] = useState<Values>(initial);
  const [done, setDone] = useState<string | null>(null);
  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((old) => ({ ...old, [k]: value }));
  const proposal = proposals.find((p) => p.rule === v.rule);

  const pickRule = (rule: string) => {
    const p = proposals.find((x) => x.rule === rule);
    setV((old) => ({ ...old, rule, ...(p ? { kind: p.kind, duration: p.duration } : {}) }));
  };

  const form = useApiForm<Values, TPunishmentRow>({
    endpoint: endpoints.punishPlayer,
    params: () => ({ id: playerId }),
    required: ["message", "reason"],
    fields: ["rule", "kind", "duration", "message", "reason", "address", "step"],
    prepare: (x) => ({
      kind: x.kind,
      rule: x.rule || null,
      step: proposal && x.rule ? proposal.step : null,
      ...(x.kind === "WARNING" ? {} : { duration: x.duration }),
      message: x.message.trim(),
      reason: x.reason.trim(),
      ...(x.kind === "ADDRESS_BAN" ? { address: x.address.trim() } : {}),
    }),
    onSuccess: (r) => {
      const until = r.endsAt ? ` until ${new Date(r.endsAt).toLocaleString("en-US", { dateStyle: "long", timeStyle: "short" })}` : "";
      const what = { WARNING: "warned", MUTE: "muted", BAN: "banned", ADDRESS_BAN: "address-banned" }[r.kind];
      setDone(`${username} is ${what}${r.kind === "WARNING" ? "" : until || " for good"}.`);
      setV(initial);
      router.refresh();
    },
  });
  const e = form.fieldErrors;
  const timed = v.kind === "MUTE" || v.kind === "BAN" || v.kind === "ADDRESS_BAN";

  return (
    <ClientForm
      noValidate
      className="max-w-xl space-y-4"
      aria-busy={form.busy}
      aria-label={`Punish ${username}`}
      onSubmit={(ev) => {
        setDone(null);
        return form.submit(v, ev);
      }}
    >
      <SelectField id="punish-rule" label="Rule broken" value={v.rule} onChange={(ev) => pickRule(ev.target.value)} errors={e.rule}>
        <option value={OTHER}>Another reason (no rule)</option>
        {proposals.map((p) => (
          <option key={p.rule} value={p.rule}>
            {p.title}
          </option>
        ))}
      </SelectField>
      {proposal ? (
        <p className="text-stone-300" data-testid="punish-proposal" aria-live="polite">
          Offence {proposal.previousOffences + 1} of this rule for {username}: the ladder proposes <strong>{proposal.penalty}</strong> (step {proposal.step} of{" "}
          {proposal.steps}).
        </p>
      ) : null}
      <fieldset>
        <legend className="mb-1 font-semibold text-stone-100">Punishment</legend>
        <div className="flex flex-wrap gap-x-6">
          {PUNISHMENT_KINDS.map((k) => (
            <label key={k} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="punish-kind" className="size-5 accent-gold" checked={v.kind === k} onChange={() => set("kind", k)} />
              {KIND_LABELS[k]}
            </label>
          ))}
        </div>
      </fieldset>
      {timed ? (
        <fieldset>
          <legend className="mb-1 font-semibold text-stone-100">Length</legend>
          <div className="flex flex-wrap gap-x-6">
            {DURATIONS.map((d) => (
              <label key={d} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="punish-duration" className="size-5 accent-gold" checked={v.duration === d} onChange={() => set("duration", d)} />
                {DURATION_LABELS[d]}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {v.kind === "ADDRESS_BAN" ? (
        <Field
          id="punish-address"
          label="Address to ban"
          autoComplete="off"
          required
          value={v.address}
          onChange={(ev) => set("address", ev.target.value)}
          errors={e.address}
          hint="Registrations and logins from it are refused, on the site and in the game. Filled in with the address of the player's latest session."
        />
      ) : null}
      <TextAreaField
        id="punish-message"
        label="Message to the player"
        maxLength={500}
        required
        value={v.message}
        onChange={(ev) => set("message", ev.target.value)}
        errors={e.message}
      />
      <TextAreaField
        id="punish-reason"
        label="Internal note (staff only, kept in the audit log)"
        maxLength={STAFF_REASON_MAX}
        required
        value={v.reason}
        onChange={(ev) => set("reason", ev.target.value)}
        errors={e.reason}
      />
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <LiveAlert tone="success">{done}</LiveAlert>
      <button type="submit" className={`btn ${v.kind === "WARNING" ? "btn-gold" : "btn-ember"}`} disabled={form.busy}>
        {form.busy ? "Working..." : `${KIND_LABELS[v.kind]}: ${username}`}
      </button>
    </ClientForm>
  );
}

/** A private note on the player: staff only, audited. */
export function PlayerNoteForm({ playerId }: { playerId: number }) {
  const router = useRouter();
  const [body, setBody] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm<{ body: string }, { id: number }>({
    endpoint: endpoints.addPlayerNote,
    params: () => ({ id: playerId }),
    required: ["body"],
    fields: ["body"],
    prepare: (x) => ({ body: x.body.trim() }),
    onSuccess: () => {
      setBody("");
      setDone("Note added.");
      router.refresh();
    },
  });
  return (
    <ClientForm
      noValidate
      className="max-w-xl space-y-3"
      aria-busy={form.busy}
      aria-label="Add a staff note"
      onSubmit={(ev) => {
        setDone(null);
        return form.submit({ body }, ev);
      }}
    >
      <TextAreaField
        id="note-body"
        label="New note (staff only)"
        maxLength={2000}
        required
        value={body}
        onChange={(ev) => setBody(ev.target.value)}
        errors={form.fieldErrors.body}
      />
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <LiveAlert tone="success">{done}</LiveAlert>
      <button type="submit" className="btn btn-gold" disabled={form.busy}>
        {form.busy ? "Saving..." : "Add note"}
      </button>
    </ClientForm>
  );
}
