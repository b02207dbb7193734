// Watching levels (docs/forums.md, "Watching"): the levels set and read through the API, auto-watch
// on posting, and the notify-watchers fan-out: one notification per watcher and post, never the
// writer, the starter (told of the reply), a muted player or an account that cannot sign in; the
// forum level under the thread level; exactly once however often the job runs, at once or again;
// the catch-up rule and the player's channel for the type.
import { describe, expect, it } from "vitest";
import * as threadWatch from "@/app/api/v1/forums/thread/[id]/watch/route";
import * as forumWatch from "@/app/api/v1/forums/[id]/watch/route";
import { db } from "@/lib/server/db";
import { notifyWatchers } from "@/lib/server/forums/notify-watchers";
import { queuedJobs, runJobsUntilIdle } from "../support/jobs";
import { as, createForum, reply, startThread, type U, userWithSession } from "./forums-fixtures";
import { call } from "./helpers";

const putThread = (u: U | null, id: number, body: unknown) =>
  call(threadWatch.PUT, as(u, { method: "PUT", path: `/api/v1/forums/thread/${id}/watch`, params: { id: String(id) }, body }));
const getThread = (u: U | null, id: number) => call(threadWatch.GET, as(u, { path: `/api/v1/forums/thread/${id}/watch`, params: { id: String(id) } }));
const putForum = (u: U | null, id: number, body: unknown) =>
  call(forumWatch.PUT, as(u, { method: "PUT", path: `/api/v1/forums/${id}/watch`, params: { id: String(id) }, body }));
const getForum = (u: U | null, id: number) => call(forumWatch.GET, as(u, { path: `/api/v1/forums/${id}/watch`, params: { id: String(id) } }));
const watchedOf = (userId: number) => db.notification.findMany({ where: { userId, type: "forum_watched_post" }, orderBy: { id: "asc" } });
const mention = (u: { id: number; username: string }) => `<span data-mention="${u.id}">@${u.username}</span>`;

/** A thread whose opening post's fan-out has run (so the levels set next concern the replies only). */
async function started(u: U, forumId: number, title?: string) {
  const t = await startThread(u, forumId, title);
  await runJobsUntilIdle();
  return t;
}

async function level(u: U, threadId: number, value: string) {
  const r = await putThread(u, threadId, { level: value });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

describe("levels through the API", () => {
  it("sets and reads a thread's level; 400 names `level`; guests 401; a hidden thread is 404 for a player and readable by staff", async () => {
    const forum = await createForum();
    const [starter, player, mod] = await Promise.all([userWithSession(), userWithSession(), userWithSession("MODERATOR")]);
    const t = await startThread(starter, forum.id);

    expect((await getThread(player, t.id)).json).toEqual({ level: "normal", source: "default" });
    const set = await putThread(player, t.id, { level: "tracking" });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ level: "tracking", source: "thread" });
    expect((await getThread(player, t.id)).json).toEqual({ level: "tracking", source: "thread" });
    // Another player's level is their own.
    expect((await getThread(mod, t.id)).json).toEqual({ level: "normal", source: "default" });

    for (const body of [{ level: "loud" }, {}, { level: 3 }]) {
      const bad = await putThread(player, t.id, body);
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.json)).toContain("level");
    }
    expect((await getThread(player, t.id)).json).toMatchObject({ level: "tracking" });
    expect((await putThread(null, t.id, { level: "muted" })).status).toBe(401);
    expect((await getThread(null, t.id)).status).toBe(401);

    await db.forumThread.update({ where: { id: t.id }, data: { hidden: true } });
    expect((await putThread(player, t.id, { level: "muted" })).status).toBe(404);
    expect((await getThread(player, t.id)).status).toBe(404);
    expect((await putThread(mod, t.id, { level: "muted" })).status).toBe(200);
    expect(await db.forumThreadWatch.findUnique({ where: { userId_threadId: { userId: player.id, threadId: t.id } } })).toMatchObject({ level: "tracking" });
    expect((await putThread(player, 2_000_000_000, { level: "muted" })).status).toBe(404);
  });

  it("sets and reads a forum's level, which a thread without a level of its own follows; a hidden forum is 404 for a player", async () => {
    const forum = await createForum();
    const [starter, player, mod] = await Promise.all([userWithSession(), userWithSession(), userWithSession("MODERATOR")]);
    const t = await startThread(starter, forum.id);
    expect((await getForum(player, forum.id)).json).toEqual({ level: "normal", source: "default" });
    const r = await putForum(player, forum.id, { level: "watching" });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ level: "watching", source: "forum" });
    expect((await getThread(player, t.id)).json).toEqual({ level: "watching", source: "forum" });
    await level(player, t.id, "normal");
    expect((await getThread(player, t.id)).json).toEqual({ level: "normal", source: "thread" });
    expect((await getForum(player, forum.id)).json).toEqual({ level: "watching", source: "forum" });
    expect((await putForum(player, forum.id, { level: "everything" })).json).toHaveProperty("level");

    await db.forum.update({ where: { id: forum.id }, data: { hidden: true } });
    expect((await putForum(player, forum.id, { level: "muted" })).status).toBe(404);
    expect((await getThread(player, t.id)).status).toBe(404);
    expect((await putForum(mod, forum.id, { level: "muted" })).status).toBe(200);
  });
});

