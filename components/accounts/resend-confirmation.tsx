"use client";

import { type FormEvent, useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { CONFIRMATION_RESENT } from "@/lib/schemas/accounts";
import { callApi, errorText, readErrors } from "./api";

/** Shown when login says the email is not confirmed yet: sends a fresh link. */
export function ResendConfirmation({ username }: { username: string }) {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<string[] | undefined>();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    e.stopPropagation();
    if (busy) return;
    setBusy(true);
    setMessage(null);
    setFieldErrors(undefined);
    const res = await callApi("/api/v1/users/confirm/resend", { body: { username, email } });
    setBusy(false);
    if (res.status === 200) setMessage({ tone: "success", text: CONFIRMATION_RESENT });
    else {
      setFieldErrors(readErrors(res.data).fields.email);
      setMessage({ tone: "error", text: errorText(res) });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded border border-stone-700 bg-stone-850 p-4" aria-label="Resend confirmation email">
      <p className="text-sm text-stone-300">Lost the email? Enter the address you registered with and we will send a new link.</p>
      <Field id="resend-email" name="email" type="email" label="Email" autoComplete="email" required value={email} onChange={(ev) => setEmail(ev.target.value)} errors={fieldErrors} />
      <button type="submit" className="btn btn-stone w-full" disabled={busy}>
        {busy ? "Sending..." : "Resend confirmation email"}
      </button>
      {message ? <LiveAlert tone={message.tone}>{message.text}</LiveAlert> : null}
    </form>
  );
}
