import "server-only";
import type { Punishment } from "@/lib/generated/prisma/client";
import { ruleByKey } from "@/lib/punishments";
import type { TPunishmentRow } from "@/lib/schemas/punishments";

// A punishment as the staff console shows it: both messages (the player's and the internal
// note), who gave it, and how it ended. Only staff read this shape.

export const PUNISHMENT_INCLUDE = { createdBy: { select: { username: true } }, liftedBy: { select: { username: true } } } as const;
type Row = Punishment & { createdBy: { username: string } | null; liftedBy: { username: string } | null };

export function punishmentState(p: Pick<Punishment, "kind" | "liftedAt" | "liftedByLabel" | "endsAt">, now: Date = new Date()): TPunishmentRow["state"] {
  if (p.kind === "WARNING") return "warning";
  if (p.liftedAt === null) return p.endsAt === null || p.endsAt > now ? "in force" : "ended";
  return p.liftedByLabel === "system" ? "ended" : "lifted";
}

export function toPunishmentRow(p: Row, now: Date = new Date()): TPunishmentRow {
  return {
    id: p.id,
    kind: p.kind,
    rule: p.rule,
    ruleTitle: p.rule ? (ruleByKey(p.rule)?.title ?? p.rule) : null,
    step: p.step,
    message: p.message,
    note: p.note,
    address: p.address,
    by: p.createdBy?.username ?? p.createdByLabel ?? "unknown",
    createdAt: p.createdAt.toISOString(),
    endsAt: p.endsAt?.toISOString() ?? null,
    state: punishmentState(p, now),
    liftedAt: p.liftedAt?.toISOString() ?? null,
    liftedBy: p.liftedAt ? (p.liftedBy?.username ?? p.liftedByLabel ?? "unknown") : null,
    liftReason: p.liftReason,
  };
}