describe("auto-watch", () => {
  it("starting a thread watches it; replying watches it unless a level was chosen (muted stays muted)", async () => {
    const forum = await createForum();
    const [starter, replier, muter] = await Promise.all([userWithSession(), userWithSession(), userWithSession()]);
    const t = await startThread(starter, forum.id);
    expect((await getThread(starter, t.id)).json).toEqual({ level: "watching", source: "thread" });
    await reply(replier, t.id);
    expect((await getThread(replier, t.id)).json).toEqual({ level: "watching", source: "thread" });
    await level(muter, t.id, "muted");
    await reply(muter, t.id);
    expect((await getThread(muter, t.id)).json).toEqual({ level: "muted", source: "thread" });
    // Changeable afterwards.
    await level(starter, t.id, "tracking");
    await reply(starter, t.id);
    expect((await getThread(starter, t.id)).json).toEqual({ level: "tracking", source: "thread" });
  });
});

describe("the fan-out", () => {
  it("tells each watcher once per post; not the writer, the starter, a muted, overridden, banned or mentioned player", async () => {
    const forum = await createForum();
    const [starter, writer, byThread, byForum, forumButNormal, forumButMuted, banned, mentioned, bystander] = await Promise.all(
      Array.from({ length: 9 }, () => userWithSession()),
    );
    const t = await started(starter!, forum.id, "Watched thread");
    await level(byThread!, t.id, "watching");
    for (const u of [byForum!, forumButNormal!, forumButMuted!]) expect((await putForum(u, forum.id, { level: "watching" })).status).toBe(200);
    await level(forumButNormal!, t.id, "normal");
    await level(forumButMuted!, t.id, "muted");
    await level(banned!, t.id, "watching");
    await db.user.update({ where: { id: banned!.id }, data: { bannedAt: new Date() } });
    await level(mentioned!, t.id, "watching");
    await level(writer!, t.id, "watching");
    await runJobsUntilIdle();

    const p = await reply(writer!, t.id, `<p>Hello ${mention(mentioned!)}</p>`);
    expect(await queuedJobs("notify-watchers")).toHaveLength(1);
    expect(await watchedOf(byThread!.id)).toHaveLength(0); // not in the reply's transaction: the job's
    await runJobsUntilIdle();

    for (const u of [byThread!, byForum!]) {
      const told = await watchedOf(u.id);
      expect(told).toHaveLength(1);
      expect(told[0]!.link).toBe(`/forums/thread/${t.id}#post-${p.id}`);
      expect(told[0]!.data).toMatchObject({ actors: [writer!.username], title: "Watched thread" });
    }
    for (const u of [writer!, starter!, forumButNormal!, forumButMuted!, banned!, mentioned!, bystander!]) expect(await watchedOf(u.id)).toHaveLength(0);
    // The starter is told of the reply, once, as a reply; the mentioned watcher of the mention.
    expect(await db.notification.count({ where: { userId: starter!.id, type: "forum_reply" } })).toBe(1);
    expect(await db.notification.count({ where: { userId: mentioned!.id, type: "mention" } })).toBe(1);

    // The job again (a retry), and three runs at once in batches of one: nothing more.
    await notifyWatchers(p.id);
    await Promise.all([notifyWatchers(p.id, { batchSize: 1 }), notifyWatchers(p.id, { batchSize: 1 }), notifyWatchers(p.id)]);
    expect(await watchedOf(byThread!.id)).toHaveLength(1);
    expect(await watchedOf(byForum!.id)).toHaveLength(1);
  });

  it("runs at once for a post many watchers wait on tell each exactly once", async () => {
    const forum = await createForum();
    const [starter, writer] = await Promise.all([userWithSession(), userWithSession()]);
    const watchers = await Promise.all(Array.from({ length: 12 }, () => userWithSession()));
    const t = await started(starter, forum.id);
    await db.forumThreadWatch.createMany({ data: watchers.map((w) => ({ userId: w.id, threadId: t.id, level: "watching" })) });
    const p = await reply(writer, t.id);
    const runs = await Promise.all([
      notifyWatchers(p.id, { batchSize: 5 }),
      notifyWatchers(p.id, { batchSize: 3 }),
      notifyWatchers(p.id, { batchSize: 5 }),
      notifyWatchers(p.id),
    ]);
    expect(runs.reduce((n, r) => n + r.told, 0)).toBe(12);
    const counts = await db.notification.groupBy({
      by: ["userId"],
      where: { type: "forum_watched_post", userId: { in: watchers.map((w) => w.id) } },
      _count: true,
    });
    expect(counts).toHaveLength(12);
    expect(counts.every((c) => c._count === 1)).toBe(true);
  });

  it("tells forum watchers of a new thread; a thread level overrides the forum's either way", async () => {
    const forum = await createForum();
    const [starter, forumWatcher, threadOnly] = await Promise.all([userWithSession(), userWithSession(), userWithSession()]);
    expect((await putForum(forumWatcher, forum.id, { level: "watching" })).status).toBe(200);
    expect((await putForum(threadOnly, forum.id, { level: "muted" })).status).toBe(200);
    const t = await startThread(starter, forum.id, "Brand new");
    await runJobsUntilIdle();
    expect(await watchedOf(forumWatcher.id)).toHaveLength(1);
    expect(await watchedOf(threadOnly.id)).toHaveLength(0);
    expect(await watchedOf(starter.id)).toHaveLength(0);

    // Muted forum, watched thread: told. Watched forum, muted thread: not.
    await level(threadOnly, t.id, "watching");
    await level(forumWatcher, t.id, "muted");
    await reply(starter, t.id);
    await runJobsUntilIdle();
    expect(await watchedOf(threadOnly.id)).toHaveLength(1);
    expect(await watchedOf(forumWatcher.id)).toHaveLength(1);
  });

  it("tells no one of a post players cannot read; tells once it is readable and the job runs", async () => {
    const forum = await createForum();
    const [starter, writer, watcher] = await Promise.all([userWithSession(), userWithSession(), userWithSession()]);
    const t = await started(starter, forum.id);
    await level(watcher, t.id, "watching");
    const p = await reply(writer, t.id);
    await db.forumPost.update({ where: { id: p.id }, data: { hidden: true } });
    await runJobsUntilIdle();
    expect(await watchedOf(watcher.id)).toHaveLength(0);
    await db.forumPost.update({ where: { id: p.id }, data: { hidden: false } });
    await db.forum.update({ where: { id: forum.id }, data: { hidden: true } });
    expect((await notifyWatchers(p.id)).told).toBe(0);
    await db.forum.update({ where: { id: forum.id }, data: { hidden: false } });
    expect((await notifyWatchers(p.id)).told).toBe(1);
    expect(await watchedOf(watcher.id)).toHaveLength(1);
  });

  it("catch-up: a second post while the first is unread adds nothing; once read, the next one tells again", async () => {
    const forum = await createForum();
    const [starter, writer, watcher] = await Promise.all([userWithSession(), userWithSession(), userWithSession()]);
    const t = await started(starter, forum.id);
    await level(watcher, t.id, "watching");
    const first = await reply(writer, t.id);
    await runJobsUntilIdle();
    await reply(writer, t.id);
    await runJobsUntilIdle();
    const told = await watchedOf(watcher.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe(`/forums/thread/${t.id}#post-${first.id}`);
    await db.notification.update({ where: { id: told[0]!.id }, data: { readAt: new Date() } });
    await reply(writer, t.id);
    await runJobsUntilIdle();
    expect(await watchedOf(watcher.id)).toHaveLength(2);
  });

  it("keeps each watcher's channel: off makes nothing, email queues the delayed mail, site makes a plain one", async () => {
    const forum = await createForum();
    const [starter, writer, off, email, site] = await Promise.all(Array.from({ length: 5 }, () => userWithSession()));
    const t = await started(starter!, forum.id);
    for (const u of [off!, email!, site!]) await level(u, t.id, "watching");
    await db.notificationPreference.createMany({
      data: [
        { userId: off!.id, type: "forum_watched_post", channel: "off" },
        { userId: email!.id, type: "forum_watched_post", channel: "email" },
      ],
    });
    await reply(writer!, t.id);
    await runJobsUntilIdle();
    expect(await watchedOf(off!.id)).toHaveLength(0);
    const [mailed] = await watchedOf(email!.id);
    expect(mailed?.emailState).toBe("PENDING");
    expect((await queuedJobs("email-notification")).filter((j) => j.payload.notificationId === mailed!.id)).toHaveLength(1);
    expect((await watchedOf(site!.id)).map((n) => n.emailState)).toEqual(["NONE"]);
    // Turned on again, the next post tells them (the key of the first was never claimed).
    await db.notificationPreference.update({ where: { userId_type: { userId: off!.id, type: "forum_watched_post" } }, data: { channel: "site" } });
    await reply(writer!, t.id);
    await runJobsUntilIdle();
    expect(await watchedOf(off!.id)).toHaveLength(1);
  });
});

describe("muted", () => {
  it("a starter who muted the thread is not told of replies; a muted player is not told of a mention (twins: unmuted)", async () => {
    const forum = await createForum();
    const [starter, writer, muted, listening] = await Promise.all(Array.from({ length: 4 }, () => userWithSession()));
    const t = await started(starter!, forum.id);
    await reply(writer!, t.id);
    expect(await db.notification.count({ where: { userId: starter!.id, type: "forum_reply" } })).toBe(1);
    await db.notification.updateMany({ where: { userId: starter!.id }, data: { readAt: new Date() } });
    await level(starter!, t.id, "muted");
    await level(muted!, t.id, "muted");
    await reply(writer!, t.id, `<p>${mention(muted!)} ${mention(listening!)} ${mention(starter!)}</p>`);
    await runJobsUntilIdle();
    expect(await db.notification.count({ where: { userId: starter!.id, readAt: null } })).toBe(0);
    expect(await db.notification.count({ where: { userId: muted!.id } })).toBe(0);
    expect(await db.notification.count({ where: { userId: listening!.id, type: "mention" } })).toBe(1);
  });
});
