// The notification centre (docs/notifications.md): each wired type made exactly once by the
// action that causes it (concurrent actions, a retried job), in that action's transaction; the
// catch-up rule and grouping; the player's preferences; the delayed mail, skipped when read or
// when the player came back meanwhile, with its one-click unsubscribe; the API and the live stream.
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as activate2fa } from "@/app/api/v1/2fa/activate/route";
import { POST as deactivate2fa } from "@/app/api/v1/2fa/deactivate/route";
import { GET as status2fa } from "@/app/api/v1/2fa/status/route";
import * as listRoute from "@/app/api/v1/account/notifications/route";
import * as countRoute from "@/app/api/v1/account/notifications/count/route";
import * as prefsRoute from "@/app/api/v1/account/notifications/preferences/route";
import * as readAllRoute from "@/app/api/v1/account/notifications/read-all/route";
import * as streamRoute from "@/app/api/v1/account/notifications/stream/route";
import * as readRoute from "@/app/api/v1/account/notifications/[id]/read/route";
import { POST as changePasswordRoute } from "@/app/api/v1/change-password/route";
import { POST as postRoute } from "@/app/api/v1/forums/posts/route";
import { POST as ackRoute } from "@/app/api/v1/game/deliveries/ack/route";
import { POST as blockedRoute } from "@/app/api/v1/game/deliveries/blocked/route";
import { POST as claimRoute } from "@/app/api/v1/game/deliveries/claim/route";
import * as unsubscribeRoute from "@/app/api/v1/notifications/unsubscribe/route";
import * as ticketCommentsRoute from "@/app/api/v1/tickets/comments/route";
import * as ticketRoute from "@/app/api/v1/tickets/[id]/route";
import * as ticketsRoute from "@/app/api/v1/tickets/route";
import { db } from "@/lib/server/db";
import { notifyReaction } from "@/lib/server/notifications/events";
import { notificationLive } from "@/lib/server/notifications/live";
import { notify } from "@/lib/server/notifications/notify";
import { pruneNotifications } from "@/lib/server/notifications/sql/notifications";
import { unsubscribeToken } from "@/lib/server/notifications/unsubscribe";
import { purchaseProduct } from "@/lib/server/store/purchase-product";
import { createGameKey } from "../factories/game-keys";
import { createSessionToken, createUser, DEFAULT_PASSWORD } from "../factories/users";
import { queuedJobs, runJobsUntilIdle } from "../support/jobs";
import { captureMailForFile, linkIn } from "../support/smtp-capture";
import { createForum, startThread, userWithSession, type U } from "./forums-fixtures";
import { call, CROSS_SITE, freshClient, SAME_ORIGIN } from "./helpers";
import { createCategory, createProduct, giveCredits } from "./store-fixtures";

const mailbox = captureMailForFile({ TRUST_PROXY: "true", NOTIFICATION_EMAIL_DELAY_SECONDS: "600" });

let gameKey: Record<string, string>;
beforeAll(async () => {
  gameKey = (await createGameKey(["deliveries"])).headers;
});
afterAll(async () => {
  await notificationLive.close();
});

const as = (session: string, opts: { method?: string; body?: unknown; params?: Record<string, string>; path?: string } = {}) => ({
  method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
  path: opts.path ?? "/api/v1/account/notifications",
  body: opts.body,
  params: opts.params ?? {},
  cookies: { session },
  headers: { ...SAME_ORIGIN, ...freshClient() },
});
const rowsOf = (userId: number, type?: string) => db.notification.findMany({ where: { userId, ...(type ? { type } : {}) }, orderBy: { id: "asc" } });
const reply = (u: U, threadId: number, content = "<p>A reply</p>") =>
  call(postRoute, {
    method: "POST",
    path: "/api/v1/forums/posts",
    body: { thread_id: threadId, content },
    cookies: { session: u.session },
    headers: { ...SAME_ORIGIN, ...freshClient() },
  });
