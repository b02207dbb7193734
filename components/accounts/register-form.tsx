"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type ComponentProps, type FormEvent, useRef, useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { ErrorList, Field } from "@/components/ui/field";
import { CONFIRMATION_NOTICE, ZRegisterInput } from "@/lib/schemas/accounts";
import { fieldErrorsFrom } from "@/lib/schemas/api";
import { type FormErrors, RATE_LIMITED, SERVER_ERROR, callApi, focusFirstInvalid, readErrors } from "./api";
import { type CaptchaHandle, CaptchaField } from "./captcha-field";
import { NewPasswordField, isChecklistMessage } from "./password-checklist";

type CaptchaConfig = ComponentProps<typeof CaptchaField>["config"];

const EMPTY: FormErrors = { fields: {} };
const TERMS_REQUIRED = "You must agree to the Terms of Service, Privacy Policy and Rules.";

/** Spec §2 Register / §4 Registration: verify, create, then /welcome (201) or the email notice (200). */
export function RegisterForm({ captcha }: { captcha: CaptchaConfig }) {
  const router = useRouter();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [values, setValues] = useState({ username: "", email: "", password: "", password_confirmation: "" });
  const [terms, setTerms] = useState(false);
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(EMPTY);
  const [notice, setNotice] = useState<string | null>(null);

  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const fieldErrors = (name: string) => errors.fields[name];
  const passwordErrors = (errors.fields.password ?? []).filter((m) => !(values.password && isChecklistMessage(m)));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (loading) return;
    const parsed = ZRegisterInput.safeParse({ ...values, captchaToken: "pending" });
    const local = parsed.success ? {} : fieldErrorsFrom(parsed.error);
    if (!terms) local.terms = [TERMS_REQUIRED];
    if (Object.keys(local).length > 0) {
      setErrors({ fields: local });
      focusFirstInvalid(e.currentTarget);
      return;
    }

    setLoading(true);
    setErrors(EMPTY);
    setNotice(null);
    let captchaToken: string;
    try {
      captchaToken = (await captchaRef.current?.getToken()) ?? "";
    } catch {
      setErrors({ fields: {}, details: "Human verification failed. Please try again." });
      setLoading(false);
      return;
    }
    const res = await callApi("/api/v1/users", { body: { ...values, captchaToken } });
    if (res.status === 201) {
      router.push("/welcome");
      return;
    }
    setLoading(false);
    if (res.status === 200) {
      setNotice(typeof res.data.details === "string" ? res.data.details : CONFIRMATION_NOTICE);
      return;
    }
    if (res.status === 429) setErrors({ fields: {}, details: RATE_LIMITED });
    else if (res.status === 400) setErrors(readErrors(res.data));
    else setErrors({ fields: {}, details: readErrors(res.data).details ?? SERVER_ERROR });
  }

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
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={loading}>
      <LiveAlert tone="error">{errors.details}</LiveAlert>
      <Field id="register-username" name="username" label="Username" autoComplete="username" required maxLength={12} value={values.username} onChange={set("username")} errors={fieldErrors("username")} hint="1–12 letters, numbers, spaces, - or _. This is also your in-game name." />
      <Field id="register-email" name="email" type="email" label="Email" autoComplete="email" required value={values.email} onChange={set("email")} errors={fieldErrors("email")} />
      <NewPasswordField id="register-password" label="Password" value={values.password} onChange={(v) => setValues((prev) => ({ ...prev, password: v }))} errors={passwordErrors} />
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
    </form>
  );
}
