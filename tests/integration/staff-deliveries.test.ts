// The staff deliveries area: listing what the game owes players, re-sending a
// delivered item as a new linked delivery the game claims once, and canceling one not handed
// over yet (credits refunded once). Races are real: Promise.all against PostgreSQL, and a claim
// held open in a transaction to prove the cancel waits for its row lock.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as ackRoute } from "@/app/api/v1/game/deliveries/ack/route";
import { POST as claimRoute } from "@/app/api/v1/game/deliveries/claim/route";
import { GET as listRoute } from "@/app/api/v1/staff/deliveries/route";
import { POST as cancelRoute } from "@/app/api/v1/staff/deliveries/[id]/cancel/route";
import { POST as resendRoute } from "@/app/api/v1/staff/deliveries/[id]/resend/route";
import type { Operation } from "@/lib/schemas/api";
import { staffDeliveryOperations } from "@/lib/schemas/staff-deliveries";
import { db } from "@/lib/server/db";
import { ACK_REASONS } from "@/lib/server/game/ack-deliveries";
import { settleEvent } from "@/lib/server/payments/settle";
import { purchaseProduct } from "@/lib/server/store/purchase-product";
import { runReconcile } from "@/scripts/admin";
import { createGameKey } from "../factories/game-keys";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { createPackage } from "../support/fake-payment-data";
import { waitUntil } from "../support/jobs";
import { call, freshClient, SAME_ORIGIN } from "./helpers";
import { balanceOf, createCategory, createProduct, giveCredits } from "./store-fixtures";

// Its own database: `npm run admin -- reconcile` checks every balance, and the shared database
// holds other files' deliberately broken ones.

let restore: () => void;
let key: Record<string, string>;
let admin: { id: number; session: string };
beforeAll(async () => {
  restore = setEnv({ TRUST_PROXY: "true" });
  key = (await createGameKey(["deliveries"])).headers;
  const user = await createUser({ privilege: "ADMINISTRATOR" });
  admin = { id: user.id, session: await createSessionToken(user.id) };
});
afterAll(() => restore());

type Claim = { lease_id: string | null; deliveries: { id: number; kind: string; payload: Record<string, unknown> }[] };
const claim = async (playerId: number) =>
  (await call(claimRoute, { method: "POST", path: "/api/v1/game/deliveries/claim", body: { player_id: playerId }, headers: { ...key, ...freshClient() } }))
    .json as unknown as Claim;
const ack = async (leaseId: string, ids: number[]) =>
  (
    await call(ackRoute, {
      method: "POST",
      path: "/api/v1/game/deliveries/ack",
      body: { lease_id: leaseId, delivery_ids: ids },
      headers: { ...key, ...freshClient() },
    })
  ).json;
const staffPost = (route: typeof resendRoute, action: "resend" | "cancel", id: number, reason = "Player says it never arrived (ticket #12)") =>
  call(route, {
    method: "POST",
    path: `/api/v1/staff/deliveries/${id}/${action}`,
    params: { id: String(id) },
    body: { reason },
    headers: { ...SAME_ORIGIN, ...freshClient() },
    cookies: { session: admin.session },
  });
const resend = (id: number, reason?: string) => staffPost(resendRoute, "resend", id, reason);
const cancel = (id: number, reason = "Bought by mistake, refunded") => staffPost(cancelRoute, "cancel", id, reason);
const list = (q = "") => call(listRoute, { path: `/api/v1/staff/deliveries${q}`, cookies: { session: admin.session }, headers: freshClient() });
const auditsOf = (id: number, action: string) => db.auditLog.findMany({ where: { targetType: "game_delivery", targetId: String(id), action } });
const lockWaits = async () =>
  (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)[0]!.n;

