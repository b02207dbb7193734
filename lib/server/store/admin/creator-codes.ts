import "server-only";
import type { z } from "zod";
import type { CreatorCode } from "@/lib/generated/prisma/client";
import type { Privilege } from "@/lib/generated/prisma/enums";
import type { TCreatorPayout, TStaffCreatorCode, ZCreatorCodeInput, ZCreatorCodePatch, ZCreatorPayInput } from "@/lib/schemas/creator-codes";
import { usernameKey } from "@/lib/usernames";
import { assertStaffReach, lockAccount } from "../../accounts/admin-actions";
import { recordAudit } from "../../audit/record-audit";
import { db, Prisma, type Tx } from "../../db";
import { AppError } from "../../errors";
import { lockRowById } from "../../sql/locks";
import { creatorTotals, deductReversedShares, markPayableSharesPaid, type CreatorTotalsRow } from "../sql/creator-shares";
import { definedOnly } from "./defined-only";
import type { StaffContext } from "./staff-dtos";

// Staff: creator codes (docs/store.md, "Creator codes"). A code belongs to one player, named by
// username under the staff rule (nobody makes a code for themselves or for a rank at or above
// theirs); codes are never deleted (their shares stay), only paused. "Pay" marks every payable
// share paid in one payout, minus the reversals since the last one. Every write is audited with
// before and after in its transaction.

type StaffCtx = StaffContext & { privilege: Privilege };
type CodeRow = CreatorCode & { user: { username: string } };

const NO_TOTALS = { uses: 0, revenueCents: 0, pendingCents: 0, payableCents: 0, paidCents: 0, reversedCents: 0 };
export const totalsOf = (r: CreatorTotalsRow | undefined) =>
  r
    ? {
        uses: r.uses,
        revenueCents: r.revenue_cents,
        pendingCents: r.pending_cents,
        payableCents: r.payable_cents,
        paidCents: r.paid_cents,
        reversedCents: r.reversed_cents,
      }
    : NO_TOTALS;

async function toStaffCodes(reader: Tx | typeof db, rows: CodeRow[]): Promise<TStaffCreatorCode[]> {
  const totals = new Map(
    (
      await creatorTotals(
        reader,
        rows.map((r) => r.id),
        new Date(),
      )
    ).map((t) => [t.creator_code_id, t]),
  );
  return rows.map((c) => ({
    id: c.id,
    code: c.code,
    username: c.user.username,
    bonusPercent: c.bonusPercent,
    sharePercent: c.sharePercent,
    active: c.active,
    createdAt: c.createdAt.toISOString(),
    ...totalsOf(totals.get(c.id)),
  }));
}
const toStaffCode = async (reader: Tx | typeof db, row: CodeRow) => (await toStaffCodes(reader, [row]))[0]!;

const withUser = { user: { select: { username: true } } } as const;

export async function listCreatorCodes(): Promise<TStaffCreatorCode[]> {
  return toStaffCodes(db, await db.creatorCode.findMany({ orderBy: { id: "desc" }, include: withUser }));
}

const invalid = (fields: Record<string, string[]>) => new AppError("VALIDATION", { fields, userMessage: "Some fields are invalid." });
export const CREATOR_CODE_TAKEN = "Another creator code already has this code.";
const notFound = (id: number) => new AppError("NOT_FOUND", { userMessage: `No creator code with id ${id}.` });

export async function createCreatorCode(input: z.output<typeof ZCreatorCodeInput>, ctx: StaffCtx): Promise<TStaffCreatorCode> {
  const found = await db.user.findUnique({ where: { usernameKey: usernameKey(input.username) }, select: { id: true } });
  if (!found) throw invalid({ username: ["No player with this username."] });
  try {
    return await db.$transaction(async (tx) => {
      // The staff rule on the locked row: a code pays its owner, so nobody makes one for themselves or their peers.
      const user = await lockAccount(tx, { id: found.id });
      assertStaffReach({ actorId: ctx.actorId, privilege: ctx.privilege }, user, "act", "make a creator code for");
      if (await tx.creatorCode.findUnique({ where: { code: input.code }, select: { id: true } })) throw invalid({ code: [CREATOR_CODE_TAKEN] });
      const row = await tx.creatorCode.create({
        data: { code: input.code, userId: user.id, bonusPercent: input.bonusPercent, sharePercent: input.sharePercent, active: input.active },
        include: withUser,
      });
      const after = await toStaffCode(tx, row);
      await recordAudit(
        {
          action: "store.creator_code.created",
          actorId: ctx.actorId,
          ip: ctx.ip,
          targetType: "creator_code",
          targetId: row.id,
          data: { reason: null, before: null, after },
        },
        tx,
      );
      return after;
    });
  } catch (e) {
    // Two staff creating the same code at once: the unique index decides.
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") throw invalid({ code: [CREATOR_CODE_TAKEN] });
    throw e;
  }
}

