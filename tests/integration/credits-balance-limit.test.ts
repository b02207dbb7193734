import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as grantRoute } from "@/app/api/v1/staff/credits/route";
import { POST as reapplyRoute } from "@/app/api/v1/staff/payments/events/[id]/reapply/route";
import { POST as webhook } from "@/app/api/v1/webhooks/stripe/route";
import { applyCreditChange, MAX_BALANCE, MIN_BALANCE } from "@/lib/server/credits/apply-credit-change";
import { findBalanceMismatches } from "@/lib/server/credits/reconcile-balances";
import { db } from "@/lib/server/db";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { createPackage, deliver } from "../support/fake-payment-data";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

// A balance lives in a PostgreSQL integer: it holds at most 2,147,483,647 credits. A change
// that would pass that (or take a claw-back below -2,147,483,648) is refused with a 409 and
// writes nothing, instead of failing in the database as a 500 on every later addition; a
// provider's payment that would pass it is stored as not applied and answered 200.

const SECRET = "whsec_balance_limit_secret";
let admin: { id: number; session: string };
let restore: () => void;
beforeAll(async () => {
  restore = setEnv({ TRUST_PROXY: "true", STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_PUBLISHABLE_KEY: "pk_test_fake", STRIPE_WEBHOOK_SECRET: SECRET });
  const u = await createUser({ privilege: "ADMINISTRATOR" });
  admin = { id: u.id, session: await createSessionToken(u.id) };
});
afterAll(() => restore());

const grant = (username: string, amount: number) =>
  call(grantRoute, {
    method: "POST",
    body: { username, amount, reason: "balance limit test" },
    cookies: { session: admin.session },
    headers: { ...SAME_ORIGIN, ...freshClient() },
  });
const balanceOf = async (userId: number) => (await db.user.findUniqueOrThrow({ where: { id: userId } })).storeCredits;
const ledgerOf = (userId: number) => db.creditLedgerEntry.findMany({ where: { userId }, orderBy: { id: "asc" }, select: { delta: true, balanceAfter: true } });
const mismatchesOf = async (userId: number) => (await findBalanceMismatches()).filter((m) => m.userId === userId);

/** A player whose balance is `balance`, reached through one ledger entry (so it reconciles). */
async function playerWith(balance: number) {
  const user = await createUser();
  await db.$transaction((tx) =>
    applyCreditChange(tx, { userId: user.id, delta: balance, kind: "ADJUSTMENT", idempotencyKey: `test:${randomUUID()}`, mode: "force" }),
  );
  expect(await balanceOf(user.id)).toBe(balance);
  return user;
}

describe("staff grants at the balance limit", () => {
  it("grants up to exactly 2,147,483,647 credits", async () => {
    const player = await playerWith(MAX_BALANCE - 1000);
    const r = await grant(player.username, 1000);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ balance: MAX_BALANCE, applied: true });
    expect(await balanceOf(player.id)).toBe(MAX_BALANCE);
    expect(await mismatchesOf(player.id)).toEqual([]);
  });

  it("refuses one credit past it with a 409 and writes nothing, and the next grant that fits still works", async () => {
    const player = await playerWith(MAX_BALANCE - 1000);
    const before = await ledgerOf(player.id);
    const r = await grant(player.username, 1001);
    expect(r.status).toBe(409);
    expect(r.json.details).toBe("That would take the balance from 2,147,482,647 to 2,147,483,648 credits; a balance holds at most 2,147,483,647.");
    expect(await balanceOf(player.id)).toBe(MAX_BALANCE - 1000);
    expect(await ledgerOf(player.id)).toEqual(before);
    expect(await db.auditLog.count({ where: { targetType: "user", targetId: String(player.id), action: "credits.granted" } })).toBe(0);
    // The player is not stuck: what fits is still granted.
    expect((await grant(player.username, 1000)).status).toBe(200);
    expect(await balanceOf(player.id)).toBe(MAX_BALANCE);
  });

  it("refuses a removal below -2,147,483,648 the same way, and takes one down to exactly it", async () => {
    const player = await playerWith(MIN_BALANCE + 1000);
    const past = await grant(player.username, -1001);
    expect(past.status).toBe(409);
    expect(past.json.details).toMatch(/no lower than -2,147,483,648/);
    expect(await balanceOf(player.id)).toBe(MIN_BALANCE + 1000);
    const exact = await grant(player.username, -1000);
    expect(exact.status).toBe(200);
    expect(await balanceOf(player.id)).toBe(MIN_BALANCE);
    expect(await mismatchesOf(player.id)).toEqual([]);
  });

  it("lets concurrent grants near the limit through only while they fit: never past it, and the ledger adds up", async () => {
    const player = await playerWith(MAX_BALANCE - 2500);
    const results = await Promise.all(Array.from({ length: 6 }, () => grant(player.username, 1000)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await balanceOf(player.id)).toBe(MAX_BALANCE - 500);
    const entries = await ledgerOf(player.id);
    expect(entries.map((e) => e.delta)).toEqual([MAX_BALANCE - 2500, 1000, 1000]);
    expect(entries.map((e) => e.balanceAfter)).toEqual([MAX_BALANCE - 2500, MAX_BALANCE - 1500, MAX_BALANCE - 500]);
    expect(await mismatchesOf(player.id)).toEqual([]);
  });
});

