import { describe, expect, it } from "vitest";
import { createDbClient } from "@/lib/server/db";

// Every transaction of the app's client waits up to 10 s for a pooled connection and runs up to
// 15 s unless it names its own limits (lib/server/db.ts, TRANSACTION_LIMITS), where Prisma's own
// defaults are 2 s and 5 s. A client with one connection makes the wait happen on purpose.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("transaction limits", () => {
  it("a transaction waits three seconds for the pool's only connection, and one may run six seconds", async () => {
    const client = createDbClient(process.env.DATABASE_URL!, { max: 1 });
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let started!: () => void;
      const isStarted = new Promise<void>((r) => (started = r));
      const first = client.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        started();
        await held;
      });
      await isStarted;
      // The pool's one connection is in `first`: this one waits for it.
      const second = client.$transaction(async (tx) => (await tx.$queryRaw<{ n: number }[]>`SELECT 2 AS n`)[0]!.n);
      second.catch(() => {}); // awaited below
      await sleep(3_000);
      release();
      await first;
      expect(await second).toBe(2);

      // And a transaction may run past Prisma's 5 s.
      const long = await client.$transaction(async (tx) => {
        await sleep(6_000);
        return (await tx.$queryRaw<{ n: number }[]>`SELECT 3 AS n`)[0]!.n;
      });
      expect(long).toBe(3);
    } finally {
      await client.$disconnect();
    }
  });
});
