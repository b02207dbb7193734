import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as issueRoute, GET as staffListRoute } from "@/app/api/v1/staff/store/gift-cards/route";
import { POST as voidRoute } from "@/app/api/v1/staff/store/gift-cards/[id]/void/route";
import { GET as mineRoute } from "@/app/api/v1/store/gift-cards/route";
import { POST as redeemRoute } from "@/app/api/v1/store/gift-cards/redeem/route";
import { GET as balanceRoute } from "@/app/api/v1/store/gift-cards/balance/route";
import { POST as webhook } from "@/app/api/v1/webhooks/stripe/route";
import { formatGiftCardCode, normalizeGiftCardCode } from "@/lib/gift-card-code";
import { db } from "@/lib/server/db";
import { hashGiftCardCode } from "@/lib/server/giftcards/codes";
import { GIFT_CARD_MESSAGES } from "@/lib/server/giftcards/redeem-gift-card";
import { runReconcile } from "@/scripts/admin";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { deliver, player, purchaseRow, startPurchase, userRow } from "../support/fake-payment-data";
import { startFakeStripe, stripeEnv, stripeEvents } from "../support/stripe-webhooks";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

// Gift cards (docs/gift-cards.md): issued by staff with a reason (audited), bought with money as
// a gift card package (issued by the signed webhook, once), redeemed once into a balance through
// one ledger entry, refused when unknown, expired, voided or used, voided by staff or a refund.

const SECRET = "whsec_gift_card_test_secret";
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let restore: () => void;
let admin: { id: number };
let adminSession: string;

beforeAll(async () => {
  fake = await startFakeStripe((n) => `pi_gc_${n}`);
  restore = setEnv(stripeEnv(SECRET, fake.url));
  admin = await createUser({ privilege: "ADMINISTRATOR" });
  adminSession = await createSessionToken(admin.id);
});
afterAll(async () => {
  // Every test's cards and ledger entries add up (npm run admin -- reconcile).
  expect(await runReconcile()).toMatchObject({ code: 0 });
  restore();
  await fake.close();
});

const issue = (body: unknown) => call(issueRoute, { method: "POST", body, cookies: { session: adminSession }, headers: SAME_ORIGIN });
const voidCard = (id: number, body: unknown) =>
  call(voidRoute, { method: "POST", body, params: { id: String(id) }, cookies: { session: adminSession }, headers: SAME_ORIGIN });
const redeem = (session: string, code: string) =>
  call(redeemRoute, { method: "POST", body: { code }, cookies: { session }, headers: { ...SAME_ORIGIN, ...freshClient() } });
const balanceCheck = (code: string, headers: Record<string, string> = freshClient()) =>
  call(balanceRoute, { path: `/api/v1/store/gift-cards/balance?code=${encodeURIComponent(code)}`, headers });
const balanceOf = async (id: number) => (await userRow(id)).storeCredits;

async function issued(credits = 500, extra: Record<string, unknown> = {}) {
  const r = await issue({ credits, reason: "Community event prize", ...extra });
  expect(r.status).toBe(201);
  return r.json as { code: string; card: { id: number; credits: number; status: string; codeLast4: string } };
}