/** Makes a pending mail job due now, as if its delay had passed. */
const makeMailsDue = () =>
  db.$executeRaw`SELECT graphile_worker.reschedule_jobs(array_agg(id), run_at => now()) FROM graphile_worker.jobs WHERE task_identifier = 'email-notification'`;

describe("forum replies", () => {
  it("tells the thread's starter of concurrent replies once each until read (catch-up), never the replier, and links to the post", async () => {
    const forum = await createForum();
    const [owner, a, b] = await Promise.all([userWithSession(), userWithSession(), userWithSession()]);
    const thread = await startThread(owner, forum.id, "Best training spot?");
    // The owner's own reply tells nobody.
    expect((await reply(owner, thread.id)).status).toBe(201);
    expect(await rowsOf(owner.id)).toHaveLength(0);

    const results = await Promise.all([reply(a, thread.id), reply(b, thread.id), reply(a, thread.id)]);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    // Three replies, one unread notification: the first one the owner missed.
    const rows = await rowsOf(owner.id, "forum_reply");
    expect(rows).toHaveLength(1);
    const first = await db.forumPost.findFirstOrThrow({
      where: { threadId: thread.id, userId: { not: owner.id } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
    expect(rows[0]!.link).toBe(`/forums/thread/${thread.id}#post-${first.id}`);
    const list = await call(listRoute.GET, as(owner.session));
    expect(list.status).toBe(200);
    expect(list.json).toMatchObject({ unread: 1, results: [{ type: "forum_reply", read: false, link: rows[0]!.link }] });
    expect((list.json.results as { text: string }[])[0]!.text).toMatch(/ replied to your thread “Best training spot\?”$/);

    // Read: the next reply is news again, on page 2 of the thread (10 posts a page).
    expect((await call(readRoute.POST, as(owner.session, { method: "POST", params: { id: String(rows[0]!.id) } }))).json).toEqual({ unread: 0 });
    for (let i = 0; i < 6; i++) expect((await reply(b, thread.id)).status).toBe(201);
    const after = await rowsOf(owner.id, "forum_reply");
    expect(after).toHaveLength(2);
    // The first reply after the read is the 6th post: page 1. Read it, and the 12th post is on page 2.
    expect(after[1]!.link).toMatch(new RegExp(`^/forums/thread/${thread.id}#post-\\d+$`));
    await call(readAllRoute.POST, as(owner.session, { method: "POST", path: "/api/v1/account/notifications/read-all" }));
    expect((await reply(a, thread.id)).status).toBe(201);
    const last = (await rowsOf(owner.id, "forum_reply")).at(-1)!;
    const newest = await db.forumPost.findFirstOrThrow({ where: { threadId: thread.id }, orderBy: { id: "desc" } });
    expect(await db.forumPost.count({ where: { threadId: thread.id } })).toBe(12);
    expect(last.link).toBe(`/forums/thread/${thread.id}?page=2#post-${newest.id}`);
  });

  it("makes nothing when the reply is rolled back (a closed thread)", async () => {
    const forum = await createForum();
    const [owner, a] = await Promise.all([userWithSession(), userWithSession()]);
    const thread = await startThread(owner, forum.id);
    await db.forumThread.update({ where: { id: thread.id }, data: { closed: true } });
    expect((await reply(a, thread.id)).status).toBe(409);
    expect(await rowsOf(owner.id)).toHaveLength(0);
  });
});

describe("exactly once, grouping and preferences", () => {
  it("makes one notification for one dedupe key, however many transactions race or a job retries", async () => {
    const u = await createUser();
    const once = () =>
      db.$transaction((tx) => notify(tx, { userId: u.id, type: "vote_reward", dedupeKey: "vote_reward:vote:77", link: "/vote", title: "5 points" }));
    const outcomes = await Promise.all([once(), once(), once(), once()]);
    expect(outcomes.filter((o) => o.outcome === "created")).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === "duplicate")).toHaveLength(3);
    // A retry later (the job ran again) finds the key taken.
    expect((await once()).outcome).toBe("duplicate");
    expect(await rowsOf(u.id)).toHaveLength(1);
    // A rolled-back action leaves no key behind: the retry that commits makes it.
    const other = { userId: u.id, type: "vote_reward" as const, dedupeKey: "vote_reward:vote:78", link: "/vote" };
    await expect(
      db.$transaction(async (tx) => {
        await notify(tx, other);
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect(await rowsOf(u.id)).toHaveLength(1);
    expect((await db.$transaction((tx) => notify(tx, other))).outcome).toBe("created");
  });

  it("groups reactions on one post into one unread row with the latest actors, concurrently; a read row starts a new group", async () => {
    const owner = await createUser();
    const reactors = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    const react = (r: { id: number; username: string }) =>
      db.$transaction((tx) => notifyReaction(tx, { userId: owner.id, postId: 501, threadId: 9, page: 1, title: "Drops", reactor: r }));
    await Promise.all(reactors.slice(0, 4).map(react));
    // The same player reacting twice (a double click, a retried request) counts once.
    await react(reactors[0]!);
    let rows = await rowsOf(owner.id, "reaction");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.count).toBe(4);
    expect((rows[0]!.data as { actors: string[] }).actors).toHaveLength(3);
    const list = await call(listRoute.GET, as(await createSessionToken(owner.id)));
    expect((list.json.results as { text: string }[])[0]!.text).toMatch(/^\S.* and 3 others liked your post in “Drops”$/);

    await react(reactors[4]!);
    rows = await rowsOf(owner.id, "reaction");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.count).toBe(5);
    expect((rows[0]!.data as { actors: string[] }).actors[0]).toBe(reactors[4]!.username);

    await db.notification.update({ where: { id: rows[0]!.id }, data: { readAt: new Date() } });
    const late = await createUser();
    await react(late);
    rows = await rowsOf(owner.id, "reaction");
    expect(rows.map((r) => r.count)).toEqual([5, 1]);
  });

  it("respects the player's channel: off makes nothing; a type without email refuses it (400 naming the field)", async () => {
    const { id, session } = await userWithSession();
    const put = (body: unknown) => call(prefsRoute.PUT, as(session, { method: "PUT", body, path: "/api/v1/account/notifications/preferences" }));
    expect((await put({ vote_reward: "off" })).status).toBe(200);
    expect((await db.$transaction((tx) => notify(tx, { userId: id, type: "vote_reward", dedupeKey: "v:1", link: "/vote" }))).outcome).toBe("off");
    expect(await rowsOf(id)).toHaveLength(0);
    expect((await put({ vote_reward: "site" })).status).toBe(200);
    expect((await db.$transaction((tx) => notify(tx, { userId: id, type: "vote_reward", dedupeKey: "v:1", link: "/vote" }))).outcome).toBe("created");

    const refused = await put({ security: "off", ticket_reply: "email" });
    expect(refused.status).toBe(400);
    expect(refused.json).toHaveProperty("security");
    expect(refused.json).toHaveProperty("ticket_reply");
    const bad = await put({ nonsense: "site" });
    expect(bad.status).toBe(400);
    const prefs = await call(prefsRoute.GET, as(session, { path: "/api/v1/account/notifications/preferences" }));
    const byType = Object.fromEntries((prefs.json.results as { type: string; channel: string }[]).map((p) => [p.type, p.channel]));
    expect(byType).toMatchObject({ vote_reward: "site", security: "site", ticket_reply: "site", forum_reply: "site" });
  });

  it("keeps each player's newest notifications up to the cap, by the prune job, not on the way in", async () => {
    const u = await createUser();
    for (let i = 0; i < 7; i++) await db.$transaction((tx) => notify(tx, { userId: u.id, type: "vote_reward", dedupeKey: `cap:${i}`, link: "/vote" }));
    expect(await rowsOf(u.id)).toHaveLength(7);
    const all = (await rowsOf(u.id)).map((r) => r.id);
    await pruneNotifications(db, 5, 90);
    expect((await rowsOf(u.id)).map((r) => r.id)).toEqual(all.slice(2));
  });
});

describe("tickets", () => {
  it("tells the player of a staff reply and a status change once each, and nothing of their own reply", async () => {
    const [player, mod] = await Promise.all([userWithSession(), userWithSession("MODERATOR")]);
    const h = (u: U, method = "POST") => ({ method, cookies: { session: u.session }, headers: { ...SAME_ORIGIN, ...freshClient() } });
    const opened = await call(ticketsRoute.POST, { ...h(player), body: { type: "WEBSITE_SUPPORT", title: "Store blank", description: "Nothing shows." } });
    const id = (opened.json as { id: number }).id;
    await call(ticketCommentsRoute.POST, { ...h(player), body: { ticket: id, content: "Still blank." } });
    expect(await rowsOf(player.id)).toHaveLength(0);
    expect((await call(ticketCommentsRoute.POST, { ...h(mod), body: { ticket: id, content: "Try again?" } })).status).toBe(201);
    // Two staff closing it at once: one change, told once.
    await Promise.all([
      call(ticketRoute.PATCH, { ...h(mod, "PATCH"), params: { id: String(id) }, body: { closed: true } }),
      call(ticketRoute.PATCH, { ...h(mod, "PATCH"), params: { id: String(id) }, body: { closed: true } }),
    ]);
    const rows = await rowsOf(player.id);
    expect(rows.map((r) => r.type).sort()).toEqual(["ticket_reply", "ticket_status"]);
    expect(rows.every((r) => r.link === `/ticket/${id}`)).toBe(true);
  });
});

describe("game deliveries", () => {
  it("tells the buyer once when the game claims the order, and once per reason when it is blocked", async () => {
    const user = await createUser();
    const cat = await createCategory();
    const product = await createProduct({ categoryId: cat.id, price: 10, name: "Dragon scimitar" });
    await giveCredits(user.id, 10);
    await purchaseProduct(user.id, product.id, null);
    const g = (route: typeof claimRoute, path: string, body: unknown) => call(route, { method: "POST", path, body, headers: { ...gameKey, ...freshClient() } });
    const claim = async () =>
      (await g(claimRoute, "/api/v1/game/deliveries/claim", { player_id: user.id })).json as { lease_id: string; deliveries: { id: number }[] };

    let c = await claim();
    const ids = c.deliveries.map((d) => d.id);
    // Blocked twice for the same reason (the game reports it on every claim): told once.
    expect((await g(blockedRoute, "/api/v1/game/deliveries/blocked", { lease_id: c.lease_id, delivery_ids: ids, reason: "inventory_full" })).status).toBe(200);
    c = await claim();
    await g(blockedRoute, "/api/v1/game/deliveries/blocked", { lease_id: c.lease_id, delivery_ids: ids, reason: "inventory_full" });
    expect(await rowsOf(user.id, "order_blocked")).toHaveLength(1);
    c = await claim();
    // Acked twice at once: told once.
    await Promise.all([
      g(ackRoute, "/api/v1/game/deliveries/ack", { lease_id: c.lease_id, delivery_ids: ids }),
      g(ackRoute, "/api/v1/game/deliveries/ack", { lease_id: c.lease_id, delivery_ids: ids }),
    ]);
    const claimed = await rowsOf(user.id, "order_claimed");
    expect(claimed).toHaveLength(1);
    expect(claimed[0]!.link).toMatch(/^\/account\/orders\/S-\d{6}$/);
    expect((claimed[0]!.data as { title: string }).title).toContain("Dragon scimitar");
  });
});

describe("account security", () => {
  it("tells the player when two-factor goes on and off and when the password changes", async () => {
    const { id, session } = await userWithSession();
    const h = { cookies: { session }, headers: { ...SAME_ORIGIN, ...freshClient() } };
    const secret = String((await call(status2fa, h)).json.secret);
    const code = await generate({ secret });
    expect((await call(activate2fa, { ...h, method: "POST", body: { code } })).status).toBe(200);
    expect((await rowsOf(id, "security")).map((r) => (r.data as { detail: string }).detail)).toEqual([expect.stringMatching(/turned on/)]);
    const recovery = (await db.recoveryCode.count({ where: { userId: id } })) > 0;
    expect(recovery).toBe(true);
    const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect((await call(deactivate2fa, { ...h, method: "POST", body: { code: next } })).status).toBe(200);
    const np = "a much Better passphrase 42!";
    const changed = await call(changePasswordRoute, {
      ...h,
      method: "POST",
      body: { password: DEFAULT_PASSWORD, newPassword: np, newPasswordConfirmation: np },
    });
    expect(changed.status).toBe(200);
    const details = (await rowsOf(id, "security")).map((r) => (r.data as { detail: string }).detail);
    expect(details).toEqual([expect.stringMatching(/turned on/), expect.stringMatching(/turned off/), expect.stringMatching(/password was changed/)]);
  });
});

describe("the delayed mail", () => {
  it("waits the delay, then mails an unread notification with a one-click unsubscribe; read or visited meanwhile, no mail", async () => {
    const [owner, a] = await Promise.all([userWithSession(), userWithSession()]);
    await db.notificationPreference.create({ data: { userId: owner.id, type: "forum_reply", channel: "email" } });
    // The owner's session was last seen before the notification (not active since).
    await db.session.updateMany({ where: { userId: owner.id }, data: { lastSeenAt: new Date(Date.now() - 3_600_000) } });
    const forum = await createForum();
    const t1 = await startThread(owner, forum.id, "Mailed thread");
    const before = Date.now();
    expect((await reply(a, t1.id)).status).toBe(201);
    const [job] = await queuedJobs("email-notification");
    expect(job!.run_at.getTime()).toBeGreaterThanOrEqual(before + 599_000);
    // Not due yet: nothing is sent.
    await runJobsUntilIdle();
    expect(mailbox().messages.filter((m) => m.to.includes(owner.email))).toHaveLength(0);

    await makeMailsDue();
    await runJobsUntilIdle();
    const mail = await mailbox().latestTo(owner.email);
    expect(mail.body).toContain("replied to your thread");
    expect(mail.body).toContain("Mailed thread");
    expect(linkIn(mail, `/forums/thread/${t1.id}`).pathname).toBe(`/forums/thread/${t1.id}`);
    const headers = mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, "");
    const header = /^List-Unsubscribe: ?<([^>]+)>/im.exec(headers)?.[1];
    expect(header).toMatch(/\/api\/v1\/notifications\/unsubscribe\?token=/);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/im);
    expect((await rowsOf(owner.id, "forum_reply"))[0]!.emailState).toBe("SENT");

    // Read on the site before the delay: skipped.
    const t2 = await startThread(owner, forum.id, "Read in time");
    await reply(a, t2.id);
    const n2 = (await rowsOf(owner.id, "forum_reply")).at(-1)!;
    await call(readRoute.POST, as(owner.session, { method: "POST", params: { id: String(n2.id) } }));
    // Visited the site (a session seen) after the notification: skipped too.
    const t3 = await startThread(owner, forum.id, "Visited in time");
    await reply(a, t3.id);
    await db.session.updateMany({ where: { userId: owner.id }, data: { lastSeenAt: new Date(Date.now() + 1000) } });
    const sent = mailbox().messages.length;
    await makeMailsDue();
    await runJobsUntilIdle();
    expect(mailbox().messages.length).toBe(sent);
    expect((await rowsOf(owner.id, "forum_reply")).map((r) => r.emailState)).toEqual(["SENT", "SKIPPED", "SKIPPED"]);

    // One click in the mail client (a form POST without cookies) stops the type's mails.
    const url = new URL(header!);
    const token = url.searchParams.get("token")!;
    const info = await call(unsubscribeRoute.GET, { path: `${url.pathname}${url.search}` });
    expect(info.json).toMatchObject({ type: "forum_reply", channel: "email" });
    const click = await call(unsubscribeRoute.POST, {
      method: "POST",
      path: `${url.pathname}${url.search}`,
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded", ...CROSS_SITE },
    });
    expect(click.status).toBe(200);
    expect(click.json).toMatchObject({ type: "forum_reply", channel: "site" });
    expect(await db.notificationPreference.findUnique({ where: { userId_type: { userId: owner.id, type: "forum_reply" } } })).toMatchObject({
      channel: "site",
    });
    // A pending mail of that type is skipped too once the channel is no longer email.
    await db.notificationPreference.update({ where: { userId_type: { userId: owner.id, type: "forum_reply" } }, data: { channel: "email" } });
    await db.session.updateMany({ where: { userId: owner.id }, data: { lastSeenAt: new Date(Date.now() - 3_600_000) } });
    const t4 = await startThread(owner, forum.id, "Unsubscribed before the delay");
    await reply(a, t4.id);
    await call(unsubscribeRoute.POST, { method: "POST", path: `/api/v1/notifications/unsubscribe?token=${token}`, rawBody: "List-Unsubscribe=One-Click" });
    await makeMailsDue();
    await runJobsUntilIdle();
    expect(mailbox().messages.length).toBe(sent);

    // An altered token is refused and changes nothing.
    const forged = unsubscribeToken(a.id, "forum_reply").replace(/^\d+/, String(owner.id));
    const refused = await call(unsubscribeRoute.POST, { method: "POST", path: `/api/v1/notifications/unsubscribe?token=${forged}`, rawBody: "" });
    expect(refused.status).toBe(400);
    expect(refused.json).toHaveProperty("token");
  });
});