export async function updateCreatorCode(id: number, patch: z.output<typeof ZCreatorCodePatch>, ctx: StaffContext): Promise<TStaffCreatorCode> {
  return db.$transaction(async (tx) => {
    if (!(await lockRowById(tx, "creatorCode", id))) throw notFound(id);
    const before = await toStaffCode(tx, await tx.creatorCode.findUniqueOrThrow({ where: { id }, include: withUser }));
    const row = await tx.creatorCode.update({ where: { id }, data: definedOnly(patch), include: withUser });
    const after = await toStaffCode(tx, row);
    const action =
      patch.active === false && before.active
        ? "store.creator_code.paused"
        : patch.active && !before.active
          ? "store.creator_code.resumed"
          : "store.creator_code.updated";
    await recordAudit({ action, actorId: ctx.actorId, ip: ctx.ip, targetType: "creator_code", targetId: id, data: { reason: null, before, after } }, tx);
    return after;
  });
}

export const NOTHING_PAYABLE = "Nothing is payable for this creator code yet: every share is still in its hold, cancelled or paid.";
export const REVERSALS_EXCEED = "The reversed shares exceed what is payable now; they wait for the next payout.";

/**
 * One payout for the code: every payable share (past its hold, accrued, its payment still PAID) is
 * marked paid, and every share reversed since the last payout is subtracted. The code's row lock
 * keeps two payouts of one code apart; each share is re-checked by its own update.
 */
export async function payCreatorCode(id: number, input: z.output<typeof ZCreatorPayInput>, ctx: StaffCtx): Promise<TCreatorPayout> {
  return db.$transaction(async (tx) => {
    if (!(await lockRowById(tx, "creatorCode", id))) throw notFound(id);
    const code = await tx.creatorCode.findUniqueOrThrow({ where: { id }, include: { user: { select: { username: true, id: true, privilege: true } } } });
    // Paying is acting for the creator's account: not one's own, nor a peer's or a higher rank's.
    assertStaffReach({ actorId: ctx.actorId, privilege: ctx.privilege }, code.user, "act", "pay out a creator code of");
    const before = await toStaffCode(tx, code);
    const now = new Date();
    const payout = await tx.creatorPayout.create({ data: { creatorCodeId: id, amountCents: 0, reference: input.reference, actorId: ctx.actorId } });
    const paid = await markPayableSharesPaid(tx, id, payout.id, now);
    if (paid.length === 0) throw new AppError("CONFLICT", { userMessage: NOTHING_PAYABLE });
    const deducted = await deductReversedShares(tx, id, payout.id);
    const amountCents = paid.reduce((a, s) => a + s.amount_cents, 0) - deducted.reduce((a, s) => a + s.amount_cents, 0);
    if (amountCents < 0) throw new AppError("CONFLICT", { userMessage: REVERSALS_EXCEED });
    await tx.creatorPayout.update({ where: { id: payout.id }, data: { amountCents } });
    const after = await toStaffCode(tx, code);
    const result: TCreatorPayout = {
      id: payout.id,
      code: code.code,
      amountCents,
      sharesPaid: paid.length,
      reversalsSubtracted: deducted.length,
      reference: input.reference,
      createdAt: payout.createdAt.toISOString(),
    };
    await recordAudit(
      {
        action: "store.creator_code.paid",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "creator_code",
        targetId: id,
        data: { reason: null, reference: input.reference, before, after, payout: result },
      },
      tx,
    );
    return result;
  });
}
