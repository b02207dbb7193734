import "server-only";
import type { DbClient } from "../../accounts/db-client";
import { Prisma } from "../../db";

/** A vote_sites row's id by its key. */
export type VoteSiteIdRow = { id: number; key: string };

/** Upserts one vote_sites row per site (key, name, sort order = its index) in one statement; their ids. */
export async function upsertVoteSites(client: DbClient, sites: readonly { key: string; name: string }[]): Promise<VoteSiteIdRow[]> {
  const values = sites.map((s, i) => Prisma.sql`(${s.key}, ${s.name}, ${i})`);
  // One statement with ON CONFLICT: concurrent first requests of several processes all succeed.
  return client.$queryRaw<VoteSiteIdRow[]>`
    INSERT INTO vote_sites (key, name, "sortOrder") VALUES ${Prisma.join(values)}
    ON CONFLICT (key) DO UPDATE SET name = EXCLUDED.name, "sortOrder" = EXCLUDED."sortOrder"
    RETURNING id, key`;
}
