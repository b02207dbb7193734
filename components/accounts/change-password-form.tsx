"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { PASSWORD_CHANGED } from "@/lib/schemas/accounts";
import { type FormErrors, callApi, errorText, focusFirstInvalid, missingFields, readErrors } from "./api";

const EMPTY_VALUES = { password: "", newPassword: "", newPasswordConfirmation: "" };
/** Spec §4/§9: the success and error messages clear after 5 seconds. */
const MESSAGE_MS = 5_000;

export function ChangePasswordForm() {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY_VALUES);
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<FormErrors["fields"]>({});
  const [banner, setBanner] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  useEffect(() => {
    if (!banner) return;
    const t = setTimeout(() => setBanner(null), MESSAGE_MS);
    return () => clearTimeout(t);
  }, [banner]);

  const set = (name: keyof typeof EMPTY_VALUES) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const local = missingFields(values);
    if (Object.keys(local).length) {
      setFields(local);
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setFields({});
    setBanner(null);
    const res = await callApi<{ success?: string }>("/api/v1/change-password", { body: values });
    setBusy(false);
    if (res.ok) {
      setValues(EMPTY_VALUES);
      setBanner({ tone: "success", text: typeof res.data.success === "string" ? res.data.success : PASSWORD_CHANGED });
      // The server signs out the other sessions: reload the list.
      router.refresh();
      return;
    }
    const errs = readErrors(res.data);
    setFields(errs.fields);
    const firstFieldError = Object.values(errs.fields)[0]?.[0];
    setBanner({ tone: "error", text: res.status === 400 && !errs.details && firstFieldError ? firstFieldError : errorText(res) });
    focusFirstInvalid(formRef.current);
  }

  return (
    <Panel aria-labelledby="change-password-heading">
      <h2 id="change-password-heading" className="text-2xl text-gold">
        Change Password
      </h2>
      <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-4 space-y-4" aria-busy={busy}>
        <Field id="cp-password" name="password" type="password" label="Current Password" autoComplete="current-password" required value={values.password} onChange={set("password")} errors={fields.password} />
        <Field id="cp-new-password" name="newPassword" type="password" label="New Password" autoComplete="new-password" required value={values.newPassword} onChange={set("newPassword")} errors={fields.newPassword} />
        <Field
          id="cp-new-password-confirmation"
          name="newPasswordConfirmation"
          type="password"
          label="Confirm New Password"
          autoComplete="new-password"
          required
          value={values.newPasswordConfirmation}
          onChange={set("newPasswordConfirmation")}
          errors={fields.newPasswordConfirmation ?? fields.new_password_confirmation}
        />
        <LiveAlert tone={banner?.tone ?? "info"}>{banner?.text}</LiveAlert>
        <button type="submit" className="btn btn-gold" disabled={busy}>
          {busy ? "Loading..." : "Change Password"}
        </button>
      </form>
      <p className="mt-4 text-sm text-stone-300">
        Forgot your current password? <Link href="/account/change-password">Get a reset link by email</Link>.
      </p>
    </Panel>
  );
}
