import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Tx } from "../db";

/** The app's client, a script's own client (the demo seed), or a transaction in progress. */
export type DbClient = PrismaClient | Tx;

/** Runs `work` in a transaction of its own, or inside the caller's when `client` is one. */
export function inTransaction<T>(client: DbClient, work: (tx: Tx) => Promise<T>): Promise<T> {
  return "$transaction" in client ? client.$transaction(work) : work(client);
}
