import "server-only";
import type { Tx } from "../../db";

export type EndedRow = { id: number; title: string; type: "CLASSIC" | "TEAM"; version: number };

/**
 * Marks the competition ended, once: only while it is neither ended nor cancelled and its end lies
 * `graceSeconds` in the past by the database's clock. Two runs at once (a retried job, two
 * runners, two instances) meet on the row: the second waits for the first to commit, then finds
 * it ended and gets nothing. Null when this run is not the one that ends it.
 */
export async function claimEnd(tx: Tx, competitionId: number, graceSeconds: number): Promise<EndedRow | null> {
  const rows = await tx.$queryRaw<EndedRow[]>`
      UPDATE competitions SET "endedAt" = now(), "updatedAt" = now()
      WHERE id = ${competitionId} AND "endedAt" IS NULL AND "cancelledAt" IS NULL
        AND "endsAt" <= now() - ${graceSeconds} * interval '1 second'
      RETURNING id, title, type::text AS type, version`;
  return rows[0] ?? null;
}

/** Competitions past their end and grace that no end job has ended yet (the hourly job queues their end again). */
export async function selectOverdue(tx: Pick<Tx, "$queryRaw">, graceSeconds: number): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM competitions
      WHERE "endedAt" IS NULL AND "cancelledAt" IS NULL AND "endsAt" <= now() - ${graceSeconds} * interval '1 second'
      ORDER BY id LIMIT 100`;
  return rows.map((r) => r.id);
}
