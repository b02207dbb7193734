import "server-only";
import type { TPlayerStatus } from "@/lib/schemas/staff-players";
import { unbanUser } from "../accounts/admin-actions";
import { type StaffContext, toPlayerStatus } from "./player-dto";

/** A staff unban (moderators: players only), audited with the reason. */
export async function unbanPlayer(id: number, reason: string, ctx: StaffContext): Promise<TPlayerStatus> {
  const { user } = await unbanUser({ id }, reason, { actorId: ctx.actorId, privilege: ctx.privilege, ip: ctx.ip });
  return toPlayerStatus(user);
}
