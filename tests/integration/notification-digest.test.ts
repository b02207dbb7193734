// The weekly digest (docs/notifications.md, "Weekly digest"): mailed through the job queue to a
// player not seen on the site that week, with their unread notifications of the week and the
// week's new threads; not to a player who visited, not when there is nothing to tell, not when
// turned off; its one-click unsubscribe turns it off; exactly once per player and week, however
// many runs meet.
import { describe, expect, it } from "vitest";
import * as prefsRoute from "@/app/api/v1/account/notifications/preferences/route";
import * as unsubscribeRoute from "@/app/api/v1/notifications/unsubscribe/route";
import { isoWeek } from "@/lib/notifications";
import { db } from "@/lib/server/db";
import { type DigestRun, queueWeeklyDigests, sendWeeklyDigest } from "@/lib/server/digest/weekly-digest";
import { enqueue } from "@/lib/server/jobs/enqueue";
import { notify } from "@/lib/server/notifications/notify";
import { createUser } from "../factories/users";
import { runJobsUntilIdle } from "../support/jobs";
import { captureMailForFile, type CapturedMail, linkIn } from "../support/smtp-capture";
import { createForum, reply, startThread, userWithSession, type U } from "./forums-fixtures";
import { call, CROSS_SITE, freshClient, SAME_ORIGIN } from "./helpers";

const mailbox = captureMailForFile({ TRUST_PROXY: "true" });

const DAY = 86_400_000;
const DIGEST_SUBJECT = /unread notifications? on .* this week|^This week on /;
const digestsTo = (email: string): CapturedMail[] => mailbox().messages.filter((m) => m.to.includes(email.toLowerCase()) && DIGEST_SUBJECT.test(m.subject));
const digestRows = (email: string) => db.mailMessage.findMany({ where: { to: email, listUnsubscribe: { contains: "weekly_digest" } } });
/** The player's browser sessions last seen `days` ago (not on the site since). */
const lastSeen = (u: { id: number }, days: number) =>
  db.session.updateMany({ where: { userId: u.id }, data: { lastSeenAt: new Date(Date.now() - days * DAY) } });
const runFrom = (since: Date, week = isoWeek(new Date())): DigestRun => ({ week, since: since.toISOString() });
const aNotification = (userId: number, key: string) =>
  db.$transaction((tx) => notify(tx, { userId, type: "vote_reward", dedupeKey: `digest-test:${key}`, link: "/vote", title: "5 vote points" }));
const prefs = (u: U, body?: unknown) =>
  call(body === undefined ? prefsRoute.GET : prefsRoute.PUT, {
    method: body === undefined ? "GET" : "PUT",
    path: "/api/v1/account/notifications/preferences",
    body,
    cookies: { session: u.session },
    headers: { ...SAME_ORIGIN, ...freshClient() },
  });
function headerOf(mail: CapturedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, "");
  return new RegExp(`^${name}: ?(.*)$`, "im").exec(head)?.[1]?.trim();
}

