import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import type { Actor } from "./authenticate-request";

/** Ends one of the actor's own sessions; someone else's answers exactly like a missing one. */
export async function endSession(actor: Actor, kind: "browser" | "api", id: number): Promise<void> {
  const now = new Date();
  const res =
    kind === "browser"
      ? await db.session.updateMany({ where: { id, userId: actor.userId, revokedAt: null }, data: { revokedAt: now } })
      : await db.refreshTokenFamily.updateMany({
          where: { id, userId: actor.userId, revokedAt: null },
          data: { revokedAt: now, revokedReason: "ended by user" },
        });
  if (res.count === 0) throw new AppError("NOT_FOUND", { userMessage: "Session not found." });
}
