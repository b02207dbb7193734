"use client";

import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { RESET_REQUESTED } from "@/lib/messages/accounts";
import { siteConfig } from "@/lib/site-config";
import * as endpoints from "@/lib/client/endpoints";
import { ClientForm } from "@/components/forms/form-client";

/** docs/product.md §2 Request password reset: success on 200; the same answer whether or not the account exists. */
export function RequestResetForm() {
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const form = useApiForm<{ username: string; email: string }, { details?: string }>({
    endpoint: endpoints.requestReset,
    required: ["username", "email"],
    fields: ["username", "email"],
    onSuccess: (data) => setDone(typeof data.details === "string" ? data.details : RESET_REQUESTED),
  });
  const { busy: loading, fieldErrors: fields } = form;

  return (
    <ClientForm
      noValidate
      onSubmit={(e) => {
        setDone(null);
        return form.submit({ username, email }, e);
      }}
      className="space-y-4"
      aria-busy={loading}
    >
      <Field
        id="reset-username"
        name="username"
        label="Username"
        autoComplete="username"
        required
        value={username}
        onChange={(e) => setUsername(e.target.value)}
        errors={fields.username}
      />
      <Field
        id="reset-email"
        name="email"
        type="email"
        label="Email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        errors={fields.email}
      />
      <LiveAlert tone={form.formError ? "error" : "success"}>{form.formError ?? done}</LiveAlert>
      <button type="submit" className="btn btn-gold w-full" disabled={loading}>
        {loading ? "Loading..." : "Request Password Reset"}
      </button>
      <p className="text-center text-stone-300">
        Still stuck?{" "}
        <a href={siteConfig.chatInviteUrl} target="_blank" rel="noopener noreferrer">
          Join Discord
        </a>{" "}
        and ask a staff member for help.
      </p>
    </ClientForm>
  );
}
