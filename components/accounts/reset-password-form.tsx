"use client";

import Link from "next/link";
import { type FormEvent, useRef, useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { RESET_DONE } from "@/lib/schemas/accounts";
import { type FormErrors, RATE_LIMITED, SERVER_ERROR, callApi, focusFirstInvalid, missingFields, readErrors } from "./api";
import { NewPasswordField } from "./password-checklist";


/** Spec §2 Reset your password: success on 201; errors under password, password_confirmation and details. */
export function ResetPasswordForm({ uid, token }: { uid: string; token: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<FormErrors>({ fields: {} });
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (loading) return;
    const local = missingFields({ password, password_confirmation: confirmation });
    if (Object.keys(local).length) {
      setErrors({ fields: local });
      focusFirstInvalid(formRef.current);
      return;
    }
    setLoading(true);
    setErrors({ fields: {} });
    const res = await callApi<{ details?: string }>("/api/v1/reset-password", { body: { uid, token, password, passwordConfirmation: confirmation } });
    setLoading(false);
    if (res.status === 201) {
      setDone(typeof res.data.details === "string" ? res.data.details : RESET_DONE);
      return;
    }
    if (res.status === 429) setErrors({ fields: {}, details: RATE_LIMITED });
    else {
      const errs = readErrors(res.data);
      // The confirmation's errors may come under either spelling.
      const { passwordConfirmation, uid: uidErrors, token: tokenErrors, ...rest } = errs.fields;
      const fields = passwordConfirmation ? { ...rest, password_confirmation: [...(rest.password_confirmation ?? []), ...passwordConfirmation] } : rest;
      // uid and token are not fields the person can fix: a bad link is reported on its own.
      const linkErrors = [...new Set([...(uidErrors ?? []), ...(tokenErrors ?? [])])];
      const hasFieldErrors = Object.keys(fields).length > 0;
      setErrors({ fields, details: linkErrors.length ? linkErrors.join(" ") : (errs.details ?? (hasFieldErrors ? undefined : SERVER_ERROR)) });
    }
    focusFirstInvalid(formRef.current);
  }

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
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={loading}>
      <LiveAlert tone="error">
        {errors.details ? (
          <>
            {errors.details}
            {/link/i.test(errors.details) ? (
              <>
                {" "}
                <Link href="/account/request-password-reset">Request a new link</Link>.
              </>
            ) : null}
          </>
        ) : null}
      </LiveAlert>
      <NewPasswordField id="reset-password" label="New Password" value={password} onChange={setPassword} errors={errors.fields.password} />
      <Field
        id="reset-password-confirmation"
        name="password_confirmation"
        type="password"
        label="Confirm New Password"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
        errors={errors.fields.password_confirmation}
      />
      <button type="submit" className="btn btn-gold w-full" disabled={loading}>
        {loading ? "Loading..." : "Reset Password"}
      </button>
    </form>
  );
}
