"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal-client";
import * as endpoints from "@/lib/client/endpoints";
import { STAFF_REASON_MAX } from "@/lib/schemas/staff-reason";
import { FormActions, SelectField, TextAreaField } from "./form-controls";
import { ClientForm } from "@/components/forms/form-client";

// The actions on a player's staff page: ban (for good or until a time), unban, unmute, end
// every session, reset 2FA and change the privilege. Each asks for the reason kept in the audit log,
// and the page reads the player again afterwards. The page offers only what this member of
// staff may do; the server checks it again on every call.

export type ActionKind = "ban" | "unban" | "unmute" | "end-sessions" | "reset-2fa" | "privilege";
export type PlayerForActions = { id: number; username: string; privilege: Privilege; twoFactor: boolean };
type Privilege = "PLAYER" | "MODERATOR" | "ADMINISTRATOR" | "OWNER";

const PRIVILEGE_LABELS: Record<Privilege, string> = { PLAYER: "Player", MODERATOR: "Moderator", ADMINISTRATOR: "Administrator", OWNER: "Owner" };
const LABELS: Record<ActionKind, string> = {
  ban: "Ban",
  unban: "Unban",
  unmute: "Unmute",
  "end-sessions": "End all sessions",
  "reset-2fa": "Reset 2FA",
  privilege: "Change privilege",
};

type Values = { reason: string; length: "permanent" | "until"; until: string; privilege: Privilege };

/** "2026-12-03T14:05" (a datetime-local value, in the browser's zone) as an ISO time, or null when it is not one. */
function isoFrom(local: string): string | null {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : null;
}

