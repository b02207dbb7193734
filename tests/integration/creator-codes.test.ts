import Stripe from "stripe";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as dashboardApi from "@/app/api/v1/account/creator/route";
import * as staffCode from "@/app/api/v1/staff/store/creator-codes/[id]/route";
import * as staffPay from "@/app/api/v1/staff/store/creator-codes/[id]/pay/route";
import * as staffCodes from "@/app/api/v1/staff/store/creator-codes/route";
import * as goalsApi from "@/app/api/v1/store/goals/route";
import * as previewApi from "@/app/api/v1/store/price-preview/route";
import { POST as webhook } from "@/app/api/v1/webhooks/stripe/route";
import { findBalanceMismatches } from "@/lib/server/credits/reconcile-balances";
import { db } from "@/lib/server/db";
import { settleEvent } from "@/lib/server/payments/settle";
import { NOTHING_PAYABLE } from "@/lib/server/store/admin/creator-codes";
import { CREATOR_CODE_ERRORS } from "@/lib/server/store/pricing";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { createPackage, deliver, player, purchaseRow, startPurchase, userRow } from "../support/fake-payment-data";
import { startFakeServer } from "../support/fake-payments";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

// Creator codes (docs/store.md, "Creator codes") end to end: staff make a code through the API, a
// buyer enters it at the credit checkout (a creator_bonus line, the price unchanged), the signed
// Stripe webhook settles the purchase with the bonus and one share (even when delivered five times
// at once), the share is payable only after its hold, a refund inside the hold cancels it and claws
// the bonus back exactly, a refund after the payout reverses it and the next payout subtracts it,
// and staff "pay" marks only the payable shares. Each refusal has its accepted twin.

const SECRET = "whsec_integration_test_secret";
const DAY = 86_400_000;
let fake: Awaited<ReturnType<typeof startFakeServer>>;
let restore: () => void;
let n = 0;
let admin: { id: number; session: string };

beforeAll(async () => {
  fake = await startFakeServer((req) => {
    if (req.method === "POST" && req.path === "/v1/payment_intents") {
      n += 1;
      const form = new URLSearchParams(req.body);
      return {
        json: {
          id: `pi_cc_${n}_${randomUUID().slice(0, 8)}`,
          object: "payment_intent",
          client_secret: `pi_cc_${n}_secret_abc`,
          amount: Number(form.get("amount")),
          currency: form.get("currency"),
          metadata: { purchase_id: form.get("metadata[purchase_id]") },
        },
      };
    }
    return { status: 404, json: { error: { message: "no such route" } } };
  });
  restore = setEnv({
    TRUST_PROXY: "true",
    STRIPE_SECRET_KEY: "sk_test_fake",
    STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_BASE_URL: fake.url,
  });
  const a = await createUser({ privilege: "ADMINISTRATOR" });
  admin = { id: a.id, session: await createSessionToken(a.id) };
});
afterAll(async () => {
  restore();
  await fake.close();
});

