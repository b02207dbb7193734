"use client";

import { useEffect, useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { api } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import { WEEKLY_DIGEST } from "@/lib/notifications";
import type { TUnsubscribeState } from "@/lib/schemas/notifications";

type View = { status: "loading" } | { status: "invalid" } | { status: "ready"; token: string; state: TUnsubscribeState } | { status: "failed" };

/** Confirms the unsubscribe of one notification type's mails, or of the weekly digest (the link's token names player and kind). */
export function UnsubscribeClient() {
  const [view, setView] = useState<View>({ status: "loading" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get("token") ?? "";
    // No token in the address: nothing to ask the server about.
    void (token ? api(endpoints.unsubscribeInfo, { query: { token } }) : Promise.resolve(null)).then((res) => {
      if (res === null) setView({ status: "invalid" });
      else if (res.ok) setView({ status: "ready", token, state: res.data });
      else setView(res.status === 400 ? { status: "invalid" } : { status: "failed" });
    });
  }, []);

  const confirm = async () => {
    if (view.status !== "ready") return;
    setBusy(true);
    setError(null);
    const res = await api(endpoints.unsubscribe, { query: { token: view.token } });
    setBusy(false);
    if (res.ok) setView({ ...view, state: res.data });
    else setError("Could not unsubscribe. Please try again.");
  };

  return (
    <>
      <PageHeader title="Unsubscribe" />
      <Panel aria-labelledby="unsubscribe-heading" aria-busy={view.status === "loading" || undefined}>
        <h2 id="unsubscribe-heading" className="text-2xl text-gold">
          Notification emails
        </h2>
        {view.status === "loading" ? <p className="mt-3 text-stone-300">Checking the link…</p> : null}
        {view.status === "invalid" ? (
          <p className="mt-3 text-red-200" role="alert" data-testid="unsubscribe-invalid">
            This unsubscribe link is not valid. You can choose which emails you get on your notifications page.
          </p>
        ) : null}
        {view.status === "failed" ? (
          <p className="mt-3 text-red-200" role="alert">
            Could not check the link. Please try again later.
          </p>
        ) : null}
        {view.status === "ready" && view.state.channel === "email" ? (
          <div className="mt-3">
            <p className="text-stone-200">
              Stop emails for <strong>{view.state.label}</strong>?{" "}
              {view.state.type === WEEKLY_DIGEST
                ? "Your notifications still show behind the bell on the site."
                : "They will still show behind the bell on the site."}
            </p>
            <button type="button" className="btn btn-gold mt-4 min-h-11" disabled={busy} aria-busy={busy} onClick={() => void confirm()}>
              Unsubscribe
            </button>
          </div>
        ) : null}
        {view.status === "ready" && view.state.channel !== "email" ? (
          <p className="mt-3 text-stone-200" data-testid="unsubscribed">
            You get no more emails for <strong>{view.state.label}</strong>. Change it any time on your <a href="/account/notifications">notifications page</a>.
          </p>
        ) : null}
        <LiveAlert tone="error" className="mt-3">
          {error}
        </LiveAlert>
      </Panel>
    </>
  );
}