function ActionDialog({
  kind,
  open,
  player,
  onClose,
  onDone,
}: {
  kind: ActionKind;
  open: boolean;
  player: PlayerForActions;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const router = useRouter();
  const initial: Values = { reason: "", length: "permanent", until: "", privilege: player.privilege };
  const [v, setV] = useState<Values>(initial);
  const set = <K extends keyof Values>(k: K, value: Values[K]) => setV((old) => ({ ...old, [k]: value }));
  const endpoint = {
    ban: endpoints.banPlayer,
    unban: endpoints.unbanPlayer,
    unmute: endpoints.unmutePlayer,
    "end-sessions": endpoints.endPlayerSessions,
    "reset-2fa": endpoints.resetPlayerTwoFactor,
    privilege: endpoints.setPlayerPrivilege,
  }[kind];
  const form = useApiForm<Values, { ended?: number; bannedUntil?: string | null; privilege?: string }>({
    endpoint,
    params: () => ({ id: player.id }),
    required: ["reason"],
    fields: ["reason", "until", "privilege"],
    validate: (x) =>
      kind === "ban" && x.length === "until" && !isoFrom(x.until) ? { fieldErrors: { until: ["Choose the date and time the ban ends."] } } : null,
    prepare: (x) => ({
      reason: x.reason.trim(),
      ...(kind === "ban" ? { until: x.length === "until" ? isoFrom(x.until) : null } : {}),
      ...(kind === "privilege" ? { privilege: x.privilege } : {}),
    }),
    onSuccess: (data) => {
      const name = player.username;
      const until =
        typeof data.bannedUntil === "string" ? ` until ${new Date(data.bannedUntil).toLocaleString("en-US", { dateStyle: "long", timeStyle: "short" })}` : "";
      onDone(
        {
          ban: `${name} is banned${until}. Their sessions were ended.`,
          unban: `${name} is no longer banned.`,
          unmute: `${name} is no longer muted.`,
          "end-sessions": `Ended ${data.ended ?? 0} ${data.ended === 1 ? "session" : "sessions"} of ${name}.`,
          "reset-2fa": `Two-factor authentication is off for ${name}; they were emailed.`,
          privilege: `${name} is now ${PRIVILEGE_LABELS[(data.privilege as Privilege) ?? v.privilege].toLowerCase()}.`,
        }[kind],
      );
      setV(initial);
      onClose();
      router.refresh();
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const e = form.fieldErrors;
  const intro = {
    ban: `${player.username} is signed out everywhere at once and cannot log in to the site or the game until the ban ends.`,
    unban: `${player.username} can log in again at once.`,
    unmute: `${player.username} can post on the forums, reply on tickets and talk in the game again at once.`,
    "end-sessions": `Every browser session and API login of ${player.username} ends; they can log in again.`,
    "reset-2fa": `Turns off two-factor authentication and deletes the recovery codes of ${player.username}, who is emailed about it. Do this only once you are sure who is asking.`,
    privilege: `Staff see the staff console for their rank; players see none of it. The last owner cannot be demoted.`,
  }[kind];
  return (
    <Modal open={open} onClose={close} title={`${LABELS[kind]}: ${player.username}`}>
      <ClientForm noValidate className="space-y-4" aria-busy={form.busy} onSubmit={(ev) => void form.submit(v, ev)}>
        <p className="text-stone-300">{intro}</p>
        {kind === "ban" ? (
          <fieldset>
            <legend className="mb-1 font-semibold text-stone-100">Length</legend>
            <div className="flex flex-wrap gap-x-6">
              {(["permanent", "until"] as const).map((l) => (
                <label key={l} className="flex min-h-11 items-center gap-2">
                  <input type="radio" name="ban-length" className="size-5 accent-gold" checked={v.length === l} onChange={() => set("length", l)} />
                  {l === "permanent" ? "Permanent" : "Until a date"}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        {kind === "ban" && v.length === "until" ? (
          <Field
            id="ban-until"
            label="Ban ends"
            type="datetime-local"
            required
            value={v.until}
            onChange={(ev) => set("until", ev.target.value)}
            errors={e.until}
            hint="In your own time zone. The ban ends by itself then."
          />
        ) : null}
        {kind === "privilege" ? (
          <SelectField
            id="privilege-new"
            label="New privilege"
            value={v.privilege}
            onChange={(ev) => set("privilege", ev.target.value as Privilege)}
            errors={e.privilege}
          >
            {(Object.keys(PRIVILEGE_LABELS) as Privilege[]).map((p) => (
              <option key={p} value={p}>
                {PRIVILEGE_LABELS[p]}
              </option>
            ))}
          </SelectField>
        ) : null}
        <TextAreaField
          id={`${kind}-reason`}
          label="Reason (kept in the audit log)"
          maxLength={STAFF_REASON_MAX}
          required
          value={v.reason}
          onChange={(ev) => set("reason", ev.target.value)}
          errors={e.reason}
          data-autofocus
        />
        <LiveAlert tone="error">{form.formError}</LiveAlert>
        <FormActions busy={form.busy} onCancel={close} submitLabel={kind === "ban" ? `Ban ${player.username}` : LABELS[kind]} busyLabel="Working..." />
      </ClientForm>
    </Modal>
  );
}

/** The buttons for the actions `allowed` here, and the dialog of the one chosen. */
export function PlayerActions({ player, allowed, own = false }: { player: PlayerForActions; allowed: ActionKind[]; own?: boolean }) {
  const [open, setOpen] = useState<ActionKind | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!allowed.length)
    return (
      <p className="text-stone-300">
        {own
          ? "This is your own account: nobody acts on themselves through the staff console. Your account pages have what you may change."
          : "Your rank cannot act on this account."}
      </p>
    );
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        {allowed.map((k) => (
          <button
            key={k}
            type="button"
            className={`btn ${k === "ban" ? "btn-ember" : "btn-stone"}`}
            onClick={() => {
              setDone(null);
              setOpen(k);
            }}
          >
            {LABELS[k]}
          </button>
        ))}
      </div>
      <LiveAlert tone="success">{done}</LiveAlert>
      {allowed.map((k) => (
        <ActionDialog key={k} kind={k} open={open === k} player={player} onClose={() => setOpen(null)} onDone={setDone} />
      ))}
    </div>
  );
}
