import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { TCreditGrantResult, ZCreditGrantInput } from "@/lib/schemas/staff-store";
import { usernameKey } from "@/lib/usernames";
import { recordAudit } from "../../audit/record-audit";
import { applyCreditChange } from "../../credits/apply-credit-change";
import { db } from "../../db";
import { AppError } from "../../errors";
import type { StaffContext } from "./staff-dtos";
import type { Privilege } from "@/lib/generated/prisma/enums";
import { assertStaffReach, lockAccount } from "../../accounts/admin-actions";

/**
 * A staff grant or removal of credits (OSRS gold bought through a ticket, corrections, fraud).
 * Both go through the ledger in "force" mode: a removal may take the balance below zero, which
 * freezes spending until it is positive again. With a client key (Idempotency-Key), a repeat of
 * the same grant applies once; the same key for a different grant is refused.
 */
export async function grantCredits(
  input: z.output<typeof ZCreditGrantInput>,
  ctx: StaffContext & { privilege: Privilege; idempotencyKey?: string | null },
): Promise<TCreditGrantResult> {
  const found = await db.user.findUnique({ where: { usernameKey: usernameKey(input.username) }, select: { id: true } });
  if (!found) throw new AppError("VALIDATION", { fields: { username: ["No account with that username."] }, userMessage: "Some fields are invalid." });
  const key = `grant:${ctx.idempotencyKey ?? randomUUID()}`;

  return db.$transaction(async (tx) => {
    // The staff rule on the locked row: nobody grants to themselves or to a rank at or above theirs.
    const user = await lockAccount(tx, { id: found.id });
    assertStaffReach(ctx, user, "act", input.amount > 0 ? "grant credits to" : "remove credits from");
    const result = await applyCreditChange(tx, {
      userId: user.id,
      delta: input.amount,
      kind: "ADJUSTMENT",
      idempotencyKey: key,
      mode: "force",
      actorId: ctx.actorId,
      note: input.reason,
    });
    if (!result.applied) {
      const earlier = await tx.creditLedgerEntry.findUniqueOrThrow({ where: { idempotencyKey: key }, select: { userId: true, delta: true } });
      if (earlier.userId !== user.id || earlier.delta !== input.amount)
        throw new AppError("CONFLICT", { userMessage: "This Idempotency-Key was already used for a different grant." });
      const { storeCredits } = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { storeCredits: true } });
      return { username: user.username, amount: input.amount, balance: storeCredits, applied: false };
    }
    await recordAudit(
      {
        action: input.amount > 0 ? "credits.granted" : "credits.removed",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "user",
        targetId: user.id,
        data: {
          reason: input.reason,
          before: { balance: result.balanceAfter - input.amount },
          after: { balance: result.balanceAfter },
          username: user.username,
          amount: input.amount,
          balanceAfter: result.balanceAfter,
          ledgerEntryId: result.entryId,
          idempotencyKey: key,
        },
      },
      tx,
    );
    return { username: user.username, amount: input.amount, balance: result.balanceAfter, applied: true };
  });
}
