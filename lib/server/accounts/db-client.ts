import "server-only";
import type { Db, Tx } from "../db";

/** The app's client, a script's own client (the demo seed), or a transaction in progress. */
export type DbClient = Db | Tx;

/**
 * Runs `work` in a transaction of its own, or inside the caller's when `client` is one (Prisma 7
 * nests a transaction started on a transaction client inside the same database transaction).
 */
export function inTransaction<T>(client: DbClient, work: (tx: Tx) => Promise<T>): Promise<T> {
  // Not `"$transaction" in client`: the app's `db` is a lazy Proxy whose `in` sees nothing.
  const own = client as Partial<Db>;
  return typeof own.$transaction === "function" ? (client as Db).$transaction(work) : work(client as Tx);
}
