// The staff deliveries area (issue 18): listing what the game owes players, re-sending a
// delivered item as a new linked delivery the game claims once, and canceling one not handed
// over yet (credits refunded once). Races are real: Promise.all against PostgreSQL, and a claim
// held open in a transaction to prove the cancel waits for its row lock.
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
import { purchaseProduct } from "@/lib/server/store/purchase-product";
import { runReconcile } from "@/scripts/admin";
import { createGameKey } from "../factories/game-keys";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
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
const claim = async (playerId: number) => (await call(claimRoute, { method: "POST", path: "/api/v1/game/deliveries/claim", body: { player_id: playerId }, headers: { ...key, ...freshClient() } })).json as unknown as Claim;
const ack = async (leaseId: string, ids: number[]) => (await call(ackRoute, { method: "POST", path: "/api/v1/game/deliveries/ack", body: { lease_id: leaseId, delivery_ids: ids }, headers: { ...key, ...freshClient() } })).json;
const staffPost = (route: typeof resendRoute, action: "resend" | "cancel", id: number, reason = "Player says it never arrived (ticket #12)") =>
  call(route, { method: "POST", path: `/api/v1/staff/deliveries/${id}/${action}`, params: { id: String(id) }, body: { reason }, headers: { ...SAME_ORIGIN, ...freshClient() }, cookies: { session: admin.session } });
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
  it("filters by player and state, shows the lease, and pages 25 at a time", async () => {
    const a = await buyer();
    const leased = await claim(a.user.id);
    const other = await createUser();
    const rows = [];
    for (let i = 0; i < 26; i++) rows.push(await db.gameDelivery.create({ data: { userId: other.id, kind: "VOTE_REWARD", payload: { points: 1, site: "runelocus" } } }));

    const mine = await list(`?player=${encodeURIComponent(a.user.username.toUpperCase())}`);
    expect(mine.status).toBe(200);
    expect(mine.json.results).toEqual([
      expect.objectContaining({ id: a.delivery.id, player: { id: a.user.id, username: a.user.username }, kind: "store_item", status: "leased", leaseExpired: false, leasedUntil: expect.any(String), attempts: 1, storeOrderId: a.delivery.storeOrderId, refundCredits: 90, canCancel: false, canResend: false, payload: leased.deliveries[0]!.payload }),
    ]);

    const first = await list(`?player=${other.username}&state=pending`);
    expect((first.json.results as { id: number }[]).map((d) => d.id)).toEqual(rows.slice(1).reverse().map((d) => d.id));
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
    expect(c.deliveries).toEqual([{ id: copyId, kind: "store_item", payload: { item_id: 11802, quantity: 2, name: product.name }, created: copy.createdAt.toISOString() }]);
    expect((await claim(user.id)).deliveries).toEqual([]);
    expect((await ack(c.lease_id!, [copyId])).delivered).toEqual([copyId]);
    expect((await claim(user.id)).deliveries).toEqual([]);

    const audits = await auditsOf(delivery.id, "deliveries.resent");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.id });
    const data = audits[0]!.data as Record<string, Record<string, unknown> | string>;
    expect(Object.keys(data).sort()).toEqual(["after", "before", "reason"]);
    expect(data).toMatchObject({ reason: "Player says it never arrived (ticket #12)", before: { status: "DELIVERED", resentIds: [] }, after: { resentIds: [copyId], copy: { id: copyId, status: "PENDING" } } });
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

describe("cancel", () => {
  it("cancels a pending store item, refunds its credits once, audits it, and the game never gets it", async () => {
    const { user, delivery } = await buyer();
    expect(await balanceOf(user.id)).toBe(10);
    const r = await cancel(delivery.id);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ outcome: "canceled", refundedCredits: 90, delivery: { id: delivery.id, status: "canceled", canCancel: false } });
    expect(await balanceOf(user.id)).toBe(100);
    expect(await db.creditLedgerEntry.findMany({ where: { userId: user.id, kind: "REFUND" }, select: { delta: true, idempotencyKey: true, storeOrderId: true, actorId: true } })).toEqual([
      { delta: 90, idempotencyKey: `order:${delivery.storeOrderId}:refund`, storeOrderId: delivery.storeOrderId, actorId: admin.id },
    ]);
    const audits = await auditsOf(delivery.id, "deliveries.canceled");
    expect(audits).toHaveLength(1);
    expect(Object.keys(audits[0]!.data as object).sort()).toEqual(["after", "before", "reason"]);
    expect(audits[0]!.data).toMatchObject({ reason: "Bought by mistake, refunded", before: { status: "PENDING", storeCredits: 10 }, after: { status: "CANCELED", storeCredits: 100, refundedCredits: 90 } });

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
