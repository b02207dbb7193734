// `npm run admin -- reclean-content`: bodies stored before the image rule tightened
// still held images pointing at /store-link or at hosts the URL parser cannot read. Running
// every stored body through today's rule again removes them, proxies outside images, leaves
// clean bodies alone, and never overwrites an edit made meanwhile.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { EMPTIED_BODY, recleanStoredContent } from "@/lib/server/forums/reclean-content";
import { IMAGE_PROXY_PATH } from "@/lib/server/forums/image-proxy";
import { createForum, forumActors, reply, startThread } from "./forums-fixtures";

const users = forumActors();

/** Writes a body as an older version of the site stored it (no sanitiser in between). */
const storeAsOld = (postId: number, content: string) => db.forumPost.update({ where: { id: postId }, data: { content } });

describe("recleanStoredContent", () => {
  it("drops store-link and unparseable images, proxies outside ones, and leaves clean bodies as they are", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id, "Old thread", "<p>clean opening</p>");
    const opening = await db.forumPost.findFirstOrThrow({ where: { threadId: t.id }, orderBy: { id: "asc" } });
    const bad = await reply(users.bob, t.id, "<p>placeholder</p>");
    const onlyImage = await reply(users.bob, t.id, "<p>placeholder</p>");
    await storeAsOld(
      bad.id,
      '<p>free gold</p><img src="/store-link?token=abcdefghijklmnopqrstuvwxyz" /><img src="https://xn--a.attacker.example:8443/leak.png" /><img src="https://images.example/ok.png" />',
    );
    await storeAsOld(onlyImage.id, '<img src="/store-link?token=abcdefghijklmnopqrstuvwxyz" />');

    const ids = { postIds: [opening.id, bad.id, onlyImage.id] };
    const first = await recleanStoredContent(ids);
    expect(first).toEqual({ posts: 3, postsChanged: 2, news: 0, newsChanged: 0 });
    const after = await db.forumPost.findUniqueOrThrow({ where: { id: bad.id } });
    expect(after.content).not.toContain("store-link");
    expect(after.content).not.toContain("attacker");
    expect(after.content).toMatch(new RegExp(`<img src="${IMAGE_PROXY_PATH}\\d+" />`));
    expect(after.content).toContain("<p>free gold</p>");
    expect((await db.forumPost.findUniqueOrThrow({ where: { id: onlyImage.id } })).content).toBe(EMPTIED_BODY);
    expect((await db.forumPost.findUniqueOrThrow({ where: { id: opening.id } })).content).toBe("<p>clean opening</p>");
    // A second run finds nothing to do: the stored copies are today's rule's fixed point.
    expect(await recleanStoredContent(ids)).toEqual({ posts: 3, postsChanged: 0, news: 0, newsChanged: 0 });
  });
});
