import "server-only";
import { randomUUID } from "node:crypto";
import { CLAIM_LIMIT_MAX } from "@/lib/schemas/game";
import { PUNISHMENT_LEASE_DEFAULT_SEC, type TPunishmentAck, type TPunishmentClaim } from "@/lib/schemas/punishments";
import { ACK_REASONS } from "../game/ack-deliveries";
import { db } from "../db";
import { leasePunishmentEvents, markPunishmentEventsDelivered } from "./sql/punishment-event-leases";

// The punishment feed (docs/game-integration.md, "Punishments"): every punishment given, lifted
// or ended, handed to the game with the deliveries' promise. A claim leases the pending events
// (two claims at once never share one: FOR UPDATE SKIP LOCKED, and a leased row no longer
// matches); an ack with the claim's lease id marks them done; an event whose lease ran out
// without an ack is handed out again by a later claim, with the same id. The internal note
// never leaves the site.

const include = { punishment: { include: { user: { select: { username: true } } } } } as const;
type Row = Awaited<ReturnType<typeof db.punishmentEvent.findMany<{ include: typeof include }>>>[number];

const TYPES = { APPLIED: "applied", LIFTED: "lifted", EXPIRED: "expired" } as const;
const KINDS = { WARNING: "warning", MUTE: "mute", BAN: "ban", ADDRESS_BAN: "address_ban" } as const;

function toGameEvent(e: Row): TPunishmentClaim["events"][number] {
  const p = e.punishment;
  return {
    id: e.id,
    type: TYPES[e.type],
    punishment: {
      id: p.id,
      player_id: p.userId,
      player_name: p.user.username,
      kind: KINDS[p.kind],
      rule: p.rule,
      step: p.step,
      message: p.message,
      address: p.address,
      starts: p.createdAt.toISOString(),
      ends: p.endsAt?.toISOString() ?? null,
    },
    created: e.createdAt.toISOString(),
  };
}

export async function claimPunishmentEvents(opts: { leaseSeconds?: number | undefined; limit?: number | undefined } = {}): Promise<TPunishmentClaim> {
  const leaseId = randomUUID();
  const leased = await leasePunishmentEvents(opts.limit ?? CLAIM_LIMIT_MAX, leaseId, opts.leaseSeconds ?? PUNISHMENT_LEASE_DEFAULT_SEC);
  if (leased.length === 0) return { lease_id: null, leased_until: null, events: [] };
  const rows = await db.punishmentEvent.findMany({ where: { id: { in: leased }, leaseId }, include, orderBy: { id: "asc" } });
  return { lease_id: leaseId, leased_until: rows[0]?.leasedUntil?.toISOString() ?? null, events: rows.map(toGameEvent) };
}

export async function ackPunishmentEvents(leaseId: string, eventIds: readonly number[]): Promise<TPunishmentAck> {
  const ids = [...new Set(eventIds)];
  const done = new Set(await markPunishmentEventsDelivered(leaseId, ids));
  const others = ids.filter((id) => !done.has(id));
  const rows = others.length ? await db.punishmentEvent.findMany({ where: { id: { in: others } }, select: { id: true, status: true } }) : [];
  const status = new Map(rows.map((r) => [r.id, r.status]));
  const result: TPunishmentAck = { delivered: [], rejected: [] };
  for (const id of ids) {
    const s = done.has(id) ? "DELIVERED" : status.get(id);
    if (s === "DELIVERED") result.delivered.push(id);
    else result.rejected.push({ id, reason: s === undefined ? "unknown event" : ACK_REASONS.notThisLease });
  }
  return result;
}
