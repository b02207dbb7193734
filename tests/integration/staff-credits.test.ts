import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/v1/staff/credits/route";
import { applyCreditChange, INSUFFICIENT_CREDITS } from "@/lib/server/credits/apply-credit-change";
import { findBalanceMismatches } from "@/lib/server/credits/reconcile-balances";
import { db } from "@/lib/server/db";
import { createSessionToken, createUser } from "../factories/users";
import { call, SAME_ORIGIN } from "./helpers";

// Manual credit grants and removals by staff (OSRS gold bought through a ticket, corrections):
// through the ledger, audited, applied once per Idempotency-Key even when sent concurrently.

let admin: { id: number };
let session: string;
beforeAll(async () => {
  admin = await createUser({ privilege: "ADMINISTRATOR" });
  session = await createSessionToken(admin.id);
});

const grant = (body: unknown, key?: string) =>
  call(POST, { method: "POST", body, cookies: { session }, headers: { ...SAME_ORIGIN, ...(key ? { "idempotency-key": key } : {}) } });
const balanceOf = async (userId: number) => (await db.user.findUniqueOrThrow({ where: { id: userId } })).storeCredits;

describe("POST /api/v1/staff/credits", () => {
  it("grants credits through the ledger and audits actor, target, amount and reason", async () => {
    const player = await createUser();
    const r = await grant({ username: player.username.toUpperCase(), amount: 1500, reason: "Ticket #12: 15M OSRS gold" });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ username: player.username, amount: 1500, balance: 1500, applied: true });
    expect(await balanceOf(player.id)).toBe(1500);
    const [entry] = await db.creditLedgerEntry.findMany({ where: { userId: player.id } });
    expect(entry).toMatchObject({ delta: 1500, kind: "ADJUSTMENT", actorId: admin.id, note: "Ticket #12: 15M OSRS gold", balanceAfter: 1500 });
    expect(entry!.idempotencyKey).toMatch(/^grant:[0-9a-f-]{36}$/);
    const audit = await db.auditLog.findFirstOrThrow({ where: { actorId: admin.id, targetType: "user", targetId: String(player.id) } });
    expect(audit).toMatchObject({
      action: "credits.granted",
      data: { amount: 1500, reason: "Ticket #12: 15M OSRS gold", balanceAfter: 1500, ledgerEntryId: entry!.id },
    });
  });

  it("applies a grant once when the same Idempotency-Key is sent twice at the same time", async () => {
    const player = await createUser();
    const key = randomUUID();
    const body = { username: player.username, amount: 250, reason: "double-clicked grant" };
    const [a, b] = await Promise.all([grant(body, key), grant(body, key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.json.applied, b.json.applied].sort()).toEqual([false, true]);
    expect([a.json.balance, b.json.balance]).toEqual([250, 250]);
    expect(await balanceOf(player.id)).toBe(250);
    expect(await db.creditLedgerEntry.count({ where: { userId: player.id } })).toBe(1);
    expect(await db.auditLog.count({ where: { targetType: "user", targetId: String(player.id), action: "credits.granted" } })).toBe(1);

    // The key belongs to that grant: reusing it for another amount is refused, not swallowed.
    const other = await grant({ ...body, amount: 999 }, key);
    expect(other.status).toBe(409);
    expect(await balanceOf(player.id)).toBe(250);
  });

  it("removes more than the balance (fraud correction): the balance goes negative and spending is refused", async () => {
    const player = await createUser();
    await grant({ username: player.username, amount: 100, reason: "gold purchase" });
    const r = await grant({ username: player.username, amount: -300, reason: "chargeback on the gold trade" });
    expect(r.json).toMatchObject({ amount: -300, balance: -200, applied: true });
    expect(await balanceOf(player.id)).toBe(-200);
    expect(await db.auditLog.findFirstOrThrow({ where: { targetType: "user", targetId: String(player.id), action: "credits.removed" } })).toMatchObject({
      actorId: admin.id,
      data: { amount: -300, reason: "chargeback on the gold trade" },
    });
    await expect(
      db.$transaction((tx) => applyCreditChange(tx, { userId: player.id, delta: -1, kind: "SPEND", idempotencyKey: `test:${randomUUID()}`, mode: "spend" })),
    ).rejects.toThrow(INSUFFICIENT_CREDITS);
    expect((await findBalanceMismatches()).filter((m) => m.userId === player.id)).toEqual([]);
  });

  it("answers bad input with 400 naming the field and writes nothing", async () => {
    const player = await createUser();
    const ok = { username: player.username, amount: 10, reason: "valid reason" };
    const cases: [string, unknown, string][] = [
      ["unknown username", { ...ok, username: "NoSuchName1" }, "username"],
      ["blank username", { ...ok, username: " " }, "username"],
      ["zero amount", { ...ok, amount: 0 }, "amount"],
      ["fractional amount", { ...ok, amount: 2.5 }, "amount"],
      ["amount over the limit", { ...ok, amount: 1_000_001 }, "amount"],
      ["removal over the limit", { ...ok, amount: -1_000_001 }, "amount"],
      ["amount as text", { ...ok, amount: "10" }, "amount"],
      ["missing reason", { username: player.username, amount: 10 }, "reason"],
      ["short reason", { ...ok, reason: " ab " }, "reason"],
      ["long reason", { ...ok, reason: "x".repeat(501) }, "reason"],
    ];
    for (const [label, body, field] of cases) {
      const r = await grant(body);
      expect(r.status, label).toBe(400);
      expect(r.json[field], label).toEqual([expect.any(String)]);
    }
    const badKey = await grant(ok, "has spaces in it");
    expect(badKey.status).toBe(400);
    expect(badKey.json["Idempotency-Key"]).toEqual([expect.any(String)]);
    expect(await db.creditLedgerEntry.count({ where: { userId: player.id } })).toBe(0);
    expect(await db.auditLog.count({ where: { targetType: "user", targetId: String(player.id) } })).toBe(0);
    expect(await balanceOf(player.id)).toBe(0);
  });
});