describe("the API", () => {
  it("answers another player's notification as missing, counts unread, and refuses guests", async () => {
    const [a, b] = await Promise.all([userWithSession(), userWithSession()]);
    await db.$transaction((tx) => notify(tx, { userId: a.id, type: "vote_reward", dedupeKey: "api:1", link: "/vote" }));
    const [mine] = await rowsOf(a.id);
    expect((await call(readRoute.POST, as(b.session, { method: "POST", params: { id: String(mine!.id) } }))).status).toBe(404);
    expect((await call(countRoute.GET, as(a.session, { path: "/api/v1/account/notifications/count" }))).json).toEqual({ unread: 1 });
    expect((await call(readRoute.POST, as(a.session, { method: "POST", params: { id: String(mine!.id) } }))).json).toEqual({ unread: 0 });
    expect((await call(countRoute.GET, { path: "/api/v1/account/notifications/count" })).status).toBe(401);
    expect((await call(listRoute.GET, as(b.session))).json).toMatchObject({ results: [], unread: 0 });
  });

  it("streams the unread count at once and again when another process notifies (LISTEN), until the client leaves", async () => {
    const owner = await userWithSession();
    expect(await notificationLive.ready()).toBe(true);
    const abort = new AbortController();
    const req = new (await import("next/server")).NextRequest(new URL("/api/v1/account/notifications/stream", "http://localhost:3000"), {
      headers: { cookie: `session=${owner.session}` },
      signal: abort.signal,
    });
    const res = await streamRoute.GET(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const until = async (re: RegExp) => {
      const deadline = Date.now() + 10_000;
      while (!re.test(text)) {
        if (Date.now() > deadline) throw new Error(`stream never said ${re}: ${text}`);
        const { value, done } = await reader.read();
        if (done) throw new Error("stream ended");
        text += decoder.decode(value);
      }
    };
    await until(/data: \{"unread":0\}/);
    // Written over a connection of its own, as another instance would.
    await db.$transaction((tx) => notify(tx, { userId: owner.id, type: "vote_reward", dedupeKey: "live:1", link: "/vote" }));
    await until(/data: \{"unread":1\}/);
    abort.abort();
    await expect.poll(() => notificationLive.subscribers()).toBe(0);
  });
});
