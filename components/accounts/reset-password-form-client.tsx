"use client";

import Link from "next/link";
import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { RESET_DONE } from "@/lib/messages/accounts";
import { NewPasswordField } from "./password-checklist";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";

/** docs/product.md §2 Reset your password: success on 201; errors under password, password_confirmation and details. */
export function ResetPasswordForm({ uid, token }: { uid: string; token: string }) {
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm<{ password: string; password_confirmation: string }, { details?: string }>({
    endpoint: endpoints.resetPassword,
    required: ["password", "password_confirmation"],
    prepare: (v) => ({ uid, token, password: v.password, passwordConfirmation: v.password_confirmation }),
    // The body spells the confirmation in camelCase; uid and token are not fields the person
    // can fix, so their errors (a bad link) become the form's message.
    fields: ["password", "password_confirmation"],
    aliases: { passwordConfirmation: "password_confirmation" },
    onSuccess: (data) => setDone(typeof data.details === "string" ? data.details : RESET_DONE),
  });
  const { busy: loading, fieldErrors, formError } = form;

  if (done) {
    return (
      <div className="space-y-4">
        <LiveAlert tone="success">{done}</LiveAlert>
        <Link href="/login" className="btn btn-gold w-full">
          Login
        </Link>
      </div>
    );
  }

  return (
    <ClientForm noValidate onSubmit={(e) => form.submit({ password, password_confirmation: confirmation }, e)} className="space-y-4" aria-busy={loading}>
      <LiveAlert tone="error">
        {formError ? (
          <>
            {formError}
            {/link/i.test(formError) ? (
              <>
                {" "}
                <Link href="/account/request-password-reset">Request a new link</Link>.
              </>
            ) : null}
          </>
        ) : null}
      </LiveAlert>
      <NewPasswordField id="reset-password" label="New Password" value={password} onChange={setPassword} errors={fieldErrors.password} />
      <Field
        id="reset-password-confirmation"
        name="password_confirmation"
        type="password"
        label="Confirm New Password"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
        errors={fieldErrors.password_confirmation}
      />
      <button type="submit" className="btn btn-gold w-full" disabled={loading}>
        {loading ? "Loading..." : "Reset Password"}
      </button>
    </ClientForm>
  );
}
