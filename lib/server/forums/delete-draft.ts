import "server-only";
import type { DraftKind } from "@/lib/schemas/forum-editor";
import { db } from "../db";
import type { Actor } from "../sessions/authenticate-request";
import { DRAFT_KIND } from "./drafts";

// DELETE /api/v1/forums/drafts/{kind}/{id}: the editor emptied, or the player threw the text away.

export async function deleteDraft(actor: Pick<Actor, "userId">, kind: DraftKind, targetId: number): Promise<{ deleted: boolean }> {
  const { count } = await db.forumDraft.deleteMany({ where: { userId: actor.userId, kind: DRAFT_KIND[kind], targetId } });
  return { deleted: count > 0 };
}