describe("staff issue gift cards", () => {
  it("issues a card with a grouped 16-character code, stores only its hash, and audits it with the reason", async () => {
    const r = await issue({ credits: 750, reason: "Winner of the screenshot contest" });
    expect(r.status).toBe(201);
    const code = r.json.code as string;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const card = r.json.card as { id: number };
    expect(r.json.card).toMatchObject({
      credits: 750,
      status: "ACTIVE",
      codeLast4: code.slice(-4),
      reason: "Winner of the screenshot contest",
      expiresAt: null,
    });
    // The hash is a secret column (lib/server/db.ts): left out of rows unless asked for by name.
    expect(Object.keys(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } }))).not.toContain("codeHash");
    const row = await db.giftCard.findUniqueOrThrow({ where: { id: card.id }, omit: { codeHash: false } });
    expect(row).toMatchObject({ codeHash: hashGiftCardCode(normalizeGiftCardCode(code)!), buyerCode: null, issuedById: admin.id });
    expect(JSON.stringify(row)).not.toContain(code.replace(/-/g, ""));
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "giftcard.issued", targetId: String(card.id) } });
    expect(audit).toMatchObject({
      actorId: admin.id,
      targetType: "gift_card",
      data: { reason: "Winner of the screenshot contest", before: null, after: { id: card.id, credits: 750 } },
    });
    expect(JSON.stringify(audit.data)).not.toContain(code.replace(/-/g, "").slice(0, 12));
    // Two cards never share a code.
    expect((await issued()).code).not.toBe(code);
  });

  it("requires a reason and whole credits in range (400 naming the field, nothing written); the same with them is issued", async () => {
    const before = await db.giftCard.count();
    const noReason = await issue({ credits: 100 });
    expect(noReason.status).toBe(400);
    expect(noReason.json.reason).toEqual(["This field is required."]);
    const badCredits = await issue({ credits: 0, reason: "x".repeat(5) });
    expect(badCredits.status).toBe(400);
    expect(badCredits.json.credits).toEqual(["Credits must be a whole number from 1 to 1,000,000."]);
    const past = await issue({ credits: 100, reason: "expired on arrival", expiresAt: "2020-01-01T00:00:00Z" });
    expect(past.status).toBe(400);
    expect(past.json.expiresAt).toEqual(["The expiry must be in the future."]);
    expect(await db.giftCard.count()).toBe(before);
    expect((await issue({ credits: 100, reason: "Bug bounty" })).status).toBe(201);
  });

  it("lists cards for staff without their codes, and refuses players (403)", async () => {
    const { code, card } = await issued(42);
    const list = await call(staffListRoute, { cookies: { session: adminSession } });
    expect(list.status).toBe(200);
    expect((list.json.results as { id: number }[]).find((c) => c.id === card.id)).toMatchObject({ credits: 42, issuedBy: expect.any(String) });
    expect(JSON.stringify(list.json)).not.toContain(code);
    const { session } = await player();
    expect((await call(staffListRoute, { cookies: { session } })).status).toBe(403);
    expect((await call(issueRoute, { method: "POST", body: { credits: 5, reason: "self-service" }, cookies: { session }, headers: SAME_ORIGIN })).status).toBe(
      403,
    );
  });
});

describe("redeeming", () => {
  it("adds the card's credits through one GIFT_CARD ledger entry and answers the new balance", async () => {
    const { code, card } = await issued(500);
    const { user, session } = await player();
    // Typed loosely: lower case, spaces instead of dashes.
    const r = await redeem(session, code.toLowerCase().replace(/-/g, " "));
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ credits: 500, balance: 500 });
    expect(await balanceOf(user.id)).toBe(500);
    expect(await db.creditLedgerEntry.findMany({ where: { userId: user.id }, select: { kind: true, delta: true, idempotencyKey: true } })).toEqual([
      { kind: "GIFT_CARD", delta: 500, idempotencyKey: `giftcard:${card.id}` },
    ]);
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "REDEEMED", redeemedById: user.id });
    // Once: the same player again is told it was redeemed, and nothing changes.
    const again = await redeem(session, code);
    expect(again.status).toBe(400);
    expect(again.json.code).toEqual([GIFT_CARD_MESSAGES.redeemed]);
    expect(await balanceOf(user.id)).toBe(500);
  });

  it("five concurrent redemptions by five players: exactly one succeeds and one balance grows once", async () => {
    const { code, card } = await issued(300);
    const players = await Promise.all(Array.from({ length: 5 }, () => player()));
    const results = await Promise.all(players.map((p) => redeem(p.session, code)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    for (const r of results.filter((x) => x.status === 400)) expect(r.json.code).toEqual([GIFT_CARD_MESSAGES.redeemed]);
    const balances = await Promise.all(players.map((p) => balanceOf(p.user.id)));
    expect(balances.sort((a, b) => a - b)).toEqual([0, 0, 0, 0, 300]);
    expect(await db.creditLedgerEntry.count({ where: { idempotencyKey: { startsWith: `giftcard:${card.id}` } } })).toBe(1);
  });

  it("five concurrent redemptions by the same player: credited once", async () => {
    const { code, card } = await issued(120);
    const { user, session } = await player();
    const results = await Promise.all(Array.from({ length: 5 }, () => redeem(session, code)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await balanceOf(user.id)).toBe(120);
    expect(await db.creditLedgerEntry.count({ where: { idempotencyKey: { startsWith: `giftcard:${card.id}` } } })).toBe(1);
  });

  it("refuses an unknown code, naming the field; a real one typed the same way is taken", async () => {
    const { code } = await issued(10);
    const { user, session } = await player();
    const unknown = formatGiftCardCode(code.replace(/-/g, "").slice(0, 15) + (code.endsWith("2") ? "3" : "2"));
    for (const typed of [unknown, "not a code", "ABCD"]) {
      const r = await redeem(session, typed);
      expect(r.status, typed).toBe(400);
      expect(r.json.code, typed).toEqual([GIFT_CARD_MESSAGES.unknown]);
    }
    const missing = await call(redeemRoute, { method: "POST", body: {}, cookies: { session }, headers: { ...SAME_ORIGIN, ...freshClient() } });
    expect(missing.status).toBe(400);
    expect(missing.json.code).toEqual(["This field is required."]);
    expect(await balanceOf(user.id)).toBe(0);
    expect((await redeem(session, code)).status).toBe(200);
    expect(await balanceOf(user.id)).toBe(10);
  });

  it("refuses an expired card; one whose expiry is still ahead is redeemed", async () => {
    const { code: soon, card: soonCard } = await issued(25, { expiresAt: new Date(Date.now() + 60 * 60_000).toISOString() });
    const { code: gone, card } = await issued(25, { expiresAt: new Date(Date.now() + 60 * 60_000).toISOString() });
    await db.giftCard.update({ where: { id: card.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const { user, session } = await player();
    const r = await redeem(session, gone);
    expect(r.status).toBe(400);
    expect(r.json.code).toEqual([GIFT_CARD_MESSAGES.expired]);
    expect((await balanceCheck(gone)).json).toMatchObject({ status: "EXPIRED", credits: 25 });
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "ACTIVE", redeemedById: null });
    expect((await redeem(session, soon)).status).toBe(200);
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: soonCard.id } })).toMatchObject({ status: "REDEEMED" });
    expect(await balanceOf(user.id)).toBe(25);
  });

  it("refuses a card voided by staff (void audited with before and after); an unvoided twin is redeemed", async () => {
    const { code, card } = await issued(60);
    const { code: twin } = await issued(60);
    const noReason = await voidCard(card.id, {});
    expect(noReason.status).toBe(400);
    expect(noReason.json.reason).toEqual(["This field is required."]);
    const v = await voidCard(card.id, { reason: "Posted publicly on the forums" });
    expect(v.status).toBe(200);
    expect(v.json).toMatchObject({ status: "VOIDED", voidReason: "Posted publicly on the forums" });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "giftcard.voided", targetId: String(card.id) } });
    expect(audit.data).toMatchObject({ reason: "Posted publicly on the forums", before: { status: "ACTIVE" }, after: { status: "VOIDED" } });
    const { user, session } = await player();
    const r = await redeem(session, code);
    expect(r.status).toBe(400);
    expect(r.json.code).toEqual([GIFT_CARD_MESSAGES.voided]);
    expect(await balanceOf(user.id)).toBe(0);
    expect((await redeem(session, twin)).status).toBe(200);
    expect(await balanceOf(user.id)).toBe(60);
    // A used card cannot be voided (409), nor a voided one again; an unknown id is a 404.
    const twinId = (await db.giftCard.findUniqueOrThrow({ where: { codeHash: hashGiftCardCode(normalizeGiftCardCode(twin)!) } })).id;
    expect((await voidCard(twinId, { reason: "too late now" })).status).toBe(409);
    expect((await voidCard(card.id, { reason: "once more" })).status).toBe(409);
    expect((await voidCard(2_000_000_000, { reason: "no such card" })).status).toBe(404);
  });
});

