"use client";

import { type FormEvent, useRef, useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { RESET_REQUESTED } from "@/lib/schemas/accounts";
import { siteConfig } from "@/lib/site-config";
import { RATE_LIMITED, SERVER_ERROR, callApi, focusFirstInvalid, missingFields, readErrors } from "./api";


/** Spec §2 Request password reset: success on 200; the same answer whether or not the account exists. */
export function RequestResetForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [username, setUsername] = useState("");
  const [email, setEmail] = useState("");
  const [loading, setLoading] = useState(false);
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [banner, setBanner] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (loading) return;
    const local = missingFields({ username, email });
    if (Object.keys(local).length) {
      setFields(local);
      focusFirstInvalid(formRef.current);
      return;
    }
    setLoading(true);
    setFields({});
    setBanner(null);
    const res = await callApi<{ details?: string }>("/api/v1/request-password-reset", { body: { username, email } });
    setLoading(false);
    if (res.status === 200) {
      setBanner({ tone: "success", text: typeof res.data.details === "string" ? res.data.details : RESET_REQUESTED });
      return;
    }
    const errs = readErrors(res.data);
    setFields(errs.fields);
    // Spec §8: a 400 (or rate limit) shows the server's details; anything else the generic text.
    if (res.status === 429) setBanner({ tone: "error", text: errs.details ?? RATE_LIMITED });
    else if (res.status === 400) setBanner({ tone: "error", text: errs.details ?? Object.values(errs.fields)[0]?.[0] ?? SERVER_ERROR });
    else setBanner({ tone: "error", text: SERVER_ERROR });
    focusFirstInvalid(formRef.current);
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={loading}>
      <Field id="reset-username" name="username" label="Username" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} errors={fields.username} />
      <Field id="reset-email" name="email" type="email" label="Email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} errors={fields.email} />
      <LiveAlert tone={banner?.tone ?? "info"}>{banner?.text}</LiveAlert>
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
    </form>
  );
}