function event(type: string, object: Record<string, unknown>, id = `evt_${type}_${randomUUID()}`) {
  return JSON.stringify({ id, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });
}
const signed = (body: string) => ({ "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }) });
const succeeded = (pi: string, purchaseId: number, amount: number, id?: string) =>
  event(
    "payment_intent.succeeded",
    { id: pi, object: "payment_intent", amount_received: amount, currency: "usd", metadata: { purchase_id: String(purchaseId) } },
    id,
  );
const refunded = (pi: string, amount: number) =>
  event("charge.refunded", { id: `ch_${randomUUID()}`, object: "charge", payment_intent: pi, amount, amount_refunded: amount, refunded: true });
const uniqueCode = () => `CC${randomUUID().replace(/-/g, "").slice(0, 10).toUpperCase()}`;

const asAdmin = (session = admin.session) => ({ cookies: { session }, headers: { ...SAME_ORIGIN, ...freshClient() } });
async function staffCreate(body: Record<string, unknown>, session?: string) {
  return call(staffCodes.POST, { method: "POST", path: "/api/v1/staff/store/creator-codes", body, ...asAdmin(session) });
}
async function staffPatch(id: number, body: Record<string, unknown>) {
  return call(staffCode.PATCH, { method: "PATCH", path: `/api/v1/staff/store/creator-codes/${id}`, params: { id: String(id) }, body, ...asAdmin() });
}
async function staffPayCode(id: number, reference = "transfer 42") {
  return call(staffPay.POST, {
    method: "POST",
    path: `/api/v1/staff/store/creator-codes/${id}/pay`,
    params: { id: String(id) },
    body: { reference },
    ...asAdmin(),
  });
}
async function newCreatorCode(o: { bonusPercent?: number; sharePercent?: number; active?: boolean } = {}) {
  const creator = await player();
  const code = uniqueCode();
  const r = await staffCreate({
    code: code.toLowerCase(),
    username: creator.user.username,
    bonusPercent: o.bonusPercent ?? 10,
    sharePercent: o.sharePercent ?? 7,
    active: o.active ?? true,
  });
  expect(r.status).toBe(201);
  return { creator, code, id: r.json.id as number };
}

/** Buys `pkg` with the code and settles it through the signed webhook; answers the purchase. */
async function buyAndSettle(pkgId: number, creatorCode: string, extra: Record<string, unknown> = {}) {
  const buyer = await player();
  const r = await startPurchase(buyer.session, { id: pkgId, method: "stripe", creator_code: creatorCode, ...extra });
  expect(r.status).toBe(201);
  const p = await purchaseRow(r.json.purchase_id as number);
  const paid = succeeded(p.providerRef!, p.id, p.amountCents);
  expect((await deliver(webhook, "stripe", paid, signed(paid))).status).toBe(200);
  return { buyer, purchase: await purchaseRow(p.id), answer: r.json };
}
const shareOf = (purchaseId: number) => db.creatorShare.findUniqueOrThrow({ where: { creditPurchaseId: purchaseId } });
const pastHold = (purchaseId: number) => db.creatorShare.update({ where: { creditPurchaseId: purchaseId }, data: { payableAt: new Date(Date.now() - 1000) } });

describe("a creator code at checkout and settlement", () => {
  it("staff create it (audited); the checkout shows its bonus line with the price unchanged; a webhook delivered five times at once grants the bonus and makes one share", async () => {
    const pkg = await createPackage({ credits: 1000, bonusCredits: 100, priceCents: 5000 });
    const coupon = await db.coupon.create({ data: { code: uniqueCode(), kind: "FIXED", value: 1, scope: "BASKET", storeItems: false, creditPackages: true } });
    const { creator, code, id } = await newCreatorCode({ bonusPercent: 10, sharePercent: 7 });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "store.creator_code.created", targetId: String(id) } });
    expect(audit).toMatchObject({ actorId: admin.id, targetType: "creator_code" });
    expect(audit.data).toMatchObject({
      before: null,
      after: { code, username: creator.user.username, bonusPercent: 10, sharePercent: 7, active: true, uses: 0 },
    });

    const buyer = await player();
    const r = await startPurchase(buyer.session, { id: pkg.id, method: "stripe", coupon: coupon.code, creator_code: code.toLowerCase() });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      amount_cents: 4999,
      lines: [
        { step: "base", amount: 5000 },
        { step: "coupon", amount: -1 },
        { step: "creator_bonus", label: `Creator code ${code}: +100 bonus credits`, amount: 0, bonus_credits: 100 },
        { step: "total", amount: 4999 },
      ],
    });
    // The provider is asked for the total: the creator bonus does not change the price.
    expect(new URLSearchParams(fake.requests.at(-1)!.body).get("amount")).toBe("4999");
    const p = await purchaseRow(r.json.purchase_id as number);
    expect(p).toMatchObject({ creatorCodeId: id, bonusCredits: 200, creatorBonusCredits: 100, credits: 1000 });

    const paid = succeeded(p.providerRef!, p.id, 4999, `evt_twice_${randomUUID()}`);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(webhook, "stripe", paid, signed(paid))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    // A second, different event for the same payment (as a PayPal capture and its webhook) changes nothing either.
    const other = succeeded(p.providerRef!, p.id, 4999);
    expect((await deliver(webhook, "stripe", other, signed(other))).status).toBe(200);

    expect(await userRow(buyer.user.id)).toMatchObject({ storeCredits: 1200 });
    const shares = await db.creatorShare.findMany({ where: { creditPurchaseId: p.id } });
    expect(shares).toHaveLength(1);
    const paidAt = (await purchaseRow(p.id)).paidAt!;
    // floor(4999 × 7 %) = 349 (349.93 rounded down), held 14 days from the payment.
    expect(shares[0]).toMatchObject({ creatorCodeId: id, paidCents: 4999, amountCents: 349, status: "ACCRUED" });
    expect(shares[0]!.payableAt.getTime()).toBe(paidAt.getTime() + 14 * DAY);
    expect((await findBalanceMismatches()).filter((m) => m.userId === buyer.user.id)).toEqual([]);
  });

  it("the hold follows CREATOR_SHARE_HOLD_DAYS", async () => {
    const undo = setEnv({ CREATOR_SHARE_HOLD_DAYS: "3" });
    try {
      const pkg = await createPackage({ credits: 100, bonusCredits: 0, priceCents: 1000 });
      const { code } = await newCreatorCode();
      const { purchase } = await buyAndSettle(pkg.id, code);
      expect((await shareOf(purchase.id)).payableAt.getTime()).toBe(purchase.paidAt!.getTime() + 3 * DAY);
    } finally {
      undo();
    }
  });

  it("a paused code is refused naming creator_code, its active twin accepted; unknown and one's own refused; resuming lets it through again", async () => {
    const pkg = await createPackage({ credits: 500, bonusCredits: 0, priceCents: 1000 });
    const paused = await newCreatorCode({ active: false });
    const active = await newCreatorCode();
    const buyer = await player();
    expect(await startPurchase(buyer.session, { id: pkg.id, method: "stripe", creator_code: paused.code })).toMatchObject({
      status: 400,
      json: { creator_code: [CREATOR_CODE_ERRORS.paused] },
    });
    expect(await startPurchase(buyer.session, { id: pkg.id, method: "stripe", creator_code: active.code })).toMatchObject({
      status: 201,
      json: { amount_cents: 1000 },
    });
    expect(await startPurchase(buyer.session, { id: pkg.id, method: "stripe", creator_code: "NOSUCHCODE" })).toMatchObject({
      status: 400,
      json: { creator_code: [CREATOR_CODE_ERRORS.unknown] },
    });
    expect(await startPurchase(active.creator.session, { id: pkg.id, method: "stripe", creator_code: active.code })).toMatchObject({
      status: 400,
      json: { creator_code: [CREATOR_CODE_ERRORS.own] },
    });
    // Refused checkouts write nothing.
    expect(await db.creditPurchase.count({ where: { creditPackageId: pkg.id } })).toBe(1);

    const resumed = await staffPatch(paused.id, { active: true });
    expect(resumed).toMatchObject({ status: 200, json: { active: true } });
    expect(await db.auditLog.findFirstOrThrow({ where: { action: "store.creator_code.resumed", targetId: String(paused.id) } })).toMatchObject({
      data: { before: { active: false }, after: { active: true } },
    });
    expect(await startPurchase(buyer.session, { id: pkg.id, method: "stripe", creator_code: paused.code })).toMatchObject({ status: 201 });
    const pausedAgain = await staffPatch(paused.id, { active: false });
    expect(pausedAgain.json).toMatchObject({ active: false });
    expect(await db.auditLog.count({ where: { action: "store.creator_code.paused", targetId: String(paused.id) } })).toBe(1);
  });

  it("the price preview shows the creator_bonus line for a package and refuses a code for a store item", async () => {
    const pkg = await createPackage({ credits: 2000, bonusCredits: 0, priceCents: 2000 });
    const { code } = await newCreatorCode({ bonusPercent: 5 });
    const buyer = await player();
    const preview = (body: unknown) =>
      call(previewApi.POST, {
        method: "POST",
        path: "/api/v1/store/price-preview",
        body,
        cookies: { session: buyer.session },
        headers: { ...SAME_ORIGIN, ...freshClient() },
      });
    expect(await preview({ package_id: pkg.id, creator_code: code })).toMatchObject({
      status: 200,
      json: { total: 2000, lines: [{ step: "base" }, { step: "creator_bonus", bonus_credits: 100, amount: 0 }, { step: "total", amount: 2000 }] },
    });
    expect((await preview({ product_id: 1, creator_code: code })).json).toMatchObject({ creator_code: [expect.any(String)] });
  });
});

