import "server-only";
import { announce, topic } from "../changes/announce";
import { EDIT_WINDOW_MESSAGE, type TPost, withinEditWindow } from "@/lib/schemas/forums";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import { syncNewsArticle } from "./sync-news-article";
import type { Actor } from "../sessions/authenticate-request";
import { canSeeHidden, POST_INCLUDE, postNotFound, toPostDto, visiblePosts } from "./forum-dto";
import { prepareContent } from "../content/prepare-content";
import { htmlToText } from "./sanitize";
import { tellPostReferences } from "./post-notices";
import { savePostReferences, withCurrentNames } from "./post-references";

// PATCH /api/v1/forums/posts/{id}: the author edits their post within the edit window; staff
// edit any post at any time, and must say why when it is someone else's (that edit is audited,
// with the text it replaced). Players never reach a post they cannot read: hidden, or in a hidden
// thread, forum or category (404 as if missing). Editing the opening post of a news thread edits
// the news article with it.

export const NOT_YOUR_POST_MESSAGE = "You can only edit your own posts.";
export const EDIT_REASON_REQUIRED = "Give a reason when editing someone else's post.";

/** How an audited edit shows the text before and after: its length and the start of its words. */
const EXCERPT_MAX = 80;
const summary = (html: string) => ({ length: html.length, excerpt: htmlToText(html, EXCERPT_MAX) });

export async function editPost(
  actor: Pick<Actor, "userId" | "isStaff">,
  postId: number,
  input: { content: string; reason?: string },
  ip?: string,
): Promise<TPost> {
  const staff = canSeeHidden(actor);
  const post = await db.forumPost.findFirst({
    where: { id: postId, ...visiblePosts(actor) },
    select: { userId: true, createdAt: true, threadId: true, content: true },
  });
  if (!post) throw postNotFound();
  const own = post.userId === actor.userId;
  if (!staff) {
    if (!own) throw new AppError("FORBIDDEN", { userMessage: NOT_YOUR_POST_MESSAGE });
    if (!withinEditWindow(post.createdAt, Date.now())) throw new AppError("FORBIDDEN", { userMessage: EDIT_WINDOW_MESSAGE });
  } else if (!own && !input.reason) {
    throw new AppError("VALIDATION", { fields: { reason: [EDIT_REASON_REQUIRED] } });
  }
  const content = await prepareContent(input.content);

  const edited = await db.$transaction(async (tx) => {
    // Conditional for players: a post hidden since the check above (or its thread, forum or
    // category) stays as staff left it.
    const changed = await tx.forumPost.updateMany({
      where: { id: postId, ...visiblePosts(actor) },
      data: { content, editedAt: new Date(), editedById: actor.userId, editReason: input.reason ?? null },
    });
    if (changed.count === 0) throw postNotFound();
    // Told once per post and player: an edit tells only players it newly mentions or quotes.
    await tellPostReferences(tx, { id: postId, authorId: post.userId }, await savePostReferences(tx, postId, content));
    await announce(tx, [topic.thread(post.threadId)]);
    await syncNewsArticle(tx, { threadId: post.threadId, postId, before: post.content, after: content });
    if (staff && !own) {
      await recordAudit(
        {
          action: "forum.post.edit",
          actorId: actor.userId,
          targetType: "forum_post",
          targetId: postId,
          data: {
            threadId: post.threadId,
            authorId: post.userId,
            reason: input.reason ?? null,
            before: summary(post.content),
            after: summary(content),
            previousContent: post.content,
          },
          ip: ip ?? null,
        },
        tx,
      );
    }
    return toPostDto(await tx.forumPost.findUniqueOrThrow({ where: { id: postId }, include: POST_INCLUDE }), staff);
  });
  const [dto] = await withCurrentNames([edited]);
  return dto!;
}
