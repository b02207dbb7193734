"use client";

import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { Panel } from "@/components/ui/panel";
import type { TTwoFactorStatus } from "@/lib/schemas/accounts";
import { callApi, errorText } from "./api";

const CODE_HINT = "Please enter your current 6-digit code here before activating!";
type Dialog = null | "activate" | "deactivate";

/** Spec §2 Account / §4 Two-factor: status card with Activate or Deactivate, each in a modal. */
export function TwoFactorCard({ initialActivated }: { initialActivated: boolean }) {
  const [activated, setActivated] = useState(initialActivated);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [setup, setSetup] = useState<TTwoFactorStatus | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const loadStatus = useCallback(async (): Promise<TTwoFactorStatus | null> => {
    const res = await callApi<TTwoFactorStatus>("/api/v1/2fa/status");
    if (!res.ok) return null;
    setActivated(res.data.activated);
    return res.data;
  }, []);

  const open = async (which: Exclude<Dialog, null>) => {
    setCode("");
    setError(null);
    setMessage(null);
    setRecoveryCodes(null);
    setSetup(null);
    setDialog(which);
    if (which === "activate") {
      const status = await loadStatus();
      if (!status) setError("Could not load your authenticator setup. Please try again.");
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
    setError(null);
    setRecoveryCodes(null);
  }, []);

  async function activate(e: FormEvent) {
    e.preventDefault();
    if (busy || code.length !== 6) return;
    setBusy(true);
    setError(null);
    const res = await callApi<{ success?: boolean; recovery_codes?: string[] }>("/api/v1/2fa/activate", { body: { code } });
    setBusy(false);
    if (!res.ok) {
      setError(errorText(res));
      return;
    }
    setRecoveryCodes(Array.isArray(res.data.recovery_codes) ? res.data.recovery_codes : []);
    setMessage("Two-factor authentication is now active.");
    await loadStatus();
  }

  async function deactivate(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setError("Please enter your current 6-digit code.");
      return;
    }
    setBusy(true);
    setError(null);
    const res = await callApi("/api/v1/2fa/deactivate", { body: { code: code.trim() } });
    setBusy(false);
    if (!res.ok) {
      setError(errorText(res));
      return;
    }
    close();
    setMessage("Two-factor authentication has been turned off.");
    await loadStatus();
  }

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
            <LiveAlert tone="error">{error}</LiveAlert>
            {!error ? <p>Loading...</p> : null}
          </>
        ) : (
          <form onSubmit={activate} noValidate className="space-y-4">
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
                <code aria-labelledby="twofactor-secret-label" data-testid="twofactor-secret" className="inline-block rounded bg-stone-950 px-2 py-1 font-mono text-lg tracking-wider break-all text-gold-bright">
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
            <LiveAlert tone="error">{error}</LiveAlert>
            <button type="submit" className="btn btn-gold w-full" disabled={busy || code.length !== 6}>
              {busy ? "Loading..." : "Activate"}
            </button>
          </form>
        )}
      </Modal>

      <Modal open={dialog === "deactivate"} onClose={close} title="Deactivate two-factor authentication">
        <form onSubmit={deactivate} noValidate className="space-y-4">
          <p className="text-stone-300">Enter the current code from your authenticator app to turn two-factor authentication off.</p>
          <Field id="twofactor-deactivate-code" data-autofocus name="code" label="Authentication code" autoComplete="one-time-code" inputMode="numeric" required maxLength={32} value={code} onChange={(e) => setCode(e.target.value)} />
          <LiveAlert tone="error">{error}</LiveAlert>
          <button type="submit" className="btn btn-ember w-full" disabled={busy}>
            {busy ? "Loading..." : "Deactivate"}
          </button>
        </form>
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
        If you lose your authenticator, each of these codes lets you log in once instead of a 6-digit code. Store them somewhere safe: they will not be shown again.
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
