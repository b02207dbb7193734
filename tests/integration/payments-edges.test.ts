import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { applyEffect, settleEvent } from "@/lib/server/payments/settle";
import type { PaymentEffect } from "@/lib/server/payments/types";
import { createUser } from "../factories/users";
import { createPackage } from "../support/fake-payment-data";

// Settling a provider's word (lib/server/payments/settle.ts and in-game-credits.ts) called
// directly against the database: for each effect, the exact ledger entries, statuses, ranks,
// deliveries and stored event. Quick, so each mutant of npm run test:mutation -- --only=payments
// runs few requests. The same through each provider's signed webhooks: payments-stripe.test.ts,
// payments-paypal.test.ts, payments-coinbase.test.ts and payments-ingame.test.ts.

type Method = "STRIPE" | "PAYPAL" | "COINBASE";
type Status = "PENDING" | "PAID" | "FAILED" | "REFUNDED" | "DISPUTED";

/** A purchase of 500 + 50 credits for $50.00 by a fresh player, with its own provider reference. */
async function purchase(
  o: {
    status?: Status;
    method?: Method;
    deliverInGame?: boolean;
    bonusCredits?: number;
    amountCents?: number;
    currency?: string;
    providerRef?: string | null;
  } = {},
) {
  const user = await createUser();
  const pkg = await createPackage({ credits: 500, bonusCredits: o.bonusCredits ?? 50, priceCents: o.amountCents ?? 5000 });
  const p = await db.creditPurchase.create({
    data: {
      userId: user.id,
      creditPackageId: pkg.id,
      method: o.method ?? "STRIPE",
      status: o.status ?? "PENDING",
      providerRef: o.providerRef === undefined ? `pi_${randomUUID()}` : o.providerRef,
      credits: 500,
      bonusCredits: o.bonusCredits ?? 50,
      amountCents: o.amountCents ?? 5000,
      currency: o.currency ?? "USD",
      deliverInGame: o.deliverInGame ?? false,
    },
  });
  return { user, p };
}

type P = Awaited<ReturnType<typeof purchase>>["p"];
const ref = (p: P) => p.providerRef!;
type Paid = Extract<PaymentEffect, { kind: "paid" }>;
const paid = (p: P, extra: Partial<Paid> = {}): Paid => ({ kind: "paid", providerRef: ref(p), amountCents: p.amountCents, currency: "usd", ...extra });
const effect = (kind: "failed" | "refunded" | "dispute-opened" | "dispute-lost" | "dispute-won", p: P): PaymentEffect => ({ kind, providerRef: ref(p) });
const settle = (e: PaymentEffect, eventId = `evt_${randomUUID()}`) =>
  settleEvent("stripe", { eventId, type: `test.${e.kind}`, payload: { test: true }, effect: e });

const entriesOf = async (p: P) =>
  (await db.creditLedgerEntry.findMany({ where: { creditPurchaseId: p.id }, orderBy: { id: "asc" } })).map((e) => [e.kind, e.delta, e.idempotencyKey]);
const balanceOf = async (userId: number) => (await db.user.findUniqueOrThrow({ where: { id: userId } })).storeCredits;
const statusOf = async (p: P) => (await db.creditPurchase.findUniqueOrThrow({ where: { id: p.id } })).status;
const rankOf = async (userId: number) => {
  const u = await db.user.findUniqueOrThrow({ where: { id: userId } });
  return [u.totalSpentCents, u.memberRank];
};
const deliveryOf = (p: P) => db.gameDelivery.findUnique({ where: { creditPurchaseId: p.id } });

