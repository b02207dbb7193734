import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { getEnv } from "./env";

// The one Prisma client. Kept on globalThis so dev-server reloads don't open new pools.
const globalForDb = globalThis as unknown as { prisma?: PrismaClient };

function createClient(): PrismaClient {
  const adapter = new PrismaPg({ connectionString: getEnv().DATABASE_URL, max: getEnv().DATABASE_POOL_SIZE, connectionTimeoutMillis: 5_000 });
  return new PrismaClient({ adapter });
}

export function getDb(): PrismaClient {
  globalForDb.prisma ??= createClient();
  return globalForDb.prisma;
}

/** Lazily connected client: importing this module opens nothing. */
export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const client = getDb();
    const value = Reflect.get(client, prop, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

export type Tx = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];
export { Prisma } from "@/lib/generated/prisma/client";
