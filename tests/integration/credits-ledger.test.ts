import { describe, expect, it } from "vitest";
import { applyCreditChange, INSUFFICIENT_CREDITS } from "@/lib/server/credits/apply-credit-change";
import { findBalanceMismatches } from "@/lib/server/credits/reconcile-balances";
import { db } from "@/lib/server/db";
import { createUser } from "../factories/users";

// The credit write path every feature uses (store, payments, staff grants): the database
// enforces exactly-once and never-below-zero, so these run concurrently on purpose.

// 50 transactions queue for a 10-connection pool while other files run: wait past Prisma's 2 s default.
const QUEUE = { maxWait: 15_000 };
const grant = (userId: number, delta: number, key: string) =>
  db.$transaction((tx) => applyCreditChange(tx, { userId, delta, kind: "ADJUSTMENT", idempotencyKey: key, mode: "force" }), QUEUE);
const spend = (userId: number, amount: number, key: string) =>
  db.$transaction((tx) => applyCreditChange(tx, { userId, delta: -amount, kind: "SPEND", idempotencyKey: key, mode: "spend" }), QUEUE);

const balanceOf = async (userId: number) => (await db.user.findUniqueOrThrow({ where: { id: userId } })).storeCredits;

describe("applyCreditChange", () => {
  it("applies one key once, even when five deliveries race", async () => {
    const u = await createUser();
    const key = `test:${u.id}:grant`;
    const results = await Promise.all(Array.from({ length: 5 }, () => grant(u.id, 100, key)));
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await balanceOf(u.id)).toBe(100);
    expect(await db.creditLedgerEntry.count({ where: { userId: u.id } })).toBe(1);
  });

  it("lets 50 concurrent spends through only while the balance covers them, never below zero", async () => {
    const u = await createUser();
    await grant(u.id, 100, `test:${u.id}:seed`);
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => spend(u.id, 10, `test:${u.id}:spend:${i}`)));
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => (r.reason as Error).message === INSUFFICIENT_CREDITS)).toBe(true);
    expect(await balanceOf(u.id)).toBe(0);
    // A refused spend leaves no ledger entry behind (its transaction rolled back).
    expect(await db.creditLedgerEntry.count({ where: { userId: u.id } })).toBe(11);
  });

  it("records the balance after each entry, and a forced claw-back may go negative", async () => {
    const u = await createUser();
    await grant(u.id, 30, `test:${u.id}:a`);
    await spend(u.id, 20, `test:${u.id}:b`);
    const r = await grant(u.id, -30, `test:${u.id}:c`);
    expect(r).toMatchObject({ applied: true, balanceAfter: -20 });
    await expect(spend(u.id, 1, `test:${u.id}:d`)).rejects.toThrow(INSUFFICIENT_CREDITS);
    const entries = await db.creditLedgerEntry.findMany({ where: { userId: u.id }, orderBy: { id: "asc" } });
    expect(entries.map((e) => e.balanceAfter)).toEqual([30, 10, -20]);
  });

  it("keeps every balance equal to the sum of its ledger (reconciliation finds nothing)", async () => {
    const u = await createUser();
    await Promise.all([grant(u.id, 50, `test:${u.id}:x`), grant(u.id, 50, `test:${u.id}:x`), spend(u.id, 5, `test:${u.id}:y`).catch(() => null)]);
    expect((await findBalanceMismatches()).filter((m) => m.userId === u.id)).toEqual([]);
    // And it does notice a balance written around the ledger.
    await db.user.update({ where: { id: u.id }, data: { storeCredits: { increment: 7 } } });
    expect((await findBalanceMismatches()).find((m) => m.userId === u.id)).toMatchObject({
      storeCredits: await balanceOf(u.id),
      ledgerSum: (await balanceOf(u.id)) - 7,
    });
  });
});
