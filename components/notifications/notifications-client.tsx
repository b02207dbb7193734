"use client";

import { useState } from "react";
import { useApiGet } from "@/components/api/use-api-get";
import { LiveAlert } from "@/components/ui/alert";
import { BackLink } from "@/components/ui/back-link";
import { LoadFailed } from "@/components/ui/load-failed";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { api } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import { type NotificationChannel, WEEKLY_DIGEST, WEEKLY_DIGEST_LABEL } from "@/lib/notifications";
import type { TNotification } from "@/lib/schemas/notifications";
import { setUnread } from "./unread-store";

const CHANNEL_LABEL: Record<NotificationChannel, string> = { site: "On the site", email: "Site and email", off: "Off" };

/** One notification: a link to what it is about (opening it marks it read), and its own read button. */
function NotificationItem({ n, onRead }: { n: TNotification; onRead: (id: number) => Promise<boolean> }) {
  const open = async (e: React.MouseEvent<HTMLAnchorElement>) => {
    if (n.read || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    await onRead(n.id);
    window.location.assign(n.link);
  };
  return (
    <li
      className={`flex flex-col gap-2 rounded border p-3 sm:flex-row sm:items-center sm:justify-between ${n.read ? "border-stone-700 bg-stone-900" : "border-gold/60 bg-stone-850"}`}
      data-testid="notification"
      data-read={n.read || undefined}
    >
      <div className="min-w-0">
        <a href={n.link} onClick={(e) => void open(e)} className="font-semibold break-words text-stone-100" data-testid="notification-link">
          {n.read ? null : <span className="sr-only">Unread: </span>}
          {n.text}
        </a>
        <p className="text-sm text-stone-400">
          <LocalDateTime value={n.updated} />
        </p>
      </div>
      {n.read ? null : (
        <button type="button" className="btn btn-stone min-h-11 shrink-0" onClick={() => void onRead(n.id)}>
          Mark read<span className="sr-only">: {n.text}</span>
        </button>
      )}
    </li>
  );
}

function Preferences() {
  const { lastOk, res, retry } = useApiGet(endpoints.getNotificationPreferences, {}, { signedIn: "/account/notifications" });
  const [changed, setChanged] = useState<Record<string, NotificationChannel>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const rows = lastOk?.ok ? lastOk.data.results : null;
  const [digest, setDigest] = useState<boolean | null>(null);
  const digestOn = digest ?? (lastOk?.ok ? lastOk.data[WEEKLY_DIGEST] : null);

  const change = async (type: string, label: string, channel: NotificationChannel) => {
    setBusy(type);
    setMessage(null);
    const r = await api(endpoints.putNotificationPreferences, { body: { [type]: channel } });
    setBusy(null);
    if (r.ok) {
      setChanged((c) => ({ ...c, [type]: channel }));
      setMessage({ tone: "success", text: `${label}: ${CHANNEL_LABEL[channel].toLowerCase()}.` });
    } else setMessage({ tone: "error", text: "Could not save your choice. Please try again." });
  };

  const changeDigest = async (on: boolean) => {
    setBusy(WEEKLY_DIGEST);
    setMessage(null);
    const r = await api(endpoints.putNotificationPreferences, { body: { [WEEKLY_DIGEST]: on } });
    setBusy(null);
    if (r.ok) {
      setDigest(on);
      setMessage({ tone: "success", text: `${WEEKLY_DIGEST_LABEL}: ${on ? "on" : "off"}.` });
    } else setMessage({ tone: "error", text: "Could not save your choice. Please try again." });
  };

  return (
    <Panel aria-labelledby="notification-preferences-heading" className="mt-6">
      <h2 id="notification-preferences-heading" className="text-2xl text-gold">
        What to tell you, and how
      </h2>
      <p className="mt-2 text-sm text-stone-300">
        “Site and email” also sends an email when a notification is still unread ten minutes later and you have not visited the site since.
      </p>
      {!rows && res && !res.ok ? <LoadFailed onRetry={retry}>Could not load your choices.</LoadFailed> : null}
      {rows ? (
        <ul className="mt-4 grid gap-3" aria-label="Notification preferences" data-testid="notification-preferences">
          {rows.map((p) => {
            const id = `pref-${p.type}`;
            return (
              <li key={p.type} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between">
                <label htmlFor={id} className="text-stone-100">
                  {p.label}
                </label>
                <select
                  id={id}
                  className="min-h-11 rounded border border-stone-600 bg-stone-900 px-2 text-stone-100 sm:w-48"
                  value={changed[p.type] ?? p.channel}
                  disabled={busy !== null || p.channels.length < 2}
                  onChange={(e) => void change(p.type, p.label, e.target.value as NotificationChannel)}
                >
                  {p.channels.map((c) => (
                    <option key={c} value={c}>
                      {CHANNEL_LABEL[c]}
                    </option>
                  ))}
                </select>
              </li>
            );
          })}
          {digestOn === null ? null : (
            <li className="flex flex-col gap-1 border-t border-stone-700 pt-3 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <label htmlFor="pref-weekly-digest" className="text-stone-100">
                  {WEEKLY_DIGEST_LABEL}
                </label>
                <p id="pref-weekly-digest-help" className="text-sm text-stone-400">
                  An email on Mondays with your unread notifications and the week’s new threads, only when you have not visited the site that week.
                </p>
              </div>
              <select
                id="pref-weekly-digest"
                aria-describedby="pref-weekly-digest-help"
                className="min-h-11 rounded border border-stone-600 bg-stone-900 px-2 text-stone-100 sm:w-48 sm:shrink-0"
                value={digestOn ? "on" : "off"}
                disabled={busy !== null}
                onChange={(e) => void changeDigest(e.target.value === "on")}
              >
                <option value="on">On</option>
                <option value="off">Off</option>
              </select>
            </li>
          )}
        </ul>
      ) : null}
      <LiveAlert tone={message?.tone ?? "info"} className="mt-3">
        {message?.text}
      </LiveAlert>
    </Panel>
  );
}

/** /account/notifications (docs/notifications.md): the list, newest first, read marks, and the preferences. */
export function NotificationsClient() {
  const [page, setPage] = useState(1);
  const list = useApiGet(endpoints.listNotifications, { query: { page } }, { signedIn: "/account/notifications" });
  const [readHere, setReadHere] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const data = list.lastOk?.ok ? list.lastOk.data : null;
  const items = data?.results.map((n) => (readHere.has(n.id) ? { ...n, read: true } : n)) ?? null;
  const unread = data ? Math.max(0, data.unread - data.results.filter((n) => !n.read && readHere.has(n.id)).length) : null;

  const markRead = async (id: number): Promise<boolean> => {
    setError(null);
    const res = await api(endpoints.markNotificationRead, { params: { id } });
    if (!res.ok) {
      setError("Could not mark it read. Please try again.");
      return false;
    }
    setReadHere((s) => new Set(s).add(id));
    setUnread(res.data.unread);
    return true;
  };
  const markAll = async () => {
    setError(null);
    const res = await api(endpoints.markAllNotificationsRead, {});
    if (!res.ok) return setError("Could not mark them read. Please try again.");
    setReadHere(new Set(data?.results.map((n) => n.id) ?? []));
    setUnread(0);
    list.refresh();
  };

  return (
    <>
      <BackLink href="/account">Back to account</BackLink>
      <PageHeader title="Notifications" subtitle="Replies, tickets, orders and account security, newest first." />
      <Panel aria-labelledby="notifications-heading" aria-busy={list.loading || undefined}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="notifications-heading" className="text-2xl text-gold">
            {unread ? `${unread} unread` : "All read"}
          </h2>
          {unread ? (
            <button type="button" className="btn btn-gold min-h-11" onClick={() => void markAll()}>
              Mark all read
            </button>
          ) : null}
        </div>
        <LiveAlert tone="error" className="mt-2">
          {error}
        </LiveAlert>
        {!data && list.res && !list.res.ok && !list.signingIn ? <LoadFailed onRetry={list.retry}>Could not load your notifications.</LoadFailed> : null}
        {!data && !list.res ? <p className="mt-3 text-stone-400">Loading…</p> : null}
        {items && items.length === 0 ? (
          <p className="mt-3 text-stone-300" data-testid="no-notifications">
            Nothing yet. Replies to your threads, answers on your tickets, your orders in game and changes to your account’s security will show here.
          </p>
        ) : null}
        {items && items.length > 0 ? (
          <ul className="mt-3 space-y-2" aria-label="Notifications">
            {items.map((n) => (
              <NotificationItem key={n.id} n={n} onRead={markRead} />
            ))}
          </ul>
        ) : null}
        {data && (data.previous || data.next) ? (
          <nav aria-label="Notification pages" className="mt-4 flex gap-2">
            {data.previous ? (
              <button type="button" className="btn btn-stone min-h-11" onClick={() => setPage((p) => Math.max(1, p - 1))}>
                Newer
              </button>
            ) : null}
            {data.next ? (
              <button type="button" className="btn btn-stone min-h-11" onClick={() => setPage((p) => p + 1)}>
                Older
              </button>
            ) : null}
          </nav>
        ) : null}
      </Panel>
      <Preferences />
    </>
  );
}