describe("the share's hold, refunds and payouts", () => {
  it("is payable only after its hold: pay refuses while it is held, then pays it once with an audited payout", async () => {
    const pkg = await createPackage({ credits: 100, bonusCredits: 0, priceCents: 2000 });
    const { id, code } = await newCreatorCode({ sharePercent: 10 });
    const { purchase } = await buyAndSettle(pkg.id, code);
    expect(await staffPayCode(id)).toMatchObject({ status: 409, json: { details: NOTHING_PAYABLE } });
    expect(await shareOf(purchase.id)).toMatchObject({ status: "ACCRUED", payoutId: null });

    await pastHold(purchase.id);
    const paid = await staffPayCode(id, "bank transfer 77");
    expect(paid).toMatchObject({ status: 200, json: { amountCents: 200, sharesPaid: 1, reversalsSubtracted: 0, reference: "bank transfer 77" } });
    expect(await shareOf(purchase.id)).toMatchObject({ status: "PAID", payoutId: paid.json.id });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "store.creator_code.paid", targetId: String(id) } });
    expect(audit.data).toMatchObject({
      reference: "bank transfer 77",
      before: { payableCents: 200, paidCents: 0 },
      after: { payableCents: 0, paidCents: 200 },
    });
    expect(await staffPayCode(id)).toMatchObject({ status: 409 });
    expect(await db.creatorPayout.count({ where: { creatorCodeId: id } })).toBe(1);
  });

  it("staff pay marks only the payable shares: not those held, cancelled, or whose payment is disputed", async () => {
    const pkg = await createPackage({ credits: 100, bonusCredits: 0, priceCents: 1000 });
    const { id, code } = await newCreatorCode({ sharePercent: 10 });
    const payable = (await buyAndSettle(pkg.id, code)).purchase;
    const held = (await buyAndSettle(pkg.id, code)).purchase;
    const cancelled = (await buyAndSettle(pkg.id, code)).purchase;
    const disputed = (await buyAndSettle(pkg.id, code)).purchase;
    for (const p of [payable, cancelled, disputed]) await pastHold(p.id);
    const refund = refunded(cancelled.providerRef!, 1000);
    expect((await deliver(webhook, "stripe", refund, signed(refund))).status).toBe(200);
    await settleEvent("stripe", {
      eventId: `evt_${randomUUID()}`,
      type: "test.dispute",
      payload: {},
      effect: { kind: "dispute-opened", providerRef: disputed.providerRef! },
    });

    const r = await staffPayCode(id);
    expect(r).toMatchObject({ status: 200, json: { amountCents: 100, sharesPaid: 1 } });
    expect((await shareOf(payable.id)).status).toBe("PAID");
    expect((await shareOf(held.id)).status).toBe("ACCRUED");
    expect((await shareOf(cancelled.id)).status).toBe("CANCELLED");
    expect(await shareOf(disputed.id)).toMatchObject({ status: "ACCRUED", payoutId: null });

    // The dispute won: the share is payable again.
    await settleEvent("stripe", {
      eventId: `evt_${randomUUID()}`,
      type: "test.won",
      payload: {},
      effect: { kind: "dispute-won", providerRef: disputed.providerRef! },
    });
    expect(await staffPayCode(id)).toMatchObject({ status: 200, json: { amountCents: 100, sharesPaid: 1 } });
  });

  it("a refund inside the hold cancels the share, claws back the credits and the creator bonus exactly, and takes the payment out of a goal", async () => {
    const goal = await db.communityGoal.create({
      data: {
        title: `Creator goal ${randomUUID().slice(0, 6)}`,
        targetCents: 1_000_000,
        startsAt: new Date(Date.now() - 1000),
        endsAt: new Date(Date.now() + 3_600_000),
        rewardType: "double_xp",
        rewardPayload: { multiplier: 2 },
      },
    });
    const raised = async () => {
      const r = await call(goalsApi.GET);
      return (r.json.results as { id: number; raised_cents: number }[]).find((g) => g.id === goal.id)!.raised_cents;
    };
    const before = await raised();
    const pkg = await createPackage({ credits: 1000, bonusCredits: 50, priceCents: 3000 });
    const { id, code } = await newCreatorCode({ bonusPercent: 25, sharePercent: 10 });
    const { buyer, purchase } = await buyAndSettle(pkg.id, code);
    expect(await userRow(buyer.user.id)).toMatchObject({ storeCredits: 1300 });
    expect(await raised()).toBe(before + 3000);

    const refund = refunded(purchase.providerRef!, 3000);
    expect((await deliver(webhook, "stripe", refund, signed(refund))).status).toBe(200);
    expect(await shareOf(purchase.id)).toMatchObject({ status: "CANCELLED", amountCents: 300 });
    expect((await shareOf(purchase.id)).cancelledAt).not.toBeNull();
    expect(await userRow(buyer.user.id)).toMatchObject({ storeCredits: 0 });
    expect((await db.creditLedgerEntry.findMany({ where: { creditPurchaseId: purchase.id }, orderBy: { id: "asc" } })).map((e) => [e.kind, e.delta])).toEqual([
      ["PURCHASE", 1000],
      ["BONUS", 300],
      ["REFUND", -1300],
    ]);
    expect(await raised()).toBe(before);
    // Even past the hold, a cancelled share is never payable.
    await pastHold(purchase.id);
    expect(await staffPayCode(id)).toMatchObject({ status: 409 });
    const dash = await call(dashboardApi.GET, { path: "/api/v1/account/creator", cookies: { session: await creatorSession(id) } });
    expect(dash.json).toMatchObject({
      codes: [{ uses: 1, revenueCents: 0, pendingCents: 0, payableCents: 0, paidCents: 0 }],
      recent: [{ status: "cancelled", shareCents: 300 }],
    });
    expect((await findBalanceMismatches()).filter((m) => m.userId === buyer.user.id)).toEqual([]);
  });

  it("a refund after the payout reverses the share, and the next payout subtracts it", async () => {
    const pkg = await createPackage({ credits: 100, bonusCredits: 0, priceCents: 2000 });
    const { id, code } = await newCreatorCode({ sharePercent: 10 });
    const first = (await buyAndSettle(pkg.id, code)).purchase;
    await pastHold(first.id);
    expect(await staffPayCode(id)).toMatchObject({ status: 200, json: { amountCents: 200 } });
    const refund = refunded(first.providerRef!, 2000);
    expect((await deliver(webhook, "stripe", refund, signed(refund))).status).toBe(200);
    expect(await shareOf(first.id)).toMatchObject({ status: "REVERSED", deductedPayoutId: null });

    const second = (await buyAndSettle(pkg.id, code)).purchase;
    const third = (await buyAndSettle(pkg.id, code)).purchase;
    await pastHold(second.id);
    await pastHold(third.id);
    const next = await staffPayCode(id, "transfer 2");
    expect(next).toMatchObject({ status: 200, json: { amountCents: 200, sharesPaid: 2, reversalsSubtracted: 1 } });
    expect(await shareOf(first.id)).toMatchObject({ status: "REVERSED", deductedPayoutId: next.json.id });
  });
});

