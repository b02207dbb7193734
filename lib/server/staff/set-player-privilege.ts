import "server-only";
import type { Privilege } from "@/lib/generated/prisma/client";
import type { TPlayerStatus } from "@/lib/schemas/staff-players";
import { setPrivilege } from "../accounts/admin-actions";
import { AppError } from "../errors";
import { type StaffContext, toPlayerStatus } from "./player-dto";

/** An owner changes who is staff. The last owner cannot be demoted (checked under a lock in setPrivilege). */
export async function setPlayerPrivilege(id: number, input: { privilege: Privilege; reason: string }, ctx: StaffContext): Promise<TPlayerStatus> {
  const r = await setPrivilege({ id }, input.privilege, { actorId: ctx.actorId, privilege: ctx.privilege, ip: ctx.ip }, undefined, { reason: input.reason });
  if (!r.changed) throw new AppError("CONFLICT", { userMessage: `${r.user.username} is already ${r.to.toLowerCase()}.` });
  return toPlayerStatus(r.user);
}