describe("the weekly digest", () => {
  it("is mailed by the weekly task to a player away all week, with the week's unread notifications and new threads; not to one who visited", async () => {
    const forum = await createForum();
    const [away, active, writer] = await Promise.all([userWithSession(), userWithSession(), userWithSession()]);
    const awayThread = await startThread(away, forum.id, "Away player's thread");
    const activeThread = await startThread(active, forum.id, "Active player's thread");
    const awayReply = await reply(writer, awayThread.id, "<p>Answer for the away player</p>");
    await reply(writer, activeThread.id, "<p>Answer for the active player</p>");
    const news = await startThread(writer, forum.id, "Clan recruitment this week");
    // A notification read on the site is not in the digest.
    await aNotification(away.id, "read-one");
    await db.notification.updateMany({ where: { userId: away.id, type: "vote_reward" }, data: { readAt: new Date() } });
    // The away player's last visit was eight days ago; the active one's a minute ago.
    await lastSeen(away, 8);

    await enqueue("queue-weekly-digests", {});
    await runJobsUntilIdle();

    const [mail] = digestsTo(away.email);
    expect(digestsTo(away.email)).toHaveLength(1);
    expect(mail!.subject).toMatch(/^1 unread notification on .* this week$/);
    expect(mail!.body).toContain(`${writer.username} replied to your thread`);
    expect(mail!.body).toContain("Away player's thread");
    expect(mail!.body).not.toContain("5 vote points");
    expect(linkIn(mail!, `/forums/thread/${awayThread.id}`).hash).toBe(`#post-${awayReply.id}`);
    // The week's new threads: the writer's, and the active player's (not the player's own).
    expect(mail!.body).toContain("Clan recruitment this week");
    expect(linkIn(mail!, `/forums/thread/${news.id}`).pathname).toBe(`/forums/thread/${news.id}`);
    expect(mail!.body).toContain("Active player's thread");
    expect(mail!.body).not.toMatch(/Away player's thread \(\d+ posts?\)/);
    // One click in the mail client stops it (RFC 8058), and the body links to the page.
    expect(headerOf(mail!, "List-Unsubscribe")).toMatch(/^<https?:\/\/[^>]+\/api\/v1\/notifications\/unsubscribe\?token=\d+\.weekly_digest\.[\w-]+>$/);
    expect(headerOf(mail!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(mail!.body).toMatch(/https?:\/\/[^/\s]+\/notifications\/unsubscribe\?token=\d+\.weekly_digest\.[\w-]+/);
    // Recorded as a MailMessage through send-mail.
    expect(await digestRows(away.email)).toEqual([expect.objectContaining({ status: "SENT", transport: "smtp" })]);

    // Visited this week: no digest, though unread notifications wait.
    expect(await db.notification.count({ where: { userId: active.id, readAt: null } })).toBe(1);
    expect(digestsTo(active.email)).toHaveLength(0);
    expect(digestsTo(writer.email)).toHaveLength(0);
  });

  it("a visit through an API login counts as a visit too; its twin away all week is mailed", async () => {
    const [viaApi, twin] = await Promise.all([createUser(), createUser()]);
    const since = new Date(Date.now() - 60_000);
    await Promise.all([aNotification(viaApi.id, "api"), aNotification(twin.id, "api")]);
    await db.refreshTokenFamily.create({ data: { userId: viaApi.id, expiresAt: new Date(Date.now() + 30 * DAY), lastUsedAt: new Date() } });
    expect(await sendWeeklyDigest(viaApi.id, runFrom(since))).toBe("skipped");
    expect(await sendWeeklyDigest(twin.id, runFrom(since))).toBe("sent");
  });

  it("sends nothing when there is nothing to tell (no unread notification, no new thread); the same player with one is mailed", async () => {
    const quiet = await createUser();
    // Every thread of the file is older than `since`.
    const since = new Date();
    expect(await sendWeeklyDigest(quiet.id, runFrom(since))).toBe("skipped");
    // Nothing claimed: a later run of the week may still send.
    expect(await db.notificationKey.count({ where: { userId: quiet.id } })).toBe(0);

    await aNotification(quiet.id, "quiet");
    expect(await sendWeeklyDigest(quiet.id, runFrom(since))).toBe("sent");
    await runJobsUntilIdle();
    const [mail] = digestsTo(quiet.email);
    expect(mail!.subject).toMatch(/^1 unread notification/);
    expect(mail!.body).toContain("Your vote reward is waiting: 5 vote points");
    expect(mail!.body).not.toContain("New on the forums this week");
  });

  it("is not sent when the player turned it off on the notifications page; on again, it is, and its unsubscribe link turns it off", async () => {
    const u = await userWithSession();
    expect((await prefs(u)).json).toMatchObject({ weekly_digest: true });
    const bad = await prefs(u, { weekly_digest: "no" });
    expect(bad.status).toBe(400);
    expect(bad.json).toHaveProperty("weekly_digest");
    const off = await prefs(u, { weekly_digest: false });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ weekly_digest: false });
    // A type's channel and the digest are separate choices.
    expect((await prefs(u, { forum_reply: "email" })).json).toMatchObject({ weekly_digest: false });

    const since = new Date(Date.now() - 60_000);
    await aNotification(u.id, "opted-out");
    await lastSeen(u, 8);
    expect(await sendWeeklyDigest(u.id, runFrom(since, "2026-W01"))).toBe("skipped");
    await runJobsUntilIdle();
    expect(digestsTo(u.email)).toHaveLength(0);

    expect((await prefs(u, { weekly_digest: true })).json).toMatchObject({ weekly_digest: true });
    await lastSeen(u, 8);
    expect(await sendWeeklyDigest(u.id, runFrom(since, "2026-W01"))).toBe("sent");
    await runJobsUntilIdle();
    const mail = await mailbox().latestTo(u.email);
    expect(mail.subject).toMatch(DIGEST_SUBJECT);

    // The page shows what the link stops (changing nothing); the mail client's one-click POST, without cookies, stops it.
    const oneClick = new URL(headerOf(mail, "List-Unsubscribe")!.slice(1, -1));
    const info = await call(unsubscribeRoute.GET, { path: `${oneClick.pathname}${oneClick.search}` });
    expect(info.json).toEqual({ type: "weekly_digest", label: "Weekly digest", channel: "email" });
    expect((await db.user.findUniqueOrThrow({ where: { id: u.id } })).weeklyDigest).toBe(true);
    const click = await call(unsubscribeRoute.POST, {
      method: "POST",
      path: `${oneClick.pathname}${oneClick.search}`,
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded", ...CROSS_SITE },
    });
    expect(click.status).toBe(200);
    expect(click.json).toEqual({ type: "weekly_digest", label: "Weekly digest", channel: "off" });
    expect((await db.user.findUniqueOrThrow({ where: { id: u.id } })).weeklyDigest).toBe(false);
    await lastSeen(u, 8);
    expect((await prefs(u)).json).toMatchObject({ weekly_digest: false });
    // The next week: nothing, though there is something to tell.
    await lastSeen(u, 8);
    await aNotification(u.id, "after-unsubscribe");
    expect(await sendWeeklyDigest(u.id, runFrom(since, "2026-W02"))).toBe("skipped");
    // A digest link altered to name another player is refused and changes nothing.
    const other = await createUser();
    const forged = oneClick.searchParams.get("token")!.replace(/^\d+/, String(other.id));
    const refused = await call(unsubscribeRoute.POST, { method: "POST", path: `/api/v1/notifications/unsubscribe?token=${forged}`, rawBody: "" });
    expect(refused.status).toBe(400);
    expect((await db.user.findUniqueOrThrow({ where: { id: other.id } })).weeklyDigest).toBe(true);
  });

  it("is sent exactly once per player and week: four sends at once, two weekly runs at once, and a retried job", async () => {
    const u = await createUser();
    const since = new Date(Date.now() - 60_000);
    await aNotification(u.id, "race");
    const run = runFrom(since, "2026-W03");
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => sendWeeklyDigest(u.id, run)));
    expect(outcomes.sort()).toEqual(["duplicate", "duplicate", "duplicate", "sent"]);
    expect(await sendWeeklyDigest(u.id, run)).toBe("duplicate");

    // Two runs of the weekly task at once (two runners, or a retry), then every job they queued.
    const queued = await Promise.all([queueWeeklyDigests(), queueWeeklyDigests()]);
    expect(queued.every((n) => n >= 1)).toBe(true);
    await runJobsUntilIdle();
    // The task's run is this week's, another week than the race's: one more digest, once.
    expect(digestsTo(u.email)).toHaveLength(2);
    expect(await digestRows(u.email)).toHaveLength(2);
    await Promise.all([queueWeeklyDigests(), queueWeeklyDigests()]);
    await runJobsUntilIdle();
    expect(digestsTo(u.email)).toHaveLength(2);
  });
});
