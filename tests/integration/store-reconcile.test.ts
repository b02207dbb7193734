import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { applyCreditChange } from "@/lib/server/credits/apply-credit-change";
import { db } from "@/lib/server/db";
import { runAdmin, runReconcile } from "@/scripts/admin";
import { userFactory } from "../factories/user-factory";
import { createUser } from "../factories/users";
import { createTestDatabase } from "../setup/test-db.mjs";
import { giveCredits } from "./store-fixtures";

// `npm run admin -- reconcile`: lists every balance that differs from its ledger and
// exits 1 when there is one. The clean case needs a database of its own: the shared one holds
// other files' deliberately broken balances.

const ROOT = path.join(import.meta.dirname, "../..");
const run = promisify(execFile);

describe("npm run admin -- reconcile", () => {
  it("names a balance written around the ledger, with both sums", async () => {
    const u = await createUser();
    await giveCredits(u.id, 40);
    await db.user.update({ where: { id: u.id }, data: { storeCredits: { increment: 5 } } });
    try {
      const r = await runAdmin(["reconcile"]);
      expect(r.code).toBe(1);
      expect(r.message).toContain(`${u.username} (id ${u.id}): balance 45, ledger 40, off by 5`);
    } finally {
      await db.user.update({ where: { id: u.id }, data: { storeCredits: { decrement: 5 } } });
    }
    expect((await runAdmin(["reconcile"])).message).not.toContain(`(id ${u.id})`);
  });

  describe("on a database of its own", () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    let client: PrismaClient;
    beforeAll(async () => {
      database = await createTestDatabase(inject("adminDatabaseUrl"), { prefix: "recon" });
      client = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
    });
    afterAll(async () => {
      await client.$disconnect();
      await database.drop();
    });

    const cli = async () => {
      try {
        const { stdout } = await run(
          process.execPath,
          [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "scripts/admin.ts", "reconcile"],
          { cwd: ROOT, env: { ...process.env, DATABASE_URL: database.url } },
        );
        return { code: 0, out: stdout };
      } catch (e) {
        const err = e as { code: number; stderr: string };
        return { code: err.code, out: err.stderr };
      }
    };

    // One real CLI run for the exit status (tsx compiles the script: slow on a busy machine).
    it("exits 0 when every balance matches its ledger and 1 when one does not", { timeout: 120_000 }, async () => {
      const factory = userFactory((text, values) => client.$queryRawUnsafe(text, ...values));
      const u = await factory.createUser();
      await client.$transaction((tx) => applyCreditChange(tx, { userId: u.id, delta: 25, kind: "ADJUSTMENT", idempotencyKey: "test:recon:1", mode: "force" }));
      expect(await runReconcile(client)).toMatchObject({ code: 0 });

      await client.user.update({ where: { id: u.id }, data: { storeCredits: 0 } });
      expect(await runReconcile(client)).toMatchObject({ code: 1, message: expect.stringContaining("balance 0, ledger 25, off by -25") });
      expect(await cli()).toMatchObject({ code: 1, out: expect.stringContaining(`${u.username} (id ${u.id})`) });
    });
  });
});
