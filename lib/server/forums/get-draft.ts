import "server-only";
import type { DraftKind, TDraft } from "@/lib/schemas/forum-editor";
import { db } from "../db";
import type { Actor } from "../sessions/authenticate-request";
import { DRAFT_KIND, toDraftDto } from "./drafts";

// GET /api/v1/forums/drafts/{kind}/{id}: the player's own draft for the target, or null.

export async function getDraft(actor: Pick<Actor, "userId">, kind: DraftKind, targetId: number): Promise<{ draft: TDraft | null }> {
  const row = await db.forumDraft.findUnique({ where: { userId_kind_targetId: { userId: actor.userId, kind: DRAFT_KIND[kind], targetId } } });
  return { draft: row ? toDraftDto(row) : null };
}
