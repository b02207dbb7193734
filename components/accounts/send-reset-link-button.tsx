"use client";

import { useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { callApi, errorText } from "./api";

/** Emails the signed-in player a password reset link (POST /api/v1/change-password/email). */
export function SendResetLinkButton() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ tone: "success" | "error"; text: string } | null>(null);

  async function send() {
    if (busy) return;
    setBusy(true);
    setResult(null);
    const res = await callApi<{ success?: string }>("/api/v1/change-password/email", { method: "POST", body: {} });
    setBusy(false);
    if (res.ok) setResult({ tone: "success", text: typeof res.data.success === "string" ? res.data.success : "We sent you an email with a link to change your password." });
    else setResult({ tone: "error", text: errorText(res) });
  }

  return (
    <div className="space-y-4">
      <button type="button" className="btn btn-gold" disabled={busy} onClick={send}>
        {busy ? "Loading..." : "Send me the link"}
      </button>
      <LiveAlert tone={result?.tone ?? "info"}>{result?.text}</LiveAlert>
    </div>
  );
}