/** A player who bought one store product for 90 credits: one pending STORE_ITEM delivery. */
async function buyer(opts: { gameItemId?: number; quantity?: number } = {}) {
  const user = await createUser();
  const category = await createCategory();
  const product = await createProduct({ categoryId: category.id, price: 90, gameItemId: opts.gameItemId ?? 4587, quantity: opts.quantity ?? 1 });
  await giveCredits(user.id, 100);
  await purchaseProduct(user.id, product.id, null);
  const delivery = await db.gameDelivery.findFirstOrThrow({ where: { userId: user.id } });
  return { user, product, delivery };
}

/** The same, with the delivery claimed and acknowledged by the game. */
async function delivered(opts: { gameItemId?: number; quantity?: number } = {}) {
  const b = await buyer(opts);
  const c = await claim(b.user.id);
  expect((await ack(c.lease_id!, [b.delivery.id])).delivered).toEqual([b.delivery.id]);
  return b;
}

describe("staff deliveries list", () => {
  it("offers re-send and cancel only on deliveries of players within the viewer's reach (the staff rule)", async () => {
    const { user } = await delivered();
    const own = await db.gameDelivery.create({
      data: { userId: admin.id, kind: "VOTE_REWARD", payload: { points: 1, site: "runelocus" }, status: "DELIVERED", deliveredAt: new Date() },
    });
    const ownPending = await db.gameDelivery.create({ data: { userId: admin.id, kind: "VOTE_REWARD", payload: { points: 1, site: "runelocus" } } });
    type Row = { id: number; canResend: boolean; canCancel: boolean };
    const rows = async (username: string) => (await list(`?player=${encodeURIComponent(username)}`)).json.results as Row[];
    // A player's delivered item: offered, and the re-send the list offers goes through.
    const [theirs] = await rows(user.username);
    expect(theirs).toMatchObject({ canResend: true, canCancel: false });
    expect((await resend(theirs!.id)).status).toBe(201);
    // The administrator's own: neither is offered, and the API refuses both as the list said.
    const mine = await rows((await db.user.findUniqueOrThrow({ where: { id: admin.id } })).username);
    expect(mine.find((r) => r.id === own.id)).toMatchObject({ canResend: false, canCancel: false });
    expect(mine.find((r) => r.id === ownPending.id)).toMatchObject({ canResend: false, canCancel: false });
    expect((await resend(own.id)).status).toBe(403);
    expect((await cancel(ownPending.id)).status).toBe(403);
  });

  it("filters by player and state, shows the lease, and pages 25 at a time", async () => {
    const a = await buyer();
    const leased = await claim(a.user.id);
    const other = await createUser();
    const rows = [];
    for (let i = 0; i < 26; i++)
      rows.push(await db.gameDelivery.create({ data: { userId: other.id, kind: "VOTE_REWARD", payload: { points: 1, site: "runelocus" } } }));

    const mine = await list(`?player=${encodeURIComponent(a.user.username.toUpperCase())}`);
    expect(mine.status).toBe(200);
    expect(mine.json.results).toEqual([
      expect.objectContaining({
        id: a.delivery.id,
        player: { id: a.user.id, username: a.user.username },
        kind: "store_item",
        status: "leased",
        leaseExpired: false,
        leasedUntil: expect.any(String),
        attempts: 1,
        storeOrderId: a.delivery.storeOrderId,
        refundCredits: 90,
        canCancel: false,
        canResend: false,
        payload: leased.deliveries[0]!.payload,
      }),
    ]);

    const first = await list(`?player=${other.username}&state=pending`);
    expect((first.json.results as { id: number }[]).map((d) => d.id)).toEqual(
      rows
        .slice(1)
        .reverse()
        .map((d) => d.id),
    );
    expect(new URL(first.json.next as string).searchParams.get("page")).toBe("2");
    const second = await list(`?player=${other.username}&state=pending&page=2`);
    expect((second.json.results as { id: number }[]).map((d) => d.id)).toEqual([rows[0]!.id]);
    expect((await list(`?player=${other.username}&state=delivered`)).json.results).toEqual([]);
    expect((await list("?state=lost")).status).toBe(400);
  });
});

