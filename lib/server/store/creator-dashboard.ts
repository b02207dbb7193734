import "server-only";
import type { TCreatorDashboard } from "@/lib/schemas/creator-codes";
import { db } from "../db";
import { getEnv } from "../env";
import { totalsOf } from "./admin/creator-codes";
import { creatorTotals } from "./sql/creator-shares";

// The creator's dashboard (docs/store.md, "Creator codes"): the player's own codes with their
// totals and the latest uses, never naming a buyer. A player without a code gets empty lists.

export const RECENT_USES = 20;

export async function getCreatorDashboard(userId: number): Promise<TCreatorDashboard> {
  const codes = await db.creatorCode.findMany({ where: { userId }, orderBy: { id: "asc" } });
  const now = new Date();
  const totals = new Map(
    (
      await creatorTotals(
        db,
        codes.map((c) => c.id),
        now,
      )
    ).map((t) => [t.creator_code_id, t]),
  );
  const shares = codes.length
    ? await db.creatorShare.findMany({
        where: { creatorCodeId: { in: codes.map((c) => c.id) } },
        orderBy: { id: "desc" },
        take: RECENT_USES,
        select: {
          paidCents: true,
          amountCents: true,
          status: true,
          payableAt: true,
          creatorCode: { select: { code: true } },
          creditPurchase: { select: { paidAt: true, createdAt: true, status: true } },
        },
      })
    : [];
  return {
    codes: codes.map((c) => ({ code: c.code, bonusPercent: c.bonusPercent, sharePercent: c.sharePercent, active: c.active, ...totalsOf(totals.get(c.id)) })),
    recent: shares.map((s) => ({
      code: s.creatorCode.code,
      paidAt: (s.creditPurchase.paidAt ?? s.creditPurchase.createdAt).toISOString(),
      paidCents: s.paidCents,
      shareCents: s.amountCents,
      status:
        s.status === "ACCRUED"
          ? s.payableAt <= now && s.creditPurchase.status === "PAID"
            ? "payable"
            : "pending"
          : s.status === "PAID"
            ? "paid"
            : s.status === "CANCELLED"
              ? "cancelled"
              : "reversed",
      payableAt: s.payableAt.toISOString(),
    })),
    holdDays: getEnv().CREATOR_SHARE_HOLD_DAYS,
  };
}

/** Whether the player owns a creator code (the account page links the dashboard only then). */
export async function ownsCreatorCode(userId: number): Promise<boolean> {
  return (await db.creatorCode.count({ where: { userId } })) > 0;
}
