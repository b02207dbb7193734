import "server-only";
import type { Db, Tx } from "../../db";

/** NOTIFY `channel` with `payload`, delivered when the caller's transaction commits. */
export function notifyOn(client: Tx | Db, channel: string, payload: string) {
  return client.$executeRaw`SELECT pg_notify(${channel}, ${payload})`;
}