describe("re-send", () => {
  it("queues a linked copy of a delivered item that the game claims exactly once, and audits it", async () => {
    const { user, product, delivery } = await delivered({ gameItemId: 11802, quantity: 2 });
    const r = await resend(delivery.id);
    expect(r.status).toBe(201);
    const copyId = (r.json.delivery as { id: number }).id;
    expect(r.json).toMatchObject({
      delivery: { id: copyId, status: "pending", resentFromId: delivery.id, storeOrderId: null, creditPurchaseId: null, voteId: null, canCancel: true },
      original: { id: delivery.id, status: "delivered", resentIds: [copyId], canResend: false },
    });
    const copy = await db.gameDelivery.findUniqueOrThrow({ where: { id: copyId } });
    expect(copy).toMatchObject({ userId: user.id, kind: "STORE_ITEM", status: "PENDING", resentFromId: delivery.id, storeOrderId: null });

    // The game's normal claim hands it out, with the same payload as the original had, once.
    const c = await claim(user.id);
    expect(c.deliveries).toEqual([
      { id: copyId, kind: "store_item", payload: { item_id: 11802, quantity: 2, name: product.name }, created: copy.createdAt.toISOString() },
    ]);
    expect((await claim(user.id)).deliveries).toEqual([]);
    expect((await ack(c.lease_id!, [copyId])).delivered).toEqual([copyId]);
    expect((await claim(user.id)).deliveries).toEqual([]);

    const audits = await auditsOf(delivery.id, "deliveries.resent");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.id });
    const data = audits[0]!.data as Record<string, Record<string, unknown> | string>;
    expect(Object.keys(data).sort()).toEqual(["after", "before", "reason"]);
    expect(data).toMatchObject({
      reason: "Player says it never arrived (ticket #12)",
      before: { status: "DELIVERED", resentIds: [] },
      after: { resentIds: [copyId], copy: { id: copyId, status: "PENDING" } },
    });
    // No credits move: the original was paid for once.
    expect(await balanceOf(user.id)).toBe(10);
  });

  it("makes one copy when re-sent three times at once, and refuses a pending or undelivered item", async () => {
    const { user, delivery } = await delivered();
    const answers = await Promise.all([resend(delivery.id), resend(delivery.id), resend(delivery.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(answers.find((a) => a.status === 409)!.json.details).toMatch(/^A re-sent copy \(delivery #\d+\) is still waiting for the game\.$/);
    const copies = await db.gameDelivery.findMany({ where: { resentFromId: delivery.id } });
    expect(copies).toHaveLength(1);
    expect(await auditsOf(delivery.id, "deliveries.resent")).toHaveLength(1);
    expect((await claim(user.id)).deliveries.map((d) => d.id)).toEqual([copies[0]!.id]);

    const pending = await buyer();
    const refused = await resend(pending.delivery.id);
    expect(refused.status).toBe(409);
    expect(refused.json.details).toBe("Only a delivered item can be re-sent; this one is pending.");
    expect(await db.gameDelivery.count({ where: { resentFromId: pending.delivery.id } })).toBe(0);
    expect((await resend(2_147_483_000)).status).toBe(404);
  });
});

/** A player's credit package bought through ::store (500 + 50 credits), paid, its delivery claimed and acknowledged. */
async function deliveredCreditPackage() {
  const user = await createUser();
  const pkg = await createPackage({ credits: 500, bonusCredits: 50, priceCents: 5000 });
  const purchase = await db.creditPurchase.create({
    data: {
      userId: user.id,
      creditPackageId: pkg.id,
      method: "STRIPE",
      providerRef: `pi_${randomUUID()}`,
      credits: 500,
      bonusCredits: 50,
      amountCents: 5000,
      deliverInGame: true,
    },
  });
  expect(await settle(purchase, "paid")).toEqual({ outcome: "applied", purchaseId: purchase.id });
  const delivery = await db.gameDelivery.findUniqueOrThrow({ where: { creditPurchaseId: purchase.id } });
  await deliver(user.id, delivery.id);
  return { user, purchase, delivery };
}
const settle = (p: { providerRef: string | null; amountCents: number }, kind: "paid" | "refunded" | "dispute-lost") =>
  settleEvent("stripe", {
    eventId: `evt_${randomUUID()}`,
    type: `test.${kind}`,
    payload: { test: true },
    effect: kind === "paid" ? { kind, providerRef: p.providerRef!, amountCents: p.amountCents, currency: "usd" } : { kind, providerRef: p.providerRef! },
  });
/** The game claims the player's one waiting delivery, this one, and acknowledges it. */
async function deliver(userId: number, id: number) {
  const c = await claim(userId);
  expect(c.deliveries.map((d) => d.id)).toEqual([id]);
  expect((await ack(c.lease_id!, [id])).delivered).toEqual([id]);
}
/** Re-sends it (201); the copy's id. */
async function copyOf(id: number) {
  const r = await resend(id);
  expect(r.status).toBe(201);
  return (r.json.delivery as { id: number }).id;
}
/** The deliveries of a chain (the root and every copy of it) still waiting for the game. */
const waitingInChain = (rootId: number) =>
  db.gameDelivery.findMany({ where: { OR: [{ id: rootId }, { resendRootId: rootId }], status: { in: ["PENDING", "LEASED"] } }, orderBy: { id: "asc" } });

describe("re-sending along a chain (copies of copies)", () => {
  it("refuses the delivered copy of a refunded ::store credit package, as it refuses the original; a paid one's copy re-sends", async () => {
    const refunded = await deliveredCreditPackage();
    const copy = await copyOf(refunded.delivery.id);
    await deliver(refunded.user.id, copy);
    expect(await settle(refunded.purchase, "refunded")).toEqual({ outcome: "applied", purchaseId: refunded.purchase.id });
    const message = "The purchase behind it is refunded: it is not re-sent.";
    expect((await resend(refunded.delivery.id)).json.details).toBe(message);
    const again = await resend(copy);
    expect(again.status).toBe(409);
    expect(again.json.details).toBe(message);
    expect(await waitingInChain(refunded.delivery.id)).toEqual([]);
    expect((await claim(refunded.user.id)).deliveries).toEqual([]);
    // The staff list says so too: neither link offers a re-send.
    const rows = (await list(`?player=${refunded.user.username}`)).json.results as { id: number; canResend: boolean; resendRootId: number | null }[];
    expect(rows.map((d) => [d.id, d.canResend, d.resendRootId])).toEqual([
      [copy, false, refunded.delivery.id],
      [refunded.delivery.id, false, null],
    ]);

    // The twin: still paid, so its delivered copy is re-sent, and the new copy names the root.
    const paid = await deliveredCreditPackage();
    const first = await copyOf(paid.delivery.id);
    await deliver(paid.user.id, first);
    const r = await resend(first);
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      delivery: {
        status: "pending",
        kind: "credit_package",
        resentFromId: first,
        resendRootId: paid.delivery.id,
        payload: { credits: 500, bonus_credits: 50 },
      },
      original: { id: first },
    });
    expect((await waitingInChain(paid.delivery.id)).map((d) => d.id)).toEqual([(r.json.delivery as { id: number }).id]);
  });

  it("refuses the original while a copy of its copy still waits, naming it; once that copy is delivered it re-sends", async () => {
    const { user, delivery } = await delivered();
    const copy = await copyOf(delivery.id);
    await deliver(user.id, copy);
    const copyOfCopy = await copyOf(copy);
    expect(await db.gameDelivery.findUniqueOrThrow({ where: { id: copyOfCopy } })).toMatchObject({
      resentFromId: copy,
      resendRootId: delivery.id,
      status: "PENDING",
    });

    const refused = await resend(delivery.id);
    expect(refused.status).toBe(409);
    expect(refused.json.details).toBe(`A re-sent copy (delivery #${copyOfCopy}) is still waiting for the game.`);
    expect((await resend(copy)).json.details).toBe(`A re-sent copy (delivery #${copyOfCopy}) is still waiting for the game.`);
    expect((await waitingInChain(delivery.id)).map((d) => d.id)).toEqual([copyOfCopy]);
    expect((await list(`?player=${user.username}&state=delivered`)).json.results).toEqual([
      expect.objectContaining({ id: copy, canResend: false }),
      expect.objectContaining({ id: delivery.id, canResend: false }),
    ]);

    // The twin: the game takes that copy, and the original can be re-sent again.
    await deliver(user.id, copyOfCopy);
    const again = await resend(delivery.id);
    expect(again.status).toBe(201);
    expect(again.json).toMatchObject({ delivery: { resentFromId: delivery.id, resendRootId: delivery.id } });
  });

  it("makes exactly one copy when the original, its copy and the copy's copy are re-sent at once", async () => {
    for (let i = 0; i < 3; i++) {
      const { user, delivery } = await delivered();
      const copy = await copyOf(delivery.id);
      await deliver(user.id, copy);
      const copyOfCopy = await copyOf(copy);
      await deliver(user.id, copyOfCopy);

      const answers = await Promise.all([resend(delivery.id), resend(copy), resend(copyOfCopy)]);
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
      const made = (answers.find((a) => a.status === 201)!.json.delivery as { id: number }).id;
      for (const a of answers.filter((x) => x.status === 409)) expect(a.json.details).toBe(`A re-sent copy (delivery #${made}) is still waiting for the game.`);
      expect((await waitingInChain(delivery.id)).map((d) => d.id)).toEqual([made]);
      expect(await db.gameDelivery.count({ where: { userId: user.id } })).toBe(4);
      expect((await claim(user.id)).deliveries.map((d) => d.id)).toEqual([made]);
    }
  });

  it("waits for the chain's root: a re-send of a copy's copy queues behind a transaction holding the original", async () => {
    const { user, delivery } = await delivered();
    const copy = await copyOf(delivery.id);
    await deliver(user.id, copy);
    const copyOfCopy = await copyOf(copy);
    await deliver(user.id, copyOfCopy);

    let racing: ReturnType<typeof resend> | undefined;
    let finished = false;
    let queued = 0;
    await db.$transaction(async (tx) => {
      // Another re-send of the chain in flight: it holds the root and has made its copy, uncommitted.
      await tx.$queryRaw`SELECT id FROM game_deliveries WHERE id = ${delivery.id} FOR UPDATE`;
      queued = (
        await tx.gameDelivery.create({
          data: { userId: user.id, kind: "STORE_ITEM", payload: { itemId: 4587, quantity: 1 }, resentFromId: delivery.id, resendRootId: delivery.id },
        })
      ).id;
      racing = resend(copyOfCopy);
      void racing.finally(() => (finished = true));
      await waitUntil(async () => finished || (await lockWaits()) > 0, "the re-send to answer or wait");
      expect(finished).toBe(false);
    });
    const r = await racing!;
    expect(r.status).toBe(409);
    expect(r.json.details).toBe(`A re-sent copy (delivery #${queued}) is still waiting for the game.`);
    expect((await waitingInChain(delivery.id)).map((d) => d.id)).toEqual([queued]);
  });

  it("a refund of a ::store credit package the game already granted cancels its re-sent copy still waiting, and no other chain's", async () => {
    const bystander = await deliveredCreditPackage();
    const bystanderCopy = await copyOf(bystander.delivery.id);
    const { user, purchase, delivery } = await deliveredCreditPackage();
    const copy = await copyOf(delivery.id);
    expect(await settle(purchase, "refunded")).toEqual({ outcome: "applied", purchaseId: purchase.id });
    expect(await db.gameDelivery.findUniqueOrThrow({ where: { id: copy } })).toMatchObject({ status: "CANCELED", leasedUntil: null });
    expect(await db.gameDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "DELIVERED" });
    // The credits the game granted come back from the site balance, once; the copy grants nothing.
    expect(await db.creditLedgerEntry.findMany({ where: { creditPurchaseId: purchase.id }, select: { kind: true, delta: true } })).toEqual([
      { kind: "REFUND", delta: -550 },
    ]);
    expect((await claim(user.id)).deliveries).toEqual([]);
    // The twin: the other player's purchase is still paid, and its copy still waits for the game.
    expect((await waitingInChain(bystander.delivery.id)).map((d) => d.id)).toEqual([bystanderCopy]);
    expect((await claim(bystander.user.id)).deliveries.map((d) => d.id)).toEqual([bystanderCopy]);
  });
});

