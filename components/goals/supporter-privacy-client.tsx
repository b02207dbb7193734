"use client";

import { useState } from "react";
import { useApiGet } from "@/components/api/use-api-get";
import { LiveAlert } from "@/components/ui/alert";
import { Panel } from "@/components/ui/panel";
import { api } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";

// The account page's choice to be shown by name in the store's supporter widgets (top donator of
// the month, recent supporters). Shown by default; saved at once when the box changes.

export function SupporterPrivacyCard() {
  const { lastOk } = useApiGet(endpoints.getPrivacy, {}, { signedIn: "/account" });
  const [saved, setSaved] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const loaded = lastOk?.ok ? lastOk.data.show_as_supporter : null;
  const shown = saved ?? loaded;

  const change = async (next: boolean) => {
    // The box shows the choice at once; a failed save puts it back.
    const before = shown;
    setSaved(next);
    setBusy(true);
    setMessage(null);
    const res = await api(endpoints.setPrivacy, { body: { show_as_supporter: next } });
    setBusy(false);
    if (res.ok) {
      setSaved(res.data.show_as_supporter);
      setMessage({ tone: "success", text: res.data.show_as_supporter ? "You are shown in the supporter lists." : "You are hidden from the supporter lists." });
    } else {
      setSaved(before);
      setMessage({ tone: "error", text: "Could not save your choice. Please try again." });
    }
  };

  return (
    <Panel aria-labelledby="supporter-privacy-heading">
      <h2 id="supporter-privacy-heading" className="text-xl text-gold">
        Supporter lists
      </h2>
      <p className="mt-2 text-sm text-stone-300">
        When you buy credits, your name (never the amount) may appear as top donator of the month and among the recent supporters on the home page.
      </p>
      <label className="mt-3 flex items-center gap-3 text-stone-100">
        <input
          type="checkbox"
          className="size-5 accent-amber-500"
          checked={shown ?? true}
          disabled={shown === null || busy}
          onChange={(e) => void change(e.target.checked)}
          data-testid="show-as-supporter"
        />
        Show me in the store&apos;s supporter lists
      </label>
      <LiveAlert tone={message?.tone ?? "info"} className="mt-3">
        {message?.text}
      </LiveAlert>
    </Panel>
  );
}
