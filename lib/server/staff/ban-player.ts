import "server-only";
import type { TPlayerStatus } from "@/lib/schemas/staff-players";
import { banUser } from "../accounts/admin-actions";
import { type StaffContext, toPlayerStatus } from "./player-dto";

/**
 * A staff ban, for good or until `until` (banUser: sessions end in the same transaction, the
 * audit entry names the actor, and a temporary ban queues its own lifting). Moderators may ban
 * players only; the staff rule (lib/privileges.ts) is checked on the locked row.
 */
export async function banPlayer(id: number, input: { reason: string; until?: Date | null | undefined }, ctx: StaffContext): Promise<TPlayerStatus> {
  const { user } = await banUser({ id }, input.reason, { actorId: ctx.actorId, privilege: ctx.privilege, ip: ctx.ip }, undefined, {
    until: input.until ?? null,
  });
  return toPlayerStatus(user);
}
