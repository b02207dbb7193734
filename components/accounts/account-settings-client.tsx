"use client";

import Link from "next/link";
import { useState, useSyncExternalStore } from "react";
import { ClientForm } from "@/components/forms/form-client";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import * as endpoints from "@/lib/client/endpoints";

// /account/settings: change of email address, export of one's data, deletion of the account
// (docs/accounts.md, "Account controls"). Each form writes through /api/v1.

const CODE_HINT = "Only if two-factor authentication is on: the code from your authenticator app, or a recovery code.";

function ChangeEmailForm() {
  const empty = { email: "", password: "", code: "" };
  const [values, setValues] = useState(empty);
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm<typeof empty, { details?: string }>({
    endpoint: endpoints.changeEmail,
    required: ["email", "password"],
    fields: ["email", "password", "code"],
    prepare: (v) => ({ email: v.email, password: v.password, ...(v.code.trim() ? { code: v.code } : {}) }),
    onSuccess: (data) => {
      setValues(empty);
      setDone(typeof data.details === "string" ? data.details : "Check your new address for the link.");
    },
  });
  const set = (name: keyof typeof empty) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const banner = form.formError ? { tone: "error" as const, text: form.formError } : done ? { tone: "success" as const, text: done } : null;
  return (
    <Panel aria-labelledby="change-email-heading">
      <h2 id="change-email-heading" className="text-2xl text-gold">
        Change email address
      </h2>
      <p className="mt-2 text-stone-300">
        We send a link to the new address; your address changes only when you follow it (within 24 hours). Your current address is told about the request.
      </p>
      <ClientForm
        noValidate
        onSubmit={(e) => {
          setDone(null);
          return form.submit(values, e);
        }}
        className="mt-4 space-y-4"
        aria-busy={form.busy}
      >
        <Field
          id="ce-email"
          name="email"
          type="email"
          label="New email address"
          autoComplete="email"
          required
          value={values.email}
          onChange={set("email")}
          errors={form.fieldErrors.email}
        />
        <Field
          id="ce-password"
          name="password"
          type="password"
          label="Current password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={set("password")}
          errors={form.fieldErrors.password}
        />
        <Field
          id="ce-code"
          name="code"
          label="Two-factor code"
          autoComplete="one-time-code"
          maxLength={32}
          hint={CODE_HINT}
          value={values.code}
          onChange={set("code")}
          errors={form.fieldErrors.code}
        />
        <LiveAlert tone={banner?.tone ?? "info"}>{banner?.text}</LiveAlert>
        <button type="submit" className="btn btn-gold" disabled={form.busy}>
          {form.busy ? "Sending..." : "Send confirmation link"}
        </button>
      </ClientForm>
    </Panel>
  );
}

function ExportPanel() {
  return (
    <Panel aria-labelledby="export-heading">
      <h2 id="export-heading" className="text-2xl text-gold">
        Download your data
      </h2>
      <p className="mt-2 text-stone-300">
        One JSON file with your account, sign-ins and devices, purchases, orders, credit history, votes, tickets and forum posts. It holds no password or
        two-factor secret.
      </p>
      <p className="mt-4">
        <a href="/api/v1/account/export" download className="btn btn-gold inline-block" data-testid="export-link">
          Download my data (JSON)
        </a>
      </p>
    </Panel>
  );
}

