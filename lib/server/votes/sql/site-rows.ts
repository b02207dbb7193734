import "server-only";
import type { VoteSitePreset } from "@/lib/votes/presets";
import type { DbClient } from "../../accounts/db-client";
import { Prisma } from "../../db";

/** A vote_sites row's id by its key. */
export type VoteSiteIdRow = { id: number; key: string };

/**
 * Inserts one vote_sites row per preset not there yet (key, name, link, parameter names, answer,
 * active as shipped, sort order = its index) in one statement, and answers every row's id. A row
 * that exists is left as it is: an administrator's edits win over the preset.
 */
export async function insertPresetRows(client: DbClient, presets: readonly VoteSitePreset[]): Promise<VoteSiteIdRow[]> {
  const values = presets.map(
    (p, i) =>
      Prisma.sql`(${p.key}, ${p.name}, ${i}, ${p.key}, ${p.urlTemplate}, ${p.params.token}, ${p.params.secret}, ${p.params.voterIp}, ${p.params.voted}, ${p.params.votedValue}, ${p.answer}, ${p.active})`,
  );
  // One statement with ON CONFLICT: concurrent first requests of several processes all succeed.
  await client.$executeRaw`
    INSERT INTO vote_sites (key, name, "sortOrder", preset, "urlTemplate", "tokenParam", "secretParam", "voterIpParam", "votedParam", "votedValue", answer, active)
    VALUES ${Prisma.join(values)}
    ON CONFLICT (key) DO NOTHING`;
  return client.$queryRaw<VoteSiteIdRow[]>`SELECT id, key FROM vote_sites ORDER BY id`;
}