describe("a provider payment that would pass the limit", () => {
  /** A PENDING Stripe purchase of 1000 + 100 credits for $50 by `userId`. */
  async function pendingPurchase(userId: number) {
    const pkg = await createPackage({ credits: 1000, bonusCredits: 100, priceCents: 5000 });
    return db.creditPurchase.create({
      data: {
        userId,
        creditPackageId: pkg.id,
        method: "STRIPE",
        status: "PENDING",
        providerRef: `pi_${randomUUID()}`,
        credits: 1000,
        bonusCredits: 100,
        amountCents: 5000,
        currency: "USD",
      },
    });
  }
  const succeeded = (pi: string, purchaseId: number) =>
    JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "payment_intent.succeeded",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: pi, object: "payment_intent", amount_received: 5000, currency: "usd", metadata: { purchase_id: String(purchaseId) } } },
    });
  const send = (body: string) =>
    deliver(webhook, "stripe", body, { "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }) });

  it("credits a payment that takes the balance to exactly the limit", async () => {
    const player = await playerWith(MAX_BALANCE - 1100);
    const p = await pendingPurchase(player.id);
    const r = await send(succeeded(p.providerRef!, p.id));
    expect(r.status).toBe(200);
    expect(await balanceOf(player.id)).toBe(MAX_BALANCE);
    expect((await db.creditPurchase.findUniqueOrThrow({ where: { id: p.id } })).status).toBe("PAID");
  });

  it("answers 200, stores the event as not applied for staff and changes nothing; a redelivery changes nothing either; re-applied once there is room", async () => {
    const player = await playerWith(MAX_BALANCE - 1099);
    const p = await pendingPurchase(player.id);
    const body = succeeded(p.providerRef!, p.id);
    const first = await send(body);
    expect(first.status).toBe(200);
    expect(await balanceOf(player.id)).toBe(MAX_BALANCE - 1099);
    expect(await db.creditLedgerEntry.count({ where: { creditPurchaseId: p.id } })).toBe(0);
    const purchase = await db.creditPurchase.findUniqueOrThrow({ where: { id: p.id } });
    expect(purchase.status).toBe("PENDING");
    const eventId = (JSON.parse(body) as { id: string }).id;
    const stored = await db.webhookEvent.findFirstOrThrow({ where: { eventId } });
    expect(stored.creditPurchaseId).toBe(p.id);
    expect(stored.processedAt).not.toBeNull();
    expect(stored.error).toMatch(/balance holds at most 2,147,483,647/);

    // The provider's retry is a duplicate: 200 again, still nothing changed.
    expect((await send(body)).status).toBe(200);
    expect(await db.webhookEvent.count({ where: { eventId } })).toBe(1);
    expect(await balanceOf(player.id)).toBe(MAX_BALANCE - 1099);

    // Re-applied while it still does not fit: 409, nothing written.
    const reapply = () =>
      call(reapplyRoute, {
        method: "POST",
        params: { id: String(stored.id) },
        body: { reason: "the player spent credits meanwhile" },
        cookies: { session: admin.session },
        headers: { ...SAME_ORIGIN, ...freshClient() },
      });
    const early = await reapply();
    expect(early.status).toBe(409);
    expect(await balanceOf(player.id)).toBe(MAX_BALANCE - 1099);

    // Once the balance has room (the player spent some), staff re-apply it and it credits once.
    expect((await grant(player.username, -1)).status).toBe(200);
    const r = await reapply();
    expect(r.status).toBe(200);
    expect(await balanceOf(player.id)).toBe(MAX_BALANCE);
    expect((await db.creditPurchase.findUniqueOrThrow({ where: { id: p.id } })).status).toBe("PAID");
    expect(await mismatchesOf(player.id)).toEqual([]);
  });
});
