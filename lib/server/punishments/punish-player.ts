import "server-only";
import { endsAtFor, ruleByKey } from "@/lib/punishments";
import type { TPunishInput, TPunishmentRow } from "@/lib/schemas/punishments";
import { assertStaffReach, lockAccount } from "../accounts/admin-actions";
import { recordAudit } from "../audit/record-audit";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import type { StaffContext } from "../staff/player-dto";
import { openBanOf, openMuteOf, recordPunishment } from "./ban-record";
import { PUNISHMENT_INCLUDE, toPunishmentRow } from "./punishment-dto";
import { normalizeAddress } from "./restrictions";

// POST /api/v1/staff/players/{id}/punishments: staff give a warning, mute, ban or address ban,
// by a rule (its ladder's step) or for another reason. The staff rule of bans applies (checked on
// the locked row); the punishment, the account's ban columns, the ended sessions, the lift job,
// the game's event and the audit entry are one transaction.

const invalid = (field: string, message: string) => new AppError("VALIDATION", { userMessage: message, fields: { [field]: [message] } });

/** What the audit log shows of the player's state before and after. */
async function moderationState(tx: Tx, userId: number) {
  const [ban, mute] = await Promise.all([openBanOf(tx, userId), openMuteOf(tx, userId)]);
  return { openBan: ban?.id ?? null, openMute: mute?.id ?? null };
}

export async function punishPlayer(id: number, input: TPunishInput, ctx: StaffContext): Promise<TPunishmentRow> {
  const rule = input.rule ? ruleByKey(input.rule) : undefined;
  const step = input.step ?? null;
  if (step !== null && !rule) throw invalid("step", "A step belongs to a rule: pick the rule, or leave the step out.");
  if (rule && step !== null && step > rule.ladders[0]!.steps.length)
    throw invalid("step", `The ladder of "${rule.title}" has ${rule.ladders[0]!.steps.length} steps.`);
  let address: string | null = null;
  if (input.kind === "ADDRESS_BAN") {
    address = input.address ? normalizeAddress(input.address) : null;
    if (!address) throw invalid("address", "An address ban needs the address to ban.");
  } else if (input.address) throw invalid("address", "Only an address ban takes an address.");
  const now = new Date();
  const endsAt = input.kind === "WARNING" ? null : endsAtFor(input.duration ?? "permanent", now);

  const id2 = await db.$transaction(async (tx) => {
    const user = await lockAccount(tx, { id });
    assertStaffReach({ actorId: ctx.actorId, privilege: ctx.privilege, ip: ctx.ip }, user, "act", "punish");
    const before = await moderationState(tx, user.id);
    const { punishment } = await recordPunishment(tx, user, {
      kind: input.kind,
      rule: rule?.id ?? null,
      step: rule ? step : null,
      message: input.message,
      note: input.reason,
      address,
      endsAt,
      by: { actorId: ctx.actorId },
    });
    await recordAudit(
      {
        action: "punishment.applied",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "user",
        targetId: user.id,
        data: {
          reason: input.reason,
          before,
          after: {
            ...(await moderationState(tx, user.id)),
            punishment: {
              id: punishment.id,
              kind: punishment.kind,
              rule: punishment.rule,
              step: punishment.step,
              endsAt: punishment.endsAt?.toISOString() ?? null,
              message: punishment.message,
              address: punishment.address,
            },
          },
        },
      },
      tx,
    );
    return punishment.id;
  });
  return toPunishmentRow(await db.punishment.findUniqueOrThrow({ where: { id: id2 }, include: PUNISHMENT_INCLUDE }));
}