describe("cancel", () => {
  it("cancels a pending store item, refunds its credits once, audits it, and the game never gets it", async () => {
    const { user, delivery } = await buyer();
    expect(await balanceOf(user.id)).toBe(10);
    const r = await cancel(delivery.id);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ outcome: "canceled", refundedCredits: 90, delivery: { id: delivery.id, status: "canceled", canCancel: false } });
    expect(await balanceOf(user.id)).toBe(100);
    expect(
      await db.creditLedgerEntry.findMany({
        where: { userId: user.id, kind: "REFUND" },
        select: { delta: true, idempotencyKey: true, storeOrderId: true, actorId: true },
      }),
    ).toEqual([{ delta: 90, idempotencyKey: `order:${delivery.storeOrderId}:refund`, storeOrderId: delivery.storeOrderId, actorId: admin.id }]);
    const audits = await auditsOf(delivery.id, "deliveries.canceled");
    expect(audits).toHaveLength(1);
    expect(Object.keys(audits[0]!.data as object).sort()).toEqual(["after", "before", "reason"]);
    expect(audits[0]!.data).toMatchObject({
      reason: "Bought by mistake, refunded",
      before: { status: "PENDING", storeCredits: 10 },
      after: { status: "CANCELED", storeCredits: 100, refundedCredits: 90 },
    });

    const again = await cancel(delivery.id);
    expect(again.json).toMatchObject({ outcome: "already-canceled", refundedCredits: 0 });
    expect(await balanceOf(user.id)).toBe(100);
    expect(await auditsOf(delivery.id, "deliveries.canceled")).toHaveLength(1);
    expect((await claim(user.id)).deliveries).toEqual([]);
    expect((await runReconcile()).code).toBe(0);
  });

  it("refunds once when canceled five times at once", async () => {
    const { user, delivery } = await buyer();
    const answers = await Promise.all(Array.from({ length: 5 }, () => cancel(delivery.id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((a) => a.json.outcome).sort()).toEqual(["already-canceled", "already-canceled", "already-canceled", "already-canceled", "canceled"]);
    expect(await balanceOf(user.id)).toBe(100);
    expect(await db.creditLedgerEntry.count({ where: { userId: user.id, kind: "REFUND" } })).toBe(1);
    expect((await runReconcile()).code).toBe(0);
  });

  it("refuses a delivery leased to the game or delivered, and allows one whose lease ran out", async () => {
    const { user, delivery } = await buyer();
    const c = await claim(user.id);
    const leased = await cancel(delivery.id);
    expect(leased.status).toBe(409);
    expect(leased.json.details).toContain("leased");
    // The lease runs out without an ack: the game did not hand it over, so it can be canceled.
    await db.gameDelivery.update({ where: { id: delivery.id }, data: { leasedUntil: new Date(Date.now() - 1000) } });
    expect((await cancel(delivery.id)).json).toMatchObject({ outcome: "canceled", refundedCredits: 90 });
    // A late ack of that lease is refused: the game learns it was canceled.
    expect((await ack(c.lease_id!, [delivery.id])).rejected).toEqual([{ id: delivery.id, reason: ACK_REASONS.canceled }]);

    const done = await delivered();
    const refused = await cancel(done.delivery.id);
    expect(refused.status).toBe(409);
    expect(await balanceOf(done.user.id)).toBe(10);
    expect(await db.gameDelivery.findUniqueOrThrow({ where: { id: done.delivery.id } })).toMatchObject({ status: "DELIVERED" });
  });

  it("has exactly one winner when a cancel and a claim race, every time", async () => {
    for (let i = 0; i < 6; i++) {
      const { user, delivery } = await buyer();
      const [canceled, claimed] = await Promise.all([cancel(delivery.id), claim(user.id)]);
      const row = await db.gameDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
      if (canceled.status === 200) {
        expect(claimed.deliveries).toEqual([]);
        expect(row.status).toBe("CANCELED");
        expect(await balanceOf(user.id)).toBe(100);
      } else {
        expect(canceled.status).toBe(409);
        expect(claimed.deliveries.map((d) => d.id)).toEqual([delivery.id]);
        expect(row.status).toBe("LEASED");
        expect(await balanceOf(user.id)).toBe(10);
      }
    }
  });

  it("waits for a claim that is leasing the row, then refuses: the claim wins", async () => {
    const { user, delivery } = await buyer();
    let racing: ReturnType<typeof cancel> | undefined;
    let finished = false;
    await db.$transaction(async (tx) => {
      // A claim in flight: it has leased the row but not committed yet.
      await tx.$executeRaw`UPDATE game_deliveries SET status = 'LEASED', "leaseId" = 'in-flight', "leasedUntil" = (now() AT TIME ZONE 'UTC') + interval '60 seconds', attempts = attempts + 1
        WHERE id = ${delivery.id}`;
      racing = cancel(delivery.id);
      void racing.finally(() => (finished = true));
      // Until the cancel has either answered or queued behind the claim's row lock.
      await waitUntil(async () => finished || (await lockWaits()) > 0, "the cancel to answer or wait");
      expect(finished).toBe(false);
    });
    const r = await racing!;
    expect(r.status).toBe(409);
    expect(await db.gameDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toMatchObject({ status: "LEASED", leaseId: "in-flight" });
    expect(await balanceOf(user.id)).toBe(10);
    expect(await db.creditLedgerEntry.count({ where: { userId: user.id, kind: "REFUND" } })).toBe(0);
  });
});

describe("who may use the deliveries area", () => {
  async function handlerFor(op: Operation) {
    const dir = op.path.replace(/^\/api\//, "").replace(/\{(\w+)\}/g, "[$1]");
    const mod = (await import(path.join(import.meta.dirname, "../../app/api", dir, "route.ts"))) as Record<string, Parameters<typeof call>[0]>;
    return mod[op.method]!;
  }
  it.each([
    { who: "a guest", privilege: null, expected: [401, 401, 401] },
    { who: "a player", privilege: "PLAYER", expected: [403, 403, 403] },
    { who: "a moderator", privilege: "MODERATOR", expected: [403, 403, 403] },
    { who: "an administrator", privilege: "ADMINISTRATOR", expected: [200, 201, 200] },
  ] as const)("answers $who with $expected (list, re-send, cancel)", async ({ privilege, expected }) => {
    const done = await delivered();
    const pending = await buyer();
    const user = privilege ? await createUser({ privilege }) : null;
    const session = user ? await createSessionToken(user.id) : null;
    const statuses = [];
    for (const op of staffDeliveryOperations as Operation[]) {
      expect(op.auth).toBe("administrator");
      const id = op.path.endsWith("/resend") ? done.delivery.id : pending.delivery.id;
      const r = await call(await handlerFor(op), {
        method: op.method,
        path: op.path.replace("{id}", String(id)),
        params: op.path.includes("{id}") ? { id: String(id) } : {},
        body: op.method === "GET" ? undefined : { reason: "forbidden check" },
        headers: { ...SAME_ORIGIN, ...freshClient() },
        ...(session ? { cookies: { session } } : {}),
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual(expected);
    const wrote = expected[1] === 201;
    expect(await db.gameDelivery.count({ where: { resentFromId: done.delivery.id } })).toBe(wrote ? 1 : 0);
    expect((await db.gameDelivery.findUniqueOrThrow({ where: { id: pending.delivery.id } })).status).toBe(wrote ? "CANCELED" : "PENDING");
    expect(await balanceOf(pending.user.id)).toBe(wrote ? 100 : 10);
  });
});
