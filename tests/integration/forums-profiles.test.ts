import { describe, expect, it } from "vitest";
import * as profileRoute from "@/app/api/v1/users/[name]/profile/route";
import type { TProfile } from "@/lib/schemas/profiles";
import { db } from "@/lib/server/db";
import { moderatePost } from "@/lib/server/forums/moderate-post";
import { moderateThread } from "@/lib/server/forums/moderate-thread";
import { as, createForum, forumActors, reply, startThread, type U, userWithSession } from "./forums-fixtures";
import { call } from "./helpers";

// Public profiles (docs/forums.md, "Profiles"): the name looked up ignoring case and separators;
// the stored counters; the newest posts and threads this reader may read (the forum visibility
// rule: nothing hidden, nor in a hidden forum or category, for players and guests; staff get
// them marked); banned players keep their profile, marked; unknown and unconfirmed names are 404.

const users = forumActors();

const get = (reader: U | null, name: string) =>
  call(profileRoute.GET, as(reader, { path: `/api/v1/users/${encodeURIComponent(name)}/profile`, params: { name } }));

async function profileOf(reader: U | null, name: string): Promise<TProfile> {
  const r = await get(reader, name);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json as unknown as TProfile;
}

describe("a profile", () => {
  it("finds the player whatever the case, with rank, tier, join date and the stored counts", async () => {
    const writer = await userWithSession();
    const forum = await createForum();
    const t = await startThread(writer, forum.id, "My first thread");
    await reply(writer, t.id, "<p>And a <strong>reply</strong> &amp; more</p>");
    const p = await profileOf(null, writer.username.toUpperCase());
    expect(p).toMatchObject({
      name: writer.username,
      rank: "player",
      is_staff: false,
      donator_rank: null,
      tier: "bronze",
      banned: false,
      thread_count: 1,
      post_count: 2,
      join_date: writer.createdAt.toISOString(),
    });
    expect(p.recent_posts.map((x) => x.excerpt)).toEqual(["And a reply & more", "Opening words"]);
    expect(p.recent_posts[0]).toMatchObject({ thread: { id: t.id, title: "My first thread" }, forum: { id: forum.id }, page: 1, hidden: false });
    expect(p.recent_threads).toEqual([expect.objectContaining({ id: t.id, title: "My first thread", post_count: 2, hidden: false })]);
  });

  it("staff show their staff rank, and a donator rank beside it", async () => {
    const staff = await userWithSession("ADMINISTRATOR");
    await db.user.update({ where: { id: staff.id }, data: { memberRank: "EXTREME" } });
    expect(await profileOf(null, staff.username)).toMatchObject({ rank: "administrator", is_staff: true, donator_rank: "extreme" });
    const donor = await userWithSession();
    await db.user.update({ where: { id: donor.id }, data: { memberRank: "PREMIUM" } });
    expect(await profileOf(null, donor.username)).toMatchObject({ rank: "premium", is_staff: false, donator_rank: "premium" });
  });

  it("an empty profile lists no posts and no threads", async () => {
    const quiet = await userWithSession();
    expect(await profileOf(null, quiet.username)).toMatchObject({ thread_count: 0, post_count: 0, recent_posts: [], recent_threads: [] });
  });

  it("leaves out what the reader may not read: hidden posts and threads, hidden forums; staff get them marked", async () => {
    const writer = await userWithSession();
    const open = await createForum();
    const secret = await createForum();
    const shown = await startThread(writer, open.id, "Shown thread");
    const hiddenPost = await reply(writer, shown.id, "<p>Hidden reply</p>");
    await moderatePost({ userId: users.mod.id }, hiddenPost.id, { hidden: true, reason: "spam" });
    const hiddenThread = await startThread(writer, open.id, "Hidden thread");
    await moderateThread({ userId: users.mod.id }, hiddenThread.id, { hidden: true, reason: "spam" });
    const inSecret = await startThread(writer, secret.id, "In a hidden forum");
    await db.forum.update({ where: { id: secret.id }, data: { hidden: true } });

    for (const reader of [null, users.bob]) {
      const p = await profileOf(reader, writer.username);
      expect(p.recent_threads.map((t) => t.title)).toEqual(["Shown thread"]);
      expect(p.recent_posts.map((x) => x.excerpt)).toEqual(["Opening words"]);
    }
    const staffView = await profileOf(users.mod, writer.username);
    expect(staffView.recent_threads.map((t) => [t.id, t.hidden])).toEqual([
      [inSecret.id, false],
      [hiddenThread.id, true],
      [shown.id, false],
    ]);
    expect(staffView.recent_posts.map((x) => x.hidden)).toContain(true);
  });

  it("links each post to its page of the thread as this reader counts it", async () => {
    const writer = await userWithSession();
    const forum = await createForum();
    const t = await startThread(writer, forum.id, "Long thread");
    const fillers = [];
    // The opening post and 9 replies fill page 1 (10 a page); the 11th post is on page 2.
    for (let i = 0; i < 9; i++) fillers.push(await reply(users.bob, t.id, `<p>Filler ${i}</p>`));
    const late = await reply(writer, t.id, "<p>On page two</p>");
    expect((await profileOf(null, writer.username)).recent_posts[0]).toMatchObject({ id: late.id, page: 2 });
    // With a filler hidden, players see it on page 1; staff, who see the hidden one, still on 2.
    await moderatePost({ userId: users.mod.id }, fillers[0]!.id, { hidden: true, reason: "spam" });
    expect((await profileOf(null, writer.username)).recent_posts[0]).toMatchObject({ id: late.id, page: 1 });
    expect((await profileOf(users.mod, writer.username)).recent_posts[0]).toMatchObject({ id: late.id, page: 2 });
  });

  it("a banned player keeps the profile, marked banned; an ended ban is no ban", async () => {
    const banned = await userWithSession();
    await db.user.update({ where: { id: banned.id }, data: { bannedAt: new Date(), bannedUntil: null, banReason: "cheating" } });
    const p = await profileOf(null, banned.username);
    expect(p.banned).toBe(true);
    expect(JSON.stringify(p)).not.toContain("cheating");
    await db.user.update({ where: { id: banned.id }, data: { bannedUntil: new Date(Date.now() - 1000) } });
    expect((await profileOf(null, banned.username)).banned).toBe(false);
  });

  it("an unknown name and an unconfirmed account are 404; a known one is 200; a name too long is a 400 naming it", async () => {
    expect((await get(null, "nobodyzzqq")).status).toBe(404);
    const unconfirmed = await userWithSession();
    await db.user.update({ where: { id: unconfirmed.id }, data: { isActive: false } });
    expect((await get(null, unconfirmed.username)).status).toBe(404);
    await db.user.update({ where: { id: unconfirmed.id }, data: { isActive: true } });
    expect((await get(null, unconfirmed.username)).status).toBe(200);
    const long = await get(null, "x".repeat(13));
    expect(long.status).toBe(400);
    expect(long.json.name).toEqual([expect.any(String)]);
  });
});