describe("paid", () => {
  it("credits the purchase and its bonus once, marks it paid, stores the event and redoes the rank", async () => {
    const { user, p } = await purchase();
    const eventId = `evt_${randomUUID()}`;
    expect(await settle(paid(p), eventId)).toEqual({ outcome: "applied", purchaseId: p.id });
    expect(await entriesOf(p)).toEqual([
      ["PURCHASE", 500, `purchase:${p.id}:purchase`],
      ["BONUS", 50, `purchase:${p.id}:bonus`],
    ]);
    expect(await balanceOf(user.id)).toBe(550);
    const row = await db.creditPurchase.findUniqueOrThrow({ where: { id: p.id } });
    expect(row.status).toBe("PAID");
    expect(row.paidAt).not.toBeNull();
    expect(await rankOf(user.id)).toEqual([5000, "EXPANSION"]);
    const stored = await db.webhookEvent.findFirstOrThrow({ where: { eventId } });
    expect(stored).toMatchObject({ provider: "STRIPE", type: "test.paid", payload: { test: true }, error: null, creditPurchaseId: p.id });
    expect(stored.processedAt).not.toBeNull();
  });

  it("changes nothing for the same event again (duplicate) or another paid event (ignored)", async () => {
    const { user, p } = await purchase();
    const eventId = `evt_${randomUUID()}`;
    await settle(paid(p), eventId);
    expect(await settle(paid(p), eventId)).toEqual({ outcome: "duplicate" });
    expect(await settle(paid(p))).toEqual({ outcome: "ignored", purchaseId: p.id });
    expect(await balanceOf(user.id)).toBe(550);
    expect(await db.webhookEvent.count({ where: { eventId } })).toBe(1);
  });

  it("adds no bonus entry for a package without one", async () => {
    const { p } = await purchase({ bonusCredits: 0 });
    await settle(paid(p));
    expect(await entriesOf(p)).toEqual([["PURCHASE", 500, `purchase:${p.id}:purchase`]]);
  });

  it("takes a failed payment that is paid after all", async () => {
    const { user, p } = await purchase({ status: "FAILED" });
    expect(await settle(paid(p))).toEqual({ outcome: "applied", purchaseId: p.id });
    expect(await balanceOf(user.id)).toBe(550);
  });

  it("ignores a paid event for a refunded or disputed purchase", async () => {
    for (const status of ["REFUNDED", "DISPUTED"] as const) {
      const { user, p } = await purchase({ status });
      expect(await settle(paid(p))).toEqual({ outcome: "ignored", purchaseId: p.id });
      expect(await balanceOf(user.id)).toBe(0);
    }
  });

  it("refuses another amount or currency, storing why and crediting nothing (any letter case of the currency)", async () => {
    const { user, p } = await purchase();
    const short = await settle(paid(p, { amountCents: 4999 }));
    expect(short).toEqual({ outcome: "rejected", purchaseId: p.id, error: "paid 4999 usd, expected 5000 USD" });
    expect((await settle(paid(p, { currency: "eur" }))).outcome).toBe("rejected");
    expect(await statusOf(p)).toBe("PENDING");
    expect(await balanceOf(user.id)).toBe(0);
    const stored = await db.webhookEvent.findMany({ where: { creditPurchaseId: p.id }, orderBy: { id: "asc" } });
    expect(stored.map((e) => e.error)).toEqual(["paid 4999 usd, expected 5000 USD", "paid 5000 eur, expected 5000 USD"]);
    const { p: lower } = await purchase({ currency: "usd" });
    expect((await settle(paid(lower, { currency: "USD" }))).outcome).toBe("applied");
  });

  it("finds the purchase by id when given, and refuses a provider reference that does not match it", async () => {
    const { p } = await purchase();
    const { p: other } = await purchase();
    expect(await settle({ ...paid(p), purchaseId: p.id, providerRef: ref(other) })).toEqual({
      outcome: "rejected",
      purchaseId: p.id,
      error: `provider reference ${ref(other)} does not match purchase ${p.id}`,
    });
    expect(await statusOf(p)).toBe("PENDING");
    expect((await settle({ ...paid(p), purchaseId: p.id })).outcome).toBe("applied");
  });

  it("records the provider's reference on a purchase that had none", async () => {
    const { user, p } = await purchase({ providerRef: null });
    const reference = `pi_${randomUUID()}`;
    expect((await settle({ kind: "paid", purchaseId: p.id, providerRef: reference, amountCents: 5000, currency: "USD" })).outcome).toBe("applied");
    expect((await db.creditPurchase.findUniqueOrThrow({ where: { id: p.id } })).providerRef).toBe(reference);
    expect(await balanceOf(user.id)).toBe(550);
  });

  it("refuses an unknown purchase, and another method's purchase with the same reference", async () => {
    expect(await settle({ kind: "paid", providerRef: "pi_nowhere", amountCents: 1, currency: "usd" })).toEqual({
      outcome: "rejected",
      error: "no stripe purchase for pi_nowhere",
    });
    expect(await settle({ kind: "paid", providerRef: "x", purchaseId: 2_000_000_000, amountCents: 1, currency: "usd" })).toEqual({
      outcome: "rejected",
      error: "no stripe purchase for 2000000000",
    });
    const { user, p } = await purchase({ method: "PAYPAL" });
    expect((await settle(paid(p))).outcome).toBe("rejected");
    expect((await settle({ ...paid(p), purchaseId: p.id })).outcome).toBe("rejected");
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("ignores an event with no effect, still storing it", async () => {
    const eventId = `evt_${randomUUID()}`;
    expect(await settle({ kind: "none" }, eventId)).toEqual({ outcome: "ignored" });
    expect(await db.webhookEvent.findFirstOrThrow({ where: { eventId } })).toMatchObject({ error: null, creditPurchaseId: null });
  });
});

describe("failed", () => {
  it("marks a pending purchase failed, and leaves a paid one as it is", async () => {
    const { p } = await purchase();
    expect(await settle(effect("failed", p))).toEqual({ outcome: "applied", purchaseId: p.id });
    expect(await statusOf(p)).toBe("FAILED");
    const { p: done } = await purchase();
    await settle(paid(done));
    await settle(effect("failed", done));
    expect(await statusOf(done)).toBe("PAID");
  });
});

describe("refunds and disputes (site credits)", () => {
  it("a refund takes back credit and bonus once, even spent (the balance goes negative), and drops the rank", async () => {
    const { user, p } = await purchase();
    await settle(paid(p));
    await db.$transaction((tx) => tx.user.update({ where: { id: user.id }, data: { storeCredits: { decrement: 500 } } }));
    expect(await settle(effect("refunded", p))).toEqual({ outcome: "applied", purchaseId: p.id });
    expect(await settle(effect("refunded", p))).toEqual({ outcome: "applied", purchaseId: p.id });
    expect((await entriesOf(p)).slice(2)).toEqual([["REFUND", -550, `purchase:${p.id}:refund`]]);
    expect(await balanceOf(user.id)).toBe(-500);
    expect(await statusOf(p)).toBe("REFUNDED");
    expect(await rankOf(user.id)).toEqual([0, "NONE"]);
  });

  it("a refund of a purchase never credited changes nothing", async () => {
    const { user, p } = await purchase();
    expect(await settle(effect("refunded", p))).toEqual({ outcome: "ignored", purchaseId: p.id });
    expect(await statusOf(p)).toBe("PENDING");
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("an opened dispute marks a paid purchase, and only a paid one", async () => {
    const { user, p } = await purchase();
    await settle(paid(p));
    expect(await settle(effect("dispute-opened", p))).toEqual({ outcome: "applied", purchaseId: p.id });
    expect(await statusOf(p)).toBe("DISPUTED");
    expect(await balanceOf(user.id)).toBe(550);
    expect(await rankOf(user.id)).toEqual([0, "NONE"]);
    const { p: pending } = await purchase();
    await settle(effect("dispute-opened", pending));
    expect(await statusOf(pending)).toBe("PENDING");
  });

  it("a lost dispute charges the credits back once; a won one after it gives them back and restores the purchase", async () => {
    const { user, p } = await purchase();
    await settle(paid(p));
    await settle(effect("dispute-opened", p));
    await settle(effect("dispute-lost", p));
    await settle(effect("dispute-lost", p));
    expect(await balanceOf(user.id)).toBe(0);
    expect(await statusOf(p)).toBe("DISPUTED");
    await settle(effect("dispute-won", p));
    await settle(effect("dispute-won", p));
    expect((await entriesOf(p)).slice(2)).toEqual([
      ["CHARGEBACK", -550, `purchase:${p.id}:chargeback`],
      ["ADJUSTMENT", 550, `purchase:${p.id}:dispute-won`],
    ]);
    expect(await balanceOf(user.id)).toBe(550);
    expect(await statusOf(p)).toBe("PAID");
    expect(await rankOf(user.id)).toEqual([5000, "EXPANSION"]);
  });

  it("a dispute lost after a refund takes nothing more; won, it gives nothing back", async () => {
    const { user, p } = await purchase();
    await settle(paid(p));
    await settle(effect("refunded", p));
    await settle(effect("dispute-lost", p));
    expect(await statusOf(p)).toBe("DISPUTED");
    await settle(effect("dispute-won", p));
    expect((await entriesOf(p)).slice(2)).toEqual([["REFUND", -550, `purchase:${p.id}:refund`]]);
    expect(await balanceOf(user.id)).toBe(0);
  });

  it("a refund after a lost dispute takes nothing more; after a won one it takes the credits back", async () => {
    const lost = await purchase();
    await settle(paid(lost.p));
    await settle(effect("dispute-lost", lost.p));
    await settle(effect("refunded", lost.p));
    expect((await entriesOf(lost.p)).slice(2)).toEqual([["CHARGEBACK", -550, `purchase:${lost.p.id}:chargeback`]]);
    expect(await statusOf(lost.p)).toBe("REFUNDED");
    expect(await balanceOf(lost.user.id)).toBe(0);

    const won = await purchase();
    await settle(paid(won.p));
    await settle(effect("dispute-lost", won.p));
    await settle(effect("dispute-won", won.p));
    await settle(effect("refunded", won.p));
    expect((await entriesOf(won.p)).slice(2)).toEqual([
      ["CHARGEBACK", -550, `purchase:${won.p.id}:chargeback`],
      ["ADJUSTMENT", 550, `purchase:${won.p.id}:dispute-won`],
      ["REFUND", -550, `purchase:${won.p.id}:refund`],
    ]);
    expect(await balanceOf(won.user.id)).toBe(0);
  });

  it("a won dispute on a purchase that is not disputed changes no status", async () => {
    const { p } = await purchase();
    await settle(paid(p));
    await settle(effect("dispute-won", p));
    expect(await statusOf(p)).toBe("PAID");
    expect(await entriesOf(p)).toHaveLength(2);
  });
});

describe("credits bought for the game (::store)", () => {
  it("paid, queues one CREDIT_PACKAGE delivery instead of site credits", async () => {
    const { user, p } = await purchase({ deliverInGame: true });
    await settle(paid(p));
    await settle(paid(p));
    expect(await entriesOf(p)).toEqual([]);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await db.gameDelivery.findMany({ where: { userId: user.id } })).toEqual([
      expect.objectContaining({ kind: "CREDIT_PACKAGE", status: "PENDING", creditPurchaseId: p.id, payload: { credits: 500, bonusCredits: 50 } }),
    ]);
    expect(await statusOf(p)).toBe("PAID");
    expect(await rankOf(user.id)).toEqual([5000, "EXPANSION"]);
  });

  it("refunded before the game took it, cancels the delivery and takes nothing from the site balance", async () => {
    const { user, p } = await purchase({ deliverInGame: true });
    await settle(paid(p));
    expect(await settle(effect("refunded", p))).toEqual({ outcome: "applied", purchaseId: p.id });
    expect(await deliveryOf(p)).toMatchObject({ status: "CANCELED", leasedUntil: null });
    expect(await entriesOf(p)).toEqual([]);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await statusOf(p)).toBe("REFUNDED");
    // A lost dispute after it finds the delivery already canceled: nothing more to take.
    await settle(effect("dispute-lost", p));
    expect(await entriesOf(p)).toEqual([]);
    expect(await statusOf(p)).toBe("DISPUTED");
  });

  it("cancels a delivery whose lease ran out unacknowledged, but claws back from the balance while a lease is live or once delivered", async () => {
    const leased = async (untilMs: number) => {
      const { user, p } = await purchase({ deliverInGame: true });
      await settle(paid(p));
      // Timestamps are UTC without a zone, as Prisma writes them.
      await db.gameDelivery.update({
        where: { creditPurchaseId: p.id },
        data: { status: "LEASED", leaseId: randomUUID(), leasedUntil: new Date(Date.now() + untilMs) },
      });
      return { user, p };
    };
    const expired = await leased(-60_000);
    await settle(effect("refunded", expired.p));
    expect(await deliveryOf(expired.p)).toMatchObject({ status: "CANCELED", leasedUntil: null });
    expect(await entriesOf(expired.p)).toEqual([]);

    const live = await leased(60_000);
    await settle(effect("dispute-lost", live.p));
    expect((await deliveryOf(live.p))!.status).toBe("LEASED");
    expect(await entriesOf(live.p)).toEqual([["CHARGEBACK", -550, `purchase:${live.p.id}:chargeback`]]);
    expect(await balanceOf(live.user.id)).toBe(-550);

    const { user, p } = await purchase({ deliverInGame: true });
    await settle(paid(p));
    await db.gameDelivery.update({ where: { creditPurchaseId: p.id }, data: { status: "DELIVERED", deliveredAt: new Date() } });
    await settle(effect("refunded", p));
    expect(await entriesOf(p)).toEqual([["REFUND", -550, `purchase:${p.id}:refund`]]);
    expect(await balanceOf(user.id)).toBe(-550);
  });

  it("a dispute won after the delivery was canceled puts it back in the queue, and no other delivery", async () => {
    const bystander = await purchase({ deliverInGame: true });
    await settle(paid(bystander.p));
    await settle(effect("refunded", bystander.p));
    const { p } = await purchase({ deliverInGame: true });
    await settle(paid(p));
    await settle(effect("dispute-opened", p));
    await settle(effect("dispute-lost", p));
    expect((await deliveryOf(p))!.status).toBe("CANCELED");
    await settle(effect("dispute-won", p));
    expect(await deliveryOf(p)).toMatchObject({ status: "PENDING", leaseId: null, leasedUntil: null });
    expect(await statusOf(p)).toBe("PAID");
    expect(await entriesOf(p)).toEqual([]);
    expect((await deliveryOf(bystander.p))!.status).toBe("CANCELED");
  });

  it("a won dispute on a refunded in-game purchase neither restores its delivery nor its status", async () => {
    const { p } = await purchase({ deliverInGame: true });
    await settle(paid(p));
    await settle(effect("refunded", p));
    await settle(effect("dispute-won", p));
    expect((await deliveryOf(p))!.status).toBe("CANCELED");
    expect(await statusOf(p)).toBe("REFUNDED");
  });

  it("a refund of an in-game purchase never paid changes nothing", async () => {
    const { p } = await purchase({ deliverInGame: true });
    expect(await settle(effect("refunded", p))).toEqual({ outcome: "ignored", purchaseId: p.id });
    expect(await deliveryOf(p)).toBeNull();
    expect(await statusOf(p)).toBe("PENDING");
  });
});

describe("the donator rank", () => {
  it("counts every paid purchase of the player and nothing else", async () => {
    const { user, p } = await purchase({ amountCents: 1500 });
    const second = await db.creditPurchase.create({
      data: {
        userId: user.id,
        creditPackageId: p.creditPackageId,
        method: "STRIPE",
        providerRef: `pi_${randomUUID()}`,
        credits: 1,
        bonusCredits: 0,
        amountCents: 1000,
      },
    });
    await settle(paid(p));
    expect(await rankOf(user.id)).toEqual([1500, "NONE"]);
    await settle(paid(second));
    expect(await rankOf(user.id)).toEqual([2500, "PREMIUM"]);
    // Staff re-applying a stored event goes through the same effect in its own transaction.
    await db.$transaction((tx) => applyEffect(tx, "stripe", effect("refunded", second)));
    expect(await rankOf(user.id)).toEqual([1500, "NONE"]);
  });
});