function DeleteAccountForm() {
  const empty = { password: "", code: "", confirm: false };
  const [values, setValues] = useState(empty);
  const [deleted, setDeleted] = useState(false);
  const form = useApiForm<typeof empty, { details?: string }>({
    endpoint: endpoints.deleteAccount,
    required: ["password"],
    fields: ["password", "code", "confirm"],
    validate: (v) => (v.confirm ? null : { fieldErrors: { confirm: ["Tick the box to confirm that you want to delete your account."] } }),
    prepare: (v) => ({ password: v.password, confirm: v.confirm, ...(v.code.trim() ? { code: v.code } : {}) }),
    onSuccess: (_data, ctx) => {
      ctx.stayBusy();
      setDeleted(true);
    },
  });
  if (deleted) {
    return (
      <Panel aria-labelledby="delete-heading">
        <h2 id="delete-heading" className="text-2xl text-gold">
          Account deleted
        </h2>
        <p className="mt-2" role="status" data-testid="account-deleted">
          Your account has been deleted and you are signed out. <Link href="/">Back to the home page</Link>.
        </p>
      </Panel>
    );
  }
  const confirmErrors = form.fieldErrors.confirm;
  return (
    <Panel aria-labelledby="delete-heading">
      <h2 id="delete-heading" className="text-2xl text-gold">
        Delete account
      </h2>
      <div className="mt-2 space-y-2 text-stone-300">
        <p>This cannot be undone. Deleting your account:</p>
        <ul className="list-disc space-y-1 pl-6">
          <li>erases your email address, password, two-factor settings, sessions, devices and support tickets;</li>
          <li>signs you out everywhere; you can no longer log in to the website or the game with it;</li>
          <li>keeps your forum posts, shown under &quot;Deleted player&quot; instead of your name;</li>
          <li>keeps records of purchases and credits, which the law requires us to keep.</li>
        </ul>
        <p>Download your data first if you want a copy.</p>
      </div>
      <ClientForm noValidate onSubmit={(e) => form.submit(values, e)} className="mt-4 space-y-4" aria-busy={form.busy}>
        <Field
          id="da-password"
          name="password"
          type="password"
          label="Current password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
          errors={form.fieldErrors.password}
        />
        <Field
          id="da-code"
          name="code"
          label="Two-factor code"
          autoComplete="one-time-code"
          maxLength={32}
          hint={CODE_HINT}
          value={values.code}
          onChange={(e) => setValues((v) => ({ ...v, code: e.target.value }))}
          errors={form.fieldErrors.code}
        />
        <div>
          <label className="flex items-start gap-2 text-stone-100" htmlFor="da-confirm">
            <input
              id="da-confirm"
              name="confirm"
              type="checkbox"
              className="mt-1 size-5"
              checked={values.confirm}
              onChange={(e) => setValues((v) => ({ ...v, confirm: e.target.checked }))}
              aria-invalid={confirmErrors?.length ? true : undefined}
              aria-describedby={confirmErrors?.length ? "da-confirm-errors" : undefined}
            />
            <span>I understand that my account will be deleted for good.</span>
          </label>
          {confirmErrors?.length ? (
            <ul id="da-confirm-errors" className="mt-1 text-sm text-red-300">
              {confirmErrors.map((m) => (
                <li key={m}>✕ {m}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <LiveAlert tone="error">{form.formError}</LiveAlert>
        <button type="submit" className="btn bg-blood text-white" disabled={form.busy}>
          {form.busy ? "Deleting..." : "Delete my account"}
        </button>
      </ClientForm>
    </Panel>
  );
}

export function AccountSettingsClient() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-6">
        <ChangeEmailForm />
        <ExportPanel />
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <DeleteAccountForm />
      </div>
    </div>
  );
}

/** Reads one query parameter in the browser (the link pages are prerendered: no query on the server). */
const noSubscription = () => () => {};
function useQueryParam(name: string): string | null | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => new URLSearchParams(window.location.search).get(name),
    () => undefined,
  );
}

/** /account/confirm-email?uid=…&token=… : the page the link mailed to the new address opens. */
export function ConfirmEmailChangeClient() {
  const uid = useQueryParam("uid");
  const token = useQueryParam("token");
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm<Record<string, never>, { details?: string; email?: string }>({
    endpoint: endpoints.confirmEmailChange,
    fields: ["uid", "token"],
    prepare: () => ({ uid: Number(uid), token: token ?? "" }),
    onSuccess: (data) => setDone(`${data.details ?? "Your email address has been changed."}${data.email ? ` It is now ${data.email}.` : ""}`),
  });
  const error = form.formError ?? form.fieldErrors.token?.[0] ?? form.fieldErrors.uid?.[0] ?? null;
  return (
    <Panel>
      {done ? (
        <p role="status" data-testid="email-change-done">
          {done} <Link href="/account">Go to your account</Link>.
        </p>
      ) : (
        <ClientForm noValidate onSubmit={(e) => form.submit({}, e)} className="space-y-4" aria-busy={form.busy}>
          <p>Confirm that your account should use this email address from now on.</p>
          <LiveAlert tone="error">{error}</LiveAlert>
          <button type="submit" className="btn btn-gold" disabled={form.busy || !uid || !token}>
            {form.busy ? "Confirming..." : "Confirm my new address"}
          </button>
          {uid === null || token === null ? <p className="text-red-300">This link is incomplete: open the whole link from the email.</p> : null}
        </ClientForm>
      )}
    </Panel>
  );
}

/** /account/end-session?token=… : the page the new-device mail's link opens. */
export function EndSessionClient() {
  const token = useQueryParam("token");
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm<Record<string, never>, { details?: string }>({
    endpoint: endpoints.endSessionByLink,
    fields: ["token"],
    prepare: () => ({ token: token ?? "" }),
    onSuccess: (data) => setDone(data.details ?? "That session has been ended."),
  });
  const error = form.formError ?? form.fieldErrors.token?.[0] ?? null;
  return (
    <Panel>
      {done ? (
        <p role="status" data-testid="session-ended">
          {done} <Link href="/account/request-password-reset">Reset your password</Link>.
        </p>
      ) : (
        <ClientForm noValidate onSubmit={(e) => form.submit({}, e)} className="space-y-4" aria-busy={form.busy}>
          <p>If you did not sign in from the device named in the email, end that session now. This does not sign you out anywhere else.</p>
          <LiveAlert tone="error">{error}</LiveAlert>
          <button type="submit" className="btn btn-gold" disabled={form.busy || !token}>
            {form.busy ? "Ending..." : "End this session"}
          </button>
          {token === null ? <p className="text-red-300">This link is incomplete: open the whole link from the email.</p> : null}
        </ClientForm>
      )}
    </Panel>
  );
}
