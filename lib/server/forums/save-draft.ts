import "server-only";
import { DRAFTS_PER_PLAYER } from "@/lib/messages/forums";
import type { DraftKind, TDraft } from "@/lib/schemas/forum-editor";
import { db } from "../db";
import type { Actor } from "../sessions/authenticate-request";
import { DRAFT_KIND, toDraftDto } from "./drafts";
import { forumNotFound, threadNotFound, visibleForums, visibleThreads } from "./forum-dto";
import { sanitizePostHtml } from "./sanitize";

// PUT /api/v1/forums/drafts/{kind}/{id}: the editor saves what the player has typed, a moment
// after they stop. Only for a target the player could write to now (a forum they may see, a
// thread they may see), so no draft row points at nothing. The body goes through the same
// allowlist as a post (outside images are kept as written: they are proxied when posted), and
// only its own player ever gets it back. A player keeps DRAFTS_PER_PLAYER drafts: saving one
// more drops their oldest.

export async function saveDraft(
  actor: Pick<Actor, "userId" | "isStaff">,
  kind: DraftKind,
  targetId: number,
  input: { title?: string | undefined; content: string },
): Promise<TDraft> {
  if (kind === "thread") {
    const forum = await db.forum.findFirst({ where: { id: targetId, ...visibleForums(actor) }, select: { id: true } });
    if (!forum) throw forumNotFound();
  } else {
    const thread = await db.forumThread.findFirst({ where: { id: targetId, ...visibleThreads(actor) }, select: { id: true } });
    if (!thread) throw threadNotFound();
  }
  const content = sanitizePostHtml(input.content);
  const title = kind === "thread" ? (input.title ?? "").trim() : "";
  const key = { userId: actor.userId, kind: DRAFT_KIND[kind], targetId };
  return db.$transaction(async (tx) => {
    const row = await tx.forumDraft.upsert({ where: { userId_kind_targetId: key }, create: { ...key, title, content }, update: { title, content } });
    const keep = await tx.forumDraft.findMany({
      where: { userId: actor.userId },
      orderBy: [{ updatedAt: "desc" }, { targetId: "desc" }],
      take: DRAFTS_PER_PLAYER,
      select: { kind: true, targetId: true },
    });
    if (keep.length === DRAFTS_PER_PLAYER) {
      await tx.forumDraft.deleteMany({ where: { userId: actor.userId, NOT: { OR: keep.map((k) => ({ kind: k.kind, targetId: k.targetId })) } } });
    }
    return toDraftDto(row);
  });
}
