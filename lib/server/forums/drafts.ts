import "server-only";
import type { ForumDraftKind } from "@/lib/generated/prisma/client";
import type { DraftKind, TDraft } from "@/lib/schemas/forum-editor";
import type { Tx } from "../db";

// Drafts of the forum editor (docs/forums.md, "Drafts"): one per player and target, keyed by the
// player's own id in every query, so no player ever reads or changes another's.

export const DRAFT_KIND: Record<DraftKind, ForumDraftKind> = { thread: "THREAD", reply: "REPLY" };

type DraftRow = { kind: ForumDraftKind; targetId: number; title: string; content: string; updatedAt: Date };

export function toDraftDto(row: DraftRow): TDraft {
  return {
    kind: row.kind === "THREAD" ? "thread" : "reply",
    target_id: row.targetId,
    title: row.title,
    content: row.content,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Drops the writer's draft for a target, in the transaction that wrote the post or thread. */
export async function dropDraft(tx: Tx, userId: number, kind: ForumDraftKind, targetId: number): Promise<void> {
  await tx.forumDraft.deleteMany({ where: { userId, kind, targetId } });
}