describe("the creator's dashboard", () => {
  it("shows the player's own codes, their totals and the latest uses without buyers; a player without a code gets empty lists", async () => {
    const pkg = await createPackage({ credits: 100, bonusCredits: 0, priceCents: 1500 });
    const { id, code } = await newCreatorCode({ sharePercent: 20 });
    const { buyer } = await buyAndSettle(pkg.id, code);
    const r = await call(dashboardApi.GET, { path: "/api/v1/account/creator", cookies: { session: await creatorSession(id) } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({
      codes: [{ code, uses: 1, revenueCents: 1500, pendingCents: 300, payableCents: 0, paidCents: 0 }],
      recent: [{ code, paidCents: 1500, shareCents: 300, status: "pending" }],
      holdDays: 14,
    });
    expect(JSON.stringify(r.json)).not.toContain(buyer.user.username);
    const other = await call(dashboardApi.GET, { path: "/api/v1/account/creator", cookies: { session: buyer.session } });
    expect(other).toMatchObject({ status: 200, json: { codes: [], recent: [] } });
  });
});

describe("staff writes", () => {
  it("a code taken (any case) or an unknown player is a 400 naming the field; making a code for oneself is refused", async () => {
    const { code } = await newCreatorCode();
    const someone = await player();
    expect(await staffCreate({ code: code.toLowerCase(), username: someone.user.username, bonusPercent: 5, sharePercent: 5 })).toMatchObject({
      status: 400,
      json: { code: [expect.any(String)] },
    });
    expect(await staffCreate({ code: uniqueCode(), username: "nobody-here", bonusPercent: 5, sharePercent: 5 })).toMatchObject({
      status: 400,
      json: { username: [expect.any(String)] },
    });
    expect(await staffCreate({ code: uniqueCode(), username: someone.user.username, bonusPercent: 101, sharePercent: 5 })).toMatchObject({
      status: 400,
      json: { bonusPercent: [expect.any(String)] },
    });
    const self = await db.user.findUniqueOrThrow({ where: { id: admin.id } });
    expect(await staffCreate({ code: uniqueCode(), username: self.username, bonusPercent: 5, sharePercent: 5 })).toMatchObject({ status: 403 });
    expect(await staffCreate({ code: uniqueCode(), username: someone.user.username, bonusPercent: 5, sharePercent: 5 })).toMatchObject({ status: 201 });
  });
});

async function creatorSession(codeId: number): Promise<string> {
  const c = await db.creatorCode.findUniqueOrThrow({ where: { id: codeId } });
  return createSessionToken(c.userId);
}
