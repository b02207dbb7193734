"use client";

import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import * as endpoints from "@/lib/client/endpoints";

const LINK_SENT = "We sent you an email with a link to change your password.";

/** Emails the signed-in player a password reset link (POST /api/v1/change-password/email). */
export function SendResetLinkButton() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useApiForm<Record<string, never>, { success?: string }>({
    endpoint: endpoints.sendResetLink,
    onSuccess: (data) => setSent(typeof data.success === "string" ? data.success : LINK_SENT),
  });

  return (
    <div className="space-y-4">
      <button
        type="button"
        className="btn btn-gold"
        disabled={form.busy}
        aria-busy={form.busy}
        onClick={() => {
          setSent(null);
          void form.submit({});
        }}
      >
        {form.busy ? "Loading..." : "Send me the link"}
      </button>
      <LiveAlert tone={form.formError ? "error" : "success"}>{form.formError ?? sent}</LiveAlert>
    </div>
  );
}
