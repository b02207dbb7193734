"use client";

import { useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { LiveAlert } from "@/components/ui/alert";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { Panel } from "@/components/ui/panel";
import type { TSessionDto } from "@/lib/schemas/accounts";
import * as endpoints from "@/lib/client/endpoints";

type Target = { kind: TSessionDto["kind"]; id: number; device: string } | { kind: "all" };
const keyOf = (t: Target) => (t.kind === "all" ? "all" : `${t.kind}-${t.id}`);

/** docs/accounts.md, Sessions: the player's sessions, each revocable; the current one is marked. */
export function SessionsList({ initial }: { initial: TSessionDto[] }) {
  const [seen, setSeen] = useState(initial);
  const [sessions, setSessions] = useState(initial);
  if (seen !== initial) {
    // A server refresh brought a new list.
    setSeen(initial);
    setSessions(initial);
  }
  const [pending, setPending] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current);
  const form = useApiForm<Target, { ended?: number }>({
    endpoint: (t) => (t.kind === "all" ? endpoints.endAllSessions : endpoints.endSession),
    params: (t): Record<string, string | number> => (t.kind === "all" ? {} : { kind: t.kind, id: t.id }),
    // A session that is already gone is what the player asked for.
    isSuccess: (res, t) => res.ok || (t.kind !== "all" && res.status === 404),
    onSuccess: (data, { values: t }) => {
      if (t.kind === "all") {
        setSessions((list) => list.filter((x) => x.current));
        const n = typeof data.ended === "number" ? data.ended : others.length;
        setDone(`Ended ${n} other ${n === 1 ? "session" : "sessions"}.`);
      } else {
        setSessions((list) => list.filter((x) => !(x.kind === t.kind && x.id === t.id)));
        setDone(`Ended the session on ${t.device}.`);
      }
    },
  });
  const busy = form.busy ? pending : null;

  async function end(t: Target) {
    setPending(keyOf(t));
    setDone(null);
    await form.submit(t);
  }

  return (
    <Panel aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="text-2xl text-gold">
        Sessions
      </h2>
      <p className="mt-2 text-stone-300">Where your account is logged in. End any session you do not recognise, then change your password.</p>
      <ul className="mt-4 space-y-3" aria-label="Active sessions">
        {sessions.map((s) => {
          const key = `${s.kind}-${s.id}`;
          return (
            <li
              key={key}
              className="flex flex-col gap-2 rounded border border-stone-700 bg-stone-850 p-3 sm:flex-row sm:items-center sm:justify-between"
              data-current={s.current || undefined}
            >
              <div className="min-w-0 text-sm">
                <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-stone-100">
                  <span>{s.device}</span>
                  {s.kind === "api" ? <span className="rounded bg-stone-700 px-1.5 text-xs text-stone-200">API login</span> : null}
                  {s.current ? <span className="rounded bg-moss/30 px-1.5 text-xs font-bold text-emerald-200">This device</span> : null}
                </p>
                <p className="text-stone-300">
                  <span className="text-stone-400">IP: </span>
                  <span className="break-all">{s.ip ?? "unknown"}</span>
                </p>
                <p className="text-stone-300">
                  <span className="text-stone-400">Last seen: </span>
                  <LocalDateTime value={s.last_seen} />
                </p>
              </div>
              {!s.current ? (
                <button
                  type="button"
                  className="btn btn-stone shrink-0 self-start sm:self-center"
                  disabled={busy !== null}
                  onClick={() => end({ kind: s.kind, id: s.id, device: s.device })}
                >
                  {busy === key ? "Ending..." : "End"}
                  <span className="sr-only"> session on {s.device}</span>
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <LiveAlert tone={form.formError ? "error" : "success"} className="mt-3">
        {form.formError ?? done}
      </LiveAlert>
      <button type="button" className="btn btn-ember mt-4" disabled={busy !== null || others.length === 0} onClick={() => end({ kind: "all" })}>
        {busy === "all" ? "Ending..." : "End all other sessions"}
      </button>
    </Panel>
  );
}
