import "server-only";
import { chargebackRate } from "@/lib/disputes";
import type { Privilege } from "@/lib/generated/prisma/client";
import type { TPlayerRisk } from "@/lib/schemas/staff-payments";
import { assertStaffReach } from "../accounts/admin-actions";
import { db } from "../db";
import { AppError } from "../errors";
import { type RiskRow, selectRiskRows } from "./sql/risk";

// A player's payment risk as staff see it (docs/payments.md "Disputes"): payments, refunds,
// disputes by outcome, the chargeback rate (disputes per payment) and the spending hold.

const NONE: Omit<RiskRow, "userId"> = {
  payments: 0,
  paidCents: 0,
  refunds: 0,
  refundedCents: 0,
  disputes: 0,
  disputesOpen: 0,
  disputesWon: 0,
  disputesLost: 0,
};

function toRisk(r: Omit<RiskRow, "userId">): TPlayerRisk {
  return {
    payments: r.payments,
    paidCents: Number(r.paidCents),
    refunds: r.refunds,
    refundedCents: Number(r.refundedCents),
    disputes: r.disputes,
    disputesOpen: r.disputesOpen,
    disputesWon: r.disputesWon,
    disputesLost: r.disputesLost,
    chargebackRate: chargebackRate(r.disputes, r.payments),
    spendingHold: r.disputesOpen > 0,
  };
}

/** The figures of several players at once (one query), for a page of payments. */
export async function risksOfPlayers(userIds: number[]): Promise<Map<number, TPlayerRisk>> {
  const rows = await selectRiskRows(db, [...new Set(userIds)]);
  const out = new Map(userIds.map((id) => [id, toRisk(NONE)]));
  for (const { userId, ...r } of rows) out.set(userId, toRisk(r));
  return out;
}

/** One player's figures; 404 for no such player, 403 when out of the viewer's reach (lib/privileges.ts). */
export async function getPlayerRisk(id: number, viewer: { actorId: number; privilege: Privilege }): Promise<TPlayerRisk> {
  const user = await db.user.findUnique({ where: { id }, select: { id: true, privilege: true } });
  if (!user) throw new AppError("NOT_FOUND", { userMessage: "No such player." });
  assertStaffReach(viewer, user, "read", "read the record of");
  return (await risksOfPlayers([id])).get(id)!;
}
