"use client";

import Link from "next/link";
import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { BAN_MESSAGE_START } from "@/lib/bans";
import { safeReturnPath } from "@/lib/safe-path";
import { EMAIL_UNCONFIRMED, TWO_FACTOR_REQUIRED } from "@/lib/messages/accounts";
import { siteConfig } from "@/lib/site-config";
import { ResendConfirmation } from "./resend-confirmation-client";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";

const focusCode = () => requestAnimationFrame(() => document.getElementById("login-code")?.focus());

/** docs/product.md §2 Login, with the second step docs/accounts.md adds when two-factor is active. */
export function LoginForm({ next }: { next: string }) {
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [step, setStep] = useState<"credentials" | "code">("credentials");
  const [useRecovery, setUseRecovery] = useState(false);
  const form = useApiForm<{ username: string; password: string; code?: string }, { two_factor_required?: boolean }>({
    endpoint: endpoints.login,
    required: step === "credentials" ? ["username", "password"] : ["code"],
    fields: ["username", "password", "code"],
    onSuccess: (data, { stayBusy }) => {
      if (data.two_factor_required) {
        setStep("code");
        setCode("");
        focusCode();
        return;
      }
      stayBusy();
      // A whole page load, not a client navigation: the router may hold the page from before
      // the login (a signed-in shell such as /vote was prefetched as a redirect to here), and
      // the page then arrives with its own security policy.
      window.location.assign(safeReturnPath(next));
    },
    onFailure: ({ fieldErrors }) => {
      // Wrong password on the code step: start again from the first step.
      if (step === "code" && (fieldErrors.username || fieldErrors.password)) setStep("credentials");
    },
  });
  const { busy: loading, fieldErrors } = form;

  const startOver = () => {
    setStep("credentials");
    setCode("");
    setUseRecovery(false);
    form.reset();
  };

  return (
    <div className="space-y-6">
      <ClientForm
        noValidate
        onSubmit={(e) => form.submit(step === "code" ? { username, password, code: code.trim() } : { username, password }, e)}
        className="space-y-4"
        aria-busy={loading}
      >
        <LiveAlert tone="error">{form.formError}</LiveAlert>
        {step === "credentials" ? (
          <>
            <Field
              id="login-username"
              name="username"
              label="Username"
              autoComplete="username"
              required
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              errors={fieldErrors.username}
            />
            <Field
              id="login-password"
              name="password"
              type="password"
              label="Password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              errors={fieldErrors.password}
            />
            <button type="submit" className="btn btn-gold w-full" disabled={loading}>
              {loading ? "Loading..." : "Login"}
            </button>
          </>
        ) : (
          <fieldset className="space-y-4">
            <legend className="mb-2 text-xl text-gold">Two-factor authentication</legend>
            <p className="text-stone-300">
              {useRecovery
                ? "Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once."
                : TWO_FACTOR_REQUIRED}
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
                errors={fieldErrors.code}
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
                errors={fieldErrors.code}
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
                  form.reset();
                  focusCode();
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
      </ClientForm>
      {step === "credentials" && form.formError === EMAIL_UNCONFIRMED ? <ResendConfirmation username={username} /> : null}
      {form.formError?.startsWith(BAN_MESSAGE_START) ? (
        <p className="text-center text-stone-300">
          Think this is a mistake? <Link href="/appeal?type=BAN_APPEAL">Appeal the ban</Link>: no sign-in needed.
        </p>
      ) : null}
    </div>
  );
}
