"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { PASSWORD_CHANGED } from "@/lib/messages/accounts";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";

const EMPTY_VALUES = { password: "", newPassword: "", newPasswordConfirmation: "" };
/** docs/product.md §4/§9: the success and error messages clear after 5 seconds. */
const MESSAGE_MS = 5_000;

/** `onChanged`: after a change (the server has signed out the other sessions), e.g. reload the sessions list. */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const [values, setValues] = useState(EMPTY_VALUES);
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm<typeof EMPTY_VALUES, { success?: string }>({
    endpoint: endpoints.changePassword,
    required: ["password", "newPassword", "newPasswordConfirmation"],
    fields: ["password", "newPassword", "newPasswordConfirmation"],
    aliases: { new_password_confirmation: "newPasswordConfirmation" },
    onSuccess: (data) => {
      setValues(EMPTY_VALUES);
      setDone(typeof data.success === "string" ? data.success : PASSWORD_CHANGED);
      // The server signs out the other sessions: the page reloads its list.
      onChanged?.();
    },
  });
  const { busy, fieldErrors: fields, formError, clearFormError } = form;
  const banner = formError ? { tone: "error" as const, text: formError } : done ? { tone: "success" as const, text: done } : null;

  useEffect(() => {
    if (!formError && !done) return;
    const t = setTimeout(() => {
      setDone(null);
      clearFormError();
    }, MESSAGE_MS);
    return () => clearTimeout(t);
  }, [formError, done, clearFormError]);

  const set = (name: keyof typeof EMPTY_VALUES) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  return (
    <Panel aria-labelledby="change-password-heading">
      <h2 id="change-password-heading" className="text-2xl text-gold">
        Change Password
      </h2>
      <ClientForm
        noValidate
        onSubmit={(e) => {
          setDone(null);
          return form.submit(values, e);
        }}
        className="mt-4 space-y-4"
        aria-busy={busy}
      >
        <Field
          id="cp-password"
          name="password"
          type="password"
          label="Current Password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={set("password")}
          errors={fields.password}
        />
        <Field
          id="cp-new-password"
          name="newPassword"
          type="password"
          label="New Password"
          autoComplete="new-password"
          required
          value={values.newPassword}
          onChange={set("newPassword")}
          errors={fields.newPassword}
        />
        <Field
          id="cp-new-password-confirmation"
          name="newPasswordConfirmation"
          type="password"
          label="Confirm New Password"
          autoComplete="new-password"
          required
          value={values.newPasswordConfirmation}
          onChange={set("newPasswordConfirmation")}
          errors={fields.newPasswordConfirmation}
        />
        <LiveAlert tone={banner?.tone ?? "info"}>{banner?.text}</LiveAlert>
        <button type="submit" className="btn btn-gold" disabled={busy}>
          {busy ? "Loading..." : "Change Password"}
        </button>
      </ClientForm>
      <p className="mt-4 text-sm text-stone-300">
        Forgot your current password? <Link href="/account/change-password">Get a reset link by email</Link>.
      </p>
    </Panel>
  );
}
