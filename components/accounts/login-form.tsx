"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useRef, useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { EMAIL_UNCONFIRMED, TWO_FACTOR_REQUIRED } from "@/lib/schemas/accounts";
import { siteConfig } from "@/lib/site-config";
import { type FormErrors, RATE_LIMITED, SERVER_ERROR, callApi, focusFirstInvalid, missingFields, readErrors, safeNextPath } from "./api";
import { ResendConfirmation } from "./resend-confirmation";

const EMPTY: FormErrors = { fields: {} };

/** Spec §2 Login, with the second step DESIGN.md §5 adds when two-factor is active. */
export function LoginForm({ next }: { next: string }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [step, setStep] = useState<"credentials" | "code">("credentials");
  const [useRecovery, setUseRecovery] = useState(false);
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(EMPTY);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (loading) return;
    const local = missingFields(step === "credentials" ? { username, password } : { code });
    if (Object.keys(local).length > 0) {
      setErrors({ fields: local });
      focusFirstInvalid(formRef.current);
      return;
    }

    setLoading(true);
    setErrors(EMPTY);
    const body = step === "code" ? { username, password, code: code.trim() } : { username, password };
    const res = await callApi<{ two_factor_required?: boolean }>("/api/v1/login", { body });
    if (res.status === 200 && res.data.two_factor_required) {
      setLoading(false);
      setStep("code");
      setCode("");
      requestAnimationFrame(() => document.getElementById("login-code")?.focus());
      return;
    }
    if (res.status === 200) {
      router.replace(safeNextPath(next));
      router.refresh();
      return;
    }
    setLoading(false);
    if (res.status === 429) setErrors({ fields: {}, details: RATE_LIMITED });
    else if (res.status === 400 || res.status === 403) {
      const errs = readErrors(res.data);
      setErrors(errs.details || Object.keys(errs.fields).length ? errs : { fields: {}, details: SERVER_ERROR });
      // Wrong password on the code step: start again from the first step.
      if (step === "code" && (errs.fields.username || errs.fields.password)) setStep("credentials");
    } else setErrors({ fields: {}, details: readErrors(res.data).details ?? SERVER_ERROR });
    focusFirstInvalid(formRef.current);
  }

  const startOver = () => {
    setStep("credentials");
    setCode("");
    setUseRecovery(false);
    setErrors(EMPTY);
  };

  return (
    <div className="space-y-6">
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={loading}>
      <LiveAlert tone="error">{errors.details}</LiveAlert>
      {step === "credentials" ? (
        <>
          <Field id="login-username" name="username" label="Username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} errors={errors.fields.username} />
          <Field id="login-password" name="password" type="password" label="Password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} errors={errors.fields.password} />
          <button type="submit" className="btn btn-gold w-full" disabled={loading}>
            {loading ? "Loading..." : "Login"}
          </button>
        </>
      ) : (
        <fieldset className="space-y-4">
          <legend className="mb-2 text-xl text-gold">Two-factor authentication</legend>
          <p className="text-stone-300">
            {useRecovery ? "Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once." : TWO_FACTOR_REQUIRED}
          </p>
          {useRecovery ? (
            <Field
              key="recovery"
              id="login-code"
              name="code"
              label="Recovery code"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={32}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              errors={errors.fields.code}
            />
          ) : (
            <Field
              key="totp"
              id="login-code"
              name="code"
              label="Authentication code"
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9]*"
              required
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
              errors={errors.fields.code}
            />
          )}
          <button type="submit" className="btn btn-gold w-full" disabled={loading}>
            {loading ? "Loading..." : "Verify"}
          </button>
          <div className="flex flex-wrap justify-between gap-2">
            <button
              type="button"
              className="min-h-11 text-gold underline-offset-2 hover:text-gold-bright hover:underline"
              onClick={() => {
                setUseRecovery((v) => !v);
                setCode("");
                setErrors(EMPTY);
                requestAnimationFrame(() => document.getElementById("login-code")?.focus());
              }}
            >
              {useRecovery ? "Use your authenticator app instead" : "Use a recovery code"}
            </button>
            <button type="button" className="min-h-11 text-stone-300 underline-offset-2 hover:text-stone-100 hover:underline" onClick={startOver}>
              Start over
            </button>
          </div>
        </fieldset>
      )}
      <ul className="space-y-2 border-t border-stone-700 pt-4 text-center">
        <li>
          <Link href="/register">Create an Account</Link>
        </li>
        <li>
          <Link href="/account/request-password-reset">Reset your password</Link>
        </li>
        <li>
          Need help?{" "}
          <a href={siteConfig.chatInviteUrl} target="_blank" rel="noopener noreferrer">
            Join Discord
          </a>
        </li>
      </ul>
    </form>
    {step === "credentials" && errors.details === EMAIL_UNCONFIRMED ? <ResendConfirmation username={username} /> : null}
    </div>
  );
}