describe("balance check", () => {
  it("answers value, state and expiry by code; an unknown code is a 404", async () => {
    const expiresAt = new Date(Date.now() + 24 * 60 * 60_000);
    const { code } = await issued(900, { expiresAt: expiresAt.toISOString() });
    const r = await balanceCheck(code);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ credits: 900, status: "ACTIVE", expiresAt: expiresAt.toISOString() });
    expect(r.headers.get("cache-control")).toBe("no-store");
    const unknown = await balanceCheck("2222-2222-2222-2222");
    expect(unknown.status).toBe(404);
  });

  it("is rate limited per client address (30 a quarter hour): the 31st is a 429", async () => {
    const { code } = await issued(1);
    const client = freshClient(11);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await balanceCheck(code, client)).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another address is not affected.
    expect((await balanceCheck(code)).status).toBe(200);
  });
});

describe("bought with money", () => {
  const { event, signed, succeeded } = stripeEvents(SECRET);
  const refunded = (pi: string) =>
    event("charge.refunded", { id: `ch_${pi}`, object: "charge", payment_intent: pi, amount: 2000, amount_refunded: 2000, refunded: true });

  async function boughtCard() {
    const pkg = await db.creditPackage.create({ data: { credits: 1000, bonusCredits: 50, priceCents: 2000, imageUrl: "/img/gift.png", giftCard: true } });
    const buyer = await player();
    const r = await startPurchase(buyer.session, { id: pkg.id, method: "stripe" });
    expect(r.status).toBe(201);
    const purchase = await purchaseRow(r.json.purchase_id as number);
    expect(purchase.giftCard).toBe(true);
    return { buyer, purchase };
  }

  it("a signed paid webhook delivered twice at once (and a second event for it) issues exactly one card to the buyer, no credits", async () => {
    const { buyer, purchase } = await boughtCard();
    const body = succeeded(purchase.providerRef!, purchase.id, 2000);
    const other = succeeded(purchase.providerRef!, purchase.id, 2000);
    const results = await Promise.all([
      deliver(webhook, "stripe", body, signed(body)),
      deliver(webhook, "stripe", body, signed(body)),
      deliver(webhook, "stripe", other, signed(other)),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const cards = await db.giftCard.findMany({ where: { creditPurchaseId: purchase.id } });
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ credits: 1050, buyerId: buyer.user.id, status: "ACTIVE" });
    expect(await userRow(buyer.user.id)).toMatchObject({ storeCredits: 0, totalSpentCents: 2000 });
    expect(await purchaseRow(purchase.id)).toMatchObject({ status: "PAID" });
    // The buyer sees the card with its code and can hand it to anyone.
    const mine = await call(mineRoute, { cookies: { session: buyer.session } });
    expect(mine.status).toBe(200);
    const [card] = mine.json.results as { code: string; credits: number; status: string }[];
    expect(card).toMatchObject({ credits: 1050, status: "ACTIVE", code: expect.stringMatching(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/) });
    const friend = await player();
    expect((await redeem(friend.session, card!.code)).json).toEqual({ credits: 1050, balance: 1050 });
    // Once redeemed, the code is no longer kept.
    const after = await call(mineRoute, { cookies: { session: buyer.session } });
    expect((after.json.results as { code: string | null; status: string }[])[0]).toMatchObject({ code: null, status: "REDEEMED" });
  });

  it("a refund voids an unused bought card (the code stops working); a paid twin not refunded keeps working", async () => {
    const a = await boughtCard();
    const b = await boughtCard();
    for (const x of [a, b]) {
      const paid = succeeded(x.purchase.providerRef!, x.purchase.id, 2000);
      await deliver(webhook, "stripe", paid, signed(paid));
    }
    const refund = refunded(a.purchase.providerRef!);
    for (let i = 0; i < 2; i++) expect((await deliver(webhook, "stripe", refund, signed(refund))).status).toBe(200);
    expect(await purchaseRow(a.purchase.id)).toMatchObject({ status: "REFUNDED" });
    const cardA = await db.giftCard.findUniqueOrThrow({ where: { creditPurchaseId: a.purchase.id } });
    expect(cardA).toMatchObject({ status: "VOIDED", buyerCode: null, voidReason: "Its purchase was refunded." });
    const cardB = await db.giftCard.findUniqueOrThrow({ where: { creditPurchaseId: b.purchase.id } });
    const redeemer = await player();
    expect((await redeem(redeemer.session, cardB.buyerCode!)).status).toBe(200);
    expect(await balanceOf(redeemer.user.id)).toBe(1050);
  });

  it("a refund after the card was redeemed takes the credits back from the redeemer, once", async () => {
    const { buyer, purchase } = await boughtCard();
    const paid = succeeded(purchase.providerRef!, purchase.id, 2000);
    await deliver(webhook, "stripe", paid, signed(paid));
    const card = await db.giftCard.findUniqueOrThrow({ where: { creditPurchaseId: purchase.id } });
    const redeemer = await player();
    expect((await redeem(redeemer.session, card.buyerCode!)).status).toBe(200);
    const refund = refunded(purchase.providerRef!);
    const again = refunded(purchase.providerRef!);
    await Promise.all([deliver(webhook, "stripe", refund, signed(refund)), deliver(webhook, "stripe", again, signed(again))]);
    expect(await balanceOf(redeemer.user.id)).toBe(0);
    expect(
      await db.creditLedgerEntry.findMany({ where: { userId: redeemer.user.id }, select: { delta: true, idempotencyKey: true }, orderBy: { id: "asc" } }),
    ).toEqual([
      { delta: 1050, idempotencyKey: `giftcard:${card.id}` },
      { delta: -1050, idempotencyKey: `giftcard:${card.id}:clawback` },
    ]);
    expect(await db.giftCard.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "VOIDED", redeemedById: redeemer.user.id });
    expect(await userRow(buyer.user.id)).toMatchObject({ storeCredits: 0, totalSpentCents: 0 });
  });
});

describe("npm run admin -- reconcile", () => {
  it("understands gift card entries, and names a card whose ledger disagrees with it", async () => {
    expect(await runReconcile()).toMatchObject({ code: 0 });
    const { code, card } = await issued(80);
    const { session } = await player();
    await redeem(session, code);
    await db.giftCard.update({ where: { id: card.id }, data: { status: "ACTIVE" } });
    try {
      const r = await runReconcile();
      expect(r.code).toBe(1);
      expect(r.message).toContain(`gift card #${card.id} (ACTIVE, 80 credits): its ledger entries add up to 80`);
    } finally {
      await db.giftCard.update({ where: { id: card.id }, data: { status: "REDEEMED" } });
    }
    expect(await runReconcile()).toMatchObject({ code: 0 });
  });
});
