import "server-only";
import { recordAudit } from "../audit/record-audit";
import { assertStaffReach, lockAccount } from "../accounts/admin-actions";
import { db } from "../db";
import { revokeAllSessions } from "../sessions/browser-sessions";
import type { StaffContext } from "./player-dto";

/** Signs a player out everywhere (every browser session and API login), audited with the reason. */
export async function endPlayerSessions(id: number, reason: string, ctx: StaffContext): Promise<{ ended: number }> {
  return db.$transaction(async (tx) => {
    const user = await lockAccount(tx, { id });
    assertStaffReach(ctx, user, "act", "end the sessions of");
    const ended = await revokeAllSessions(user.id, "ended by staff", undefined, tx);
    await recordAudit(
      {
        action: "account.sessions_ended",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "user",
        targetId: user.id,
        data: { reason: reason.trim(), before: { openSessions: ended }, after: { openSessions: 0 } },
      },
      tx,
    );
    return { ended };
  });
}
