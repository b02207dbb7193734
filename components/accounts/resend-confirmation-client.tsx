"use client";

import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { CONFIRMATION_RESENT } from "@/lib/messages/accounts";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";

/** Shown when login says the email is not confirmed yet: sends a fresh link. */
export function ResendConfirmation({ username }: { username: string }) {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState(false);
  const form = useApiForm<{ username: string; email: string }>({
    endpoint: endpoints.resendConfirmation,
    required: ["email"],
    fields: ["email"],
    onSuccess: () => setSent(true),
  });
  const message = form.formError ? { tone: "error" as const, text: form.formError } : sent ? { tone: "success" as const, text: CONFIRMATION_RESENT } : null;

  return (
    <ClientForm
      onSubmit={(e) => {
        // Rendered beside the login form: its submit must not reach the login handler.
        e.stopPropagation();
        setSent(false);
        return form.submit({ username, email }, e);
      }}
      noValidate
      className="space-y-3 rounded border border-stone-700 bg-stone-850 p-4"
      aria-label="Resend confirmation email"
      aria-busy={form.busy}
    >
      <p className="text-sm text-stone-300">Lost the email? Enter the address you registered with and we will send a new link.</p>
      <Field
        id="resend-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        value={email}
        onChange={(ev) => setEmail(ev.target.value)}
        errors={form.fieldErrors.email}
      />
      <button type="submit" className="btn btn-stone w-full" disabled={form.busy}>
        {form.busy ? "Sending..." : "Resend confirmation email"}
      </button>
      {message ? <LiveAlert tone={message.tone}>{message.text}</LiveAlert> : null}
    </ClientForm>
  );
}
