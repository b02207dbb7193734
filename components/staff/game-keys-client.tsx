"use client";

import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { ErrorList, Field } from "@/components/ui/field";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { Modal } from "@/components/ui/modal-client";
import * as endpoints from "@/lib/client/endpoints";
import { GAME_SCOPES } from "@/lib/schemas/game";
import { GAME_KEY_NAME_MAX, GAME_SCOPE_HELP, type TCreatedGameKey, type TStaffGameKey } from "@/lib/schemas/staff-game-keys";
import { FormActions } from "./form-controls";
import { StaffBadge } from "./staff-badge";
import { ClientForm } from "@/components/forms/form-client";

type Scope = (typeof GAME_SCOPES)[number];
type Values = { name: string; scopes: Scope[] };

/** The new key, shown once with a copy button: only its hash is stored. */
function NewKey({ created }: { created: TCreatedGameKey }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  };
  return (
    <div className="space-y-3 rounded border-2 border-gold-dark bg-gold/10 p-4" data-testid="new-game-key">
      <p className="font-bold text-stone-100">
        Key &quot;{created.gameKey.name}&quot; created. Copy it now: it is shown only this once, and only its hash is stored.
      </p>
      <label htmlFor="new-game-key-value" className="block text-sm font-semibold text-stone-100">
        The key (give it to the game server as X-Api-Key)
      </label>
      <input
        id="new-game-key-value"
        readOnly
        value={created.key}
        onFocus={(e) => e.currentTarget.select()}
        className="block min-h-11 w-full rounded border-2 border-stone-700 bg-stone-950 px-3 py-2 font-mono text-sm text-stone-100"
      />
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn btn-gold" onClick={() => void copy()}>
          Copy key
        </button>
        <span role="status" className="text-sm text-stone-200">
          {copied === "yes" ? "Copied." : copied === "no" ? "Could not copy: select the key and copy it by hand." : ""}
        </span>
      </div>
    </div>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (c: TCreatedGameKey) => void }) {
  const [values, setValues] = useState<Values>({ name: "", scopes: [] });
  const form = useApiForm<Values, TCreatedGameKey>({
    endpoint: endpoints.createGameKey,
    required: ["name"],
    fields: ["name", "scopes"],
    // No default scopes: a key gets only what is ticked (the server refuses none, too).
    validate: (v) => (v.scopes.length ? null : { fieldErrors: { scopes: ["Tick at least one scope: a key gets only the scopes ticked here."] } }),
    prepare: (v) => ({ name: v.name.trim(), scopes: v.scopes }),
    onSuccess: (c) => {
      setValues({ name: "", scopes: [] });
      onCreated(c as TCreatedGameKey);
    },
  });
  const toggle = (scope: Scope, on: boolean) => setValues((v) => ({ ...v, scopes: on ? [...v.scopes, scope] : v.scopes.filter((s) => s !== scope) }));
  const scopeErrors = form.fieldErrors.scopes;
  return (
    <ClientForm noValidate className="space-y-4" aria-busy={form.busy} onSubmit={(e) => void form.submit(values, e)}>
      <Field
        id="game-key-name"
        label="Label"
        hint="Which game server uses it, e.g. world-1."
        maxLength={GAME_KEY_NAME_MAX}
        value={values.name}
        onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
        errors={form.fieldErrors.name}
      />
      <fieldset aria-describedby={`game-key-scopes-hint${scopeErrors?.length ? " game-key-scopes-errors" : ""}`}>
        <legend className="mb-1 font-semibold text-stone-100">Scopes</legend>
        <p id="game-key-scopes-hint" className="mb-2 text-sm text-stone-400">
          A key may call only what is ticked here: there is no default. Give each key only what its game server needs.
        </p>
        <ul className="space-y-2">
          {GAME_SCOPES.map((scope) => (
            <li key={scope}>
              <label htmlFor={`game-key-scope-${scope}`} className="flex min-h-11 items-start gap-3">
                <input
                  id={`game-key-scope-${scope}`}
                  type="checkbox"
                  className="mt-1 size-5 shrink-0 accent-gold"
                  checked={values.scopes.includes(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                  aria-invalid={scopeErrors?.length ? true : undefined}
                />
                <span>
                  <span className="font-mono font-bold text-stone-100">{scope}</span>
                  <span className="block text-sm text-stone-300">{GAME_SCOPE_HELP[scope]}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        <ErrorList id="game-key-scopes-errors" errors={scopeErrors} />
      </fieldset>
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <div className="flex justify-end">
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          {form.busy ? "Creating..." : "Create key"}
        </button>
      </div>
    </ClientForm>
  );
}

function RevokeForm({ row, onRevoked, onCancel }: { row: TStaffGameKey; onRevoked: (k: TStaffGameKey) => void; onCancel: () => void }) {
  const form = useApiForm<Record<string, never>, TStaffGameKey>({
    endpoint: endpoints.revokeGameKey,
    params: () => ({ id: row.id }),
    onSuccess: (k) => onRevoked(k as TStaffGameKey),
  });
  return (
    <ClientForm noValidate className="space-y-4" onSubmit={(e) => void form.submit({}, e)}>
      <p className="text-stone-300">
        Game servers using {row.prefix} get 401 from their next call. Deploy its replacement first if a server still needs it. This cannot be undone.
      </p>
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <FormActions busy={form.busy} onCancel={onCancel} submitLabel="Revoke key" busyLabel="Revoking..." />
    </ClientForm>
  );
}

/** Owners' game-server keys: the create form, the new key once, the list with revoke. */
export function GameKeys({ initial }: { initial: TStaffGameKey[] }) {
  const [keys, setKeys] = useState(initial);
  const [created, setCreated] = useState<TCreatedGameKey | null>(null);
  const [revoking, setRevoking] = useState<TStaffGameKey | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <div className="space-y-8">
      <section aria-labelledby="create-game-key" className="panel p-4 sm:p-6">
        <h2 id="create-game-key" className="mb-4 text-2xl text-gold">
          Create a key
        </h2>
        <CreateKeyForm
          onCreated={(c) => {
            setCreated(c);
            setMessage(null);
            setKeys((list) => [...list, c.gameKey]);
          }}
        />
        {created ? (
          <div className="mt-4">
            <NewKey key={created.gameKey.id} created={created} />
          </div>
        ) : null}
      </section>

      <section aria-labelledby="game-key-list">
        <h2 id="game-key-list" className="mb-3 text-2xl text-gold">
          Keys
        </h2>
        <LiveAlert tone="success">{message}</LiveAlert>
        {keys.length === 0 ? (
          <p className="text-stone-300">No keys yet. A game server needs one to log players in, hand out deliveries and push hiscores.</p>
        ) : (
          <ul className="space-y-3">
            {keys.map((k) => (
              <li key={k.id} className="panel flex flex-wrap items-start justify-between gap-3 p-4" data-testid="game-key-row">
                <div className="min-w-0 flex-1 basis-64 space-y-1">
                  <h3 className="text-lg font-bold break-words text-stone-100">
                    {k.name} <code className="text-base font-normal text-stone-300">{k.prefix}</code>
                  </h3>
                  <p className="text-sm text-stone-300">Scopes: {k.scopes.join(", ")}</p>
                  <p className="text-sm text-stone-300">
                    Created <LocalDateTime value={k.createdAt} />; last used {k.lastUsedAt ? <LocalDateTime value={k.lastUsedAt} /> : "never"}
                  </p>
                  {k.revokedAt ? (
                    <p className="text-sm">
                      <StaffBadge tone="bad">Revoked</StaffBadge> <LocalDateTime value={k.revokedAt} className="text-stone-300" />
                    </p>
                  ) : (
                    <StaffBadge tone="ok">Active</StaffBadge>
                  )}
                </div>
                {k.revokedAt ? null : (
                  <button type="button" className="btn btn-ember" onClick={() => setRevoking(k)}>
                    Revoke
                    <span className="sr-only">
                      {" "}
                      key {k.name} ({k.prefix})
                    </span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <Modal open={revoking !== null} onClose={() => setRevoking(null)} title={revoking ? `Revoke ${revoking.name}?` : ""}>
        {revoking ? (
          <RevokeForm
            key={revoking.id}
            row={revoking}
            onCancel={() => setRevoking(null)}
            onRevoked={(k) => {
              setKeys((list) => list.map((x) => (x.id === k.id ? k : x)));
              setRevoking(null);
              setMessage(`Revoked ${k.name} (${k.prefix}): calls with it now get 401.`);
            }}
          />
        ) : null}
      </Modal>
    </div>
  );
}
