"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal-client";
import { Panel } from "@/components/ui/panel";
import { api } from "@/lib/client/api";
import type { TTwoFactorStatus } from "@/lib/schemas/accounts";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";

const CODE_HINT = "Please enter your current 6-digit code here before activating!";
type Dialog = null | "activate" | "deactivate";

/** docs/product.md §2 Account / §4 Two-factor: status card with Activate or Deactivate, each in a modal. */
export function TwoFactorCard({ initialActivated }: { initialActivated: boolean }) {
  const [activated, setActivated] = useState(initialActivated);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [setup, setSetup] = useState<TTwoFactorStatus | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const loadStatus = useCallback(async (): Promise<TTwoFactorStatus | null> => {
    const res = await api(endpoints.twoFactorStatus, {});
    if (!res.ok) return null;
    setActivated(res.data.activated);
    return res.data;
  }, []);

  // docs/product.md §5: Activate stays disabled until the code has 6 digits (Enter is ignored too).
  const activation = useApiForm<{ code: string }, { recovery_codes?: string[] }>({
    endpoint: endpoints.twoFactorActivate,
    validate: (v) => (v.code.length !== 6 ? { fieldErrors: {} } : null),
    onSuccess: async (data) => {
      setRecoveryCodes(Array.isArray(data.recovery_codes) ? data.recovery_codes : []);
      setMessage("Two-factor authentication is now active.");
      await loadStatus();
    },
  });
  // docs/product.md §5: deactivation needs a code, its length is not checked here.
  const deactivation = useApiForm<{ code: string }>({
    endpoint: endpoints.twoFactorDeactivate,
    validate: (v) => (v.code ? null : { fieldErrors: {}, formError: "Please enter your current 6-digit code." }),
    onSuccess: async () => {
      setDialog(null);
      setCode("");
      setMessage("Two-factor authentication has been turned off.");
      await loadStatus();
    },
  });
  const busy = activation.busy || deactivation.busy;
  const { reset: resetActivation } = activation;
  const { reset: resetDeactivation } = deactivation;

  const open = async (which: Exclude<Dialog, null>) => {
    setCode("");
    resetActivation();
    resetDeactivation();
    setLoadError(null);
    setMessage(null);
    setRecoveryCodes(null);
    setSetup(null);
    setDialog(which);
    if (which === "activate") {
      const status = await loadStatus();
      if (!status) setLoadError("Could not load your authenticator setup. Please try again.");
      else if (status.activated) setDialog(null);
      else {
        setSetup(status);
        requestAnimationFrame(() => document.getElementById("twofactor-activate-code")?.focus());
      }
    }
  };

  const close = useCallback(() => {
    setDialog(null);
    setCode("");
    resetActivation();
    resetDeactivation();
    setLoadError(null);
    setRecoveryCodes(null);
  }, [resetActivation, resetDeactivation]);

  return (
    <Panel aria-labelledby="twofactor-heading">
      <h2 id="twofactor-heading" className="text-2xl text-gold">
        Authenticator
      </h2>
      <p className="mt-2 text-stone-300">Protect your account with a 6-digit code from an authenticator app each time you log in.</p>
      <p className="mt-3 flex items-center gap-2">
        <span className="text-stone-400">Status:</span>
        <span className={`rounded px-2 py-0.5 text-sm font-bold ${activated ? "bg-moss/25 text-emerald-200" : "bg-stone-800 text-stone-200"}`}>
          <span aria-hidden="true">{activated ? "✓ " : "○ "}</span>
          <span data-testid="twofactor-status">{activated ? "Active" : "Not active"}</span>
        </span>
      </p>
      <LiveAlert tone="success" className="mt-3">
        {message}
      </LiveAlert>
      <div className="mt-4">
        {activated ? (
          <button type="button" className="btn btn-stone" onClick={() => open("deactivate")}>
            Deactivate
          </button>
        ) : (
          <button type="button" className="btn btn-gold" onClick={() => open("activate")}>
            Activate
          </button>
        )}
      </div>

      <Modal open={dialog === "activate"} onClose={close} title={recoveryCodes ? "Save your recovery codes" : "Activate two-factor authentication"}>
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes} onDone={close} />
        ) : !setup ? (
          <>
            <LiveAlert tone="error">{loadError}</LiveAlert>
            {!loadError ? <p>Loading...</p> : null}
          </>
        ) : (
          <ClientForm onSubmit={(e) => activation.submit({ code }, e)} noValidate className="space-y-4" aria-busy={activation.busy}>
            <ol className="list-decimal space-y-1 pl-5 text-stone-300">
              <li>Scan this QR code with your authenticator app, or type the setup key into it.</li>
              <li>Enter the 6-digit code the app shows.</li>
            </ol>
            {setup.qr_code ? (
              // A data: URL generated by the server; next/image adds nothing for it.
              // eslint-disable-next-line @next/next/no-img-element
              <img src={setup.qr_code} alt="QR code to scan with your authenticator app" width={200} height={200} className="mx-auto rounded bg-white p-2" />
            ) : null}
            {setup.secret ? (
              <p className="text-center">
                <span className="block text-sm text-stone-400" id="twofactor-secret-label">
                  Setup key
                </span>
                <code
                  aria-labelledby="twofactor-secret-label"
                  data-testid="twofactor-secret"
                  className="inline-block rounded bg-stone-950 px-2 py-1 font-mono text-lg tracking-wider break-all text-gold-bright"
                >
                  {setup.secret.match(/.{1,4}/g)?.join(" ")}
                </code>
              </p>
            ) : null}
            <Field
              id="twofactor-activate-code"
              name="code"
              label="6-digit code"
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={6}
              required
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
              hint={code.length !== 6 ? CODE_HINT : undefined}
            />
            <LiveAlert tone="error">{activation.formError}</LiveAlert>
            <button type="submit" className="btn btn-gold w-full" disabled={busy || code.length !== 6}>
              {busy ? "Loading..." : "Activate"}
            </button>
          </ClientForm>
        )}
      </Modal>

      <Modal open={dialog === "deactivate"} onClose={close} title="Deactivate two-factor authentication">
        <ClientForm onSubmit={(e) => deactivation.submit({ code: code.trim() }, e)} noValidate className="space-y-4" aria-busy={deactivation.busy}>
          <p className="text-stone-300">Enter the current code from your authenticator app to turn two-factor authentication off.</p>
          <Field
            id="twofactor-deactivate-code"
            data-autofocus
            name="code"
            label="Authentication code"
            autoComplete="one-time-code"
            inputMode="numeric"
            required
            maxLength={32}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <LiveAlert tone="error">{deactivation.formError}</LiveAlert>
          <button type="submit" className="btn btn-ember w-full" disabled={busy}>
            {busy ? "Loading..." : "Deactivate"}
          </button>
        </ClientForm>
      </Modal>
    </Panel>
  );
}

/** The ten single-use recovery codes, shown once right after activation. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // The activation form just unmounted: put focus on the new content so it is read out.
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} className="space-y-4 outline-none">
      <LiveAlert tone="success">Two-factor authentication is now active.</LiveAlert>
      <p className="text-stone-300">
        If you lose your authenticator, each of these codes lets you log in once instead of a 6-digit code. Store them somewhere safe: they will not be shown
        again.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded bg-stone-950 p-3 font-mono text-stone-100">
        {codes.map((c) => (
          <li key={c} className="text-center">
            {c}
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-gold w-full" onClick={onDone}>
        I have saved these codes
      </button>
    </div>
  );
}
