"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type ComponentProps, useRef, useState } from "react";
import { FormError, useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { ErrorList, Field } from "@/components/ui/field";
import { CONFIRMATION_NOTICE } from "@/lib/messages/accounts";
import { registrationProblems } from "@/lib/registration-rules";
import { type CaptchaHandle, CaptchaField } from "./captcha-field-client";
import { NewPasswordField, isChecklistMessage } from "./password-checklist";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";

type CaptchaConfig = ComponentProps<typeof CaptchaField>["config"];

const TERMS_REQUIRED = "You must agree to the Terms of Service, Privacy Policy and Rules.";
const CAPTCHA_FAILED = "Human verification failed. Please try again.";

/** docs/product.md §2 Register / §4 Registration: verify, create, then /welcome (201) or the email notice (200). */
export function RegisterForm({ captcha }: { captcha: CaptchaConfig }) {
  const router = useRouter();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [values, setValues] = useState({ username: "", email: "", password: "", password_confirmation: "" });
  const [terms, setTerms] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useApiForm<typeof values, { details?: string }>({
    endpoint: endpoints.register,
    fields: ["username", "email", "password", "password_confirmation", "captchaToken"],
    // The server's rules and messages (without zod); the captcha is solved only after they pass.
    validate: (v) => {
      const fieldErrors = registrationProblems(v);
      if (!terms) fieldErrors.terms = [TERMS_REQUIRED];
      return Object.keys(fieldErrors).length ? { fieldErrors } : null;
    },
    prepare: async (v) => {
      let captchaToken: string;
      try {
        captchaToken = (await captchaRef.current?.getToken()) ?? "";
      } catch {
        throw new FormError(CAPTCHA_FAILED);
      }
      return { ...v, captchaToken };
    },
    onSuccess: (data, { res, stayBusy }) => {
      if (res.status === 201) {
        stayBusy();
        router.push("/welcome");
      } else setNotice(typeof data.details === "string" ? data.details : CONFIRMATION_NOTICE);
    },
  });
  const loading = form.busy;

  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const fieldErrors = (name: string) => form.fieldErrors[name];
  const passwordErrors = (form.fieldErrors.password ?? []).filter((m) => !(values.password && isChecklistMessage(m)));

  if (notice) {
    return (
      <div className="space-y-4">
        <LiveAlert tone="success">{notice}</LiveAlert>
        <p>
          Already confirmed? <Link href="/login">Log in</Link>
        </p>
      </div>
    );
  }

  return (
    <ClientForm noValidate onSubmit={(e) => form.submit(values, e)} className="space-y-4" aria-busy={loading}>
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <Field
        id="register-username"
        name="username"
        label="Username"
        autoComplete="username"
        required
        maxLength={12}
        value={values.username}
        onChange={set("username")}
        errors={fieldErrors("username")}
        hint="1–12 letters, numbers, spaces, - or _. This is also your in-game name."
      />
      <Field
        id="register-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        value={values.email}
        onChange={set("email")}
        errors={fieldErrors("email")}
      />
      <NewPasswordField
        id="register-password"
        label="Password"
        value={values.password}
        onChange={(v) => setValues((prev) => ({ ...prev, password: v }))}
        errors={passwordErrors}
      />
      <Field
        id="register-password-confirmation"
        name="password_confirmation"
        type="password"
        label="Confirm Password"
        autoComplete="new-password"
        required
        value={values.password_confirmation}
        onChange={set("password_confirmation")}
        errors={fieldErrors("password_confirmation")}
      />
      <div>
        <div className="flex items-start gap-3">
          <input
            id="register-terms"
            name="terms"
            type="checkbox"
            required
            checked={terms}
            onChange={(e) => setTerms(e.target.checked)}
            aria-invalid={!!fieldErrors("terms") || undefined}
            aria-describedby={fieldErrors("terms") ? "register-terms-errors" : undefined}
            className="mt-1 size-5 shrink-0 accent-gold"
          />
          <label htmlFor="register-terms" className="text-stone-200">
            I agree to the <Link href="/terms">Terms of Service</Link>, <Link href="/privacy">Privacy Policy</Link> and <Link href="/rules">Rules</Link>.
          </label>
        </div>
        <ErrorList id="register-terms-errors" errors={fieldErrors("terms")} />
      </div>
      <CaptchaField ref={captchaRef} config={captcha} onToken={() => {}} />
      <ErrorList id="register-captcha-errors" errors={fieldErrors("captchaToken")} />
      <button type="submit" className="btn btn-gold w-full" disabled={loading}>
        {loading ? "Loading..." : "Create Account"}
      </button>
      <p className="text-center text-stone-300">
        Already have an account? <Link href="/login">Log in</Link>
      </p>
    </ClientForm>
  );
}
