import "server-only";
import type { TPrivacy } from "@/lib/schemas/goals";
import { announce, topic } from "../changes/announce";
import { db } from "../db";

// GET/PUT /api/v1/user/privacy: whether the player is shown by name in the supporter widgets.
// Shown by default (the player opts out); the change is announced so the cached widgets drop it.

export async function getSupporterPrivacy(userId: number): Promise<TPrivacy> {
  const u = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { showAsSupporter: true } });
  return { show_as_supporter: u.showAsSupporter };
}

export async function setSupporterPrivacy(userId: number, show: boolean): Promise<TPrivacy> {
  return db.$transaction(async (tx) => {
    const u = await tx.user.update({ where: { id: userId }, data: { showAsSupporter: show }, select: { showAsSupporter: true } });
    await announce(tx, [topic.supporters]);
    return { show_as_supporter: u.showAsSupporter };
  });
}
