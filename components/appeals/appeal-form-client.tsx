"use client";

import { type ComponentProps, useRef, useState } from "react";
import { type CaptchaHandle, CaptchaField } from "@/components/accounts/captcha-field-client";
import { FormError, useApiForm } from "@/components/forms/use-api-form";
import { ClientForm } from "@/components/forms/form-client";
import { SelectField, TextAreaField } from "@/components/staff/form-controls";
import { LiveAlert } from "@/components/ui/alert";
import { ErrorList, Field } from "@/components/ui/field";
import * as endpoints from "@/lib/client/endpoints";
import { APPEAL_MESSAGE_MAX, APPEAL_SENT, APPEAL_TYPES } from "@/lib/schemas/appeals";
import { TICKET_TYPE_LABELS } from "@/lib/schemas/tickets";

type CaptchaConfig = ComponentProps<typeof CaptchaField>["config"];
type Values = { type: string; username: string; email: string; message: string };
const CAPTCHA_FAILED = "Human verification failed. Please try again.";

/** The public appeal form: the same answer whether or not the details match an account. */
export function AppealForm({ captcha, initialType }: { captcha: CaptchaConfig; initialType: string }) {
  const captchaRef = useRef<CaptchaHandle>(null);
  const [values, setValues] = useState<Values>({ type: initialType, username: "", email: "", message: "" });
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm<Values, { details?: string }>({
    endpoint: endpoints.openAppeal,
    required: ["type", "username", "email", "message"],
    fields: ["type", "username", "email", "message", "captchaToken"],
    prepare: async (v) => {
      let captchaToken: string;
      try {
        captchaToken = (await captchaRef.current?.getToken()) ?? "";
      } catch {
        throw new FormError(CAPTCHA_FAILED);
      }
      return { ...v, captchaToken };
    },
    onSuccess: (data) => setDone(typeof data.details === "string" ? data.details : APPEAL_SENT),
  });
  const set = (k: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  if (done) return <LiveAlert tone="success">{done}</LiveAlert>;
  return (
    <ClientForm noValidate onSubmit={(e) => form.submit(values, e)} className="space-y-5" aria-busy={form.busy}>
      <SelectField id="appeal-type" label="Request" value={values.type} onChange={set("type")} errors={form.fieldErrors.type} required>
        <option value="">Choose…</option>
        {APPEAL_TYPES.map((t) => (
          <option key={t} value={t}>
            {t === "BAN_APPEAL" ? "Ban appeal: my account is banned" : "Account recovery: I lost my authenticator and recovery codes"}
          </option>
        ))}
      </SelectField>
      <Field
        id="appeal-username"
        name="username"
        label="Username"
        autoComplete="username"
        required
        value={values.username}
        onChange={set("username")}
        errors={form.fieldErrors.username}
      />
      <Field
        id="appeal-email"
        name="email"
        type="email"
        label="Email"
        hint="The address on your account: the link to follow your request is sent there."
        autoComplete="email"
        required
        value={values.email}
        onChange={set("email")}
        errors={form.fieldErrors.email}
      />
      <TextAreaField
        id="appeal-message"
        label="Message"
        rows={8}
        value={values.message}
        onChange={set("message")}
        errors={form.fieldErrors.message}
        maxLength={APPEAL_MESSAGE_MAX}
      />
      <CaptchaField ref={captchaRef} config={captcha} onToken={() => {}} />
      <ErrorList id="appeal-captcha-errors" errors={form.fieldErrors.captchaToken} />
      <LiveAlert tone="error">{form.formError}</LiveAlert>
      <button type="submit" className="btn btn-gold w-full" disabled={form.busy}>
        {form.busy ? "Sending..." : `Send ${values.type ? TICKET_TYPE_LABELS[values.type as (typeof APPEAL_TYPES)[number]].toLowerCase() : "request"}`}
      </button>
    </ClientForm>
  );
}
