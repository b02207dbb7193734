// The game bridge's deliveries: claimed under a lease, acknowledged once, handed out
// again when a lease runs out, never to two game servers at once. Races are real (Promise.all
// against PostgreSQL); deliveries come from real store purchases or, for the other kinds, rows.
import { parseCrontab } from "graphile-worker";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as ackRoute } from "@/app/api/v1/game/deliveries/ack/route";
import { POST as claimRoute } from "@/app/api/v1/game/deliveries/claim/route";
import { GET as previewRoute } from "@/app/api/v1/game/deliveries/route";
import { db } from "@/lib/server/db";
import { ACK_REASONS } from "@/lib/server/game/ack-deliveries";
import { CLI_ACTOR } from "@/lib/server/audit/audit-actor";
import { revokeGameApiKey } from "@/lib/server/game/api-keys";
import { NO_SUCH_PLAYER } from "@/lib/server/game/claim-deliveries";
import { releaseExpiredLeases } from "@/lib/server/game/release-expired-leases";
import { enqueue } from "@/lib/server/jobs/enqueue";
import { crontab } from "@/lib/server/worker/task-list";
import { purchaseProduct } from "@/lib/server/store/purchase-product";
import { createGameKey } from "../factories/game-keys";
import { createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { runJobsUntilIdle, waitUntil } from "../support/jobs";
import { call, freshClient } from "./helpers";
import { createCategory, createProduct, giveCredits } from "./store-fixtures";

// The release job runs here: this file's jobs must not be another file's.

let restore: () => void;
let key: Record<string, string>;
beforeAll(async () => {
  restore = setEnv({ TRUST_PROXY: "true" });
  key = (await createGameKey(["deliveries"])).headers;
});
afterAll(() => restore());

type Claim = {
  lease_id: string | null;
  leased_until: string | null;
  deliveries: { id: number; kind: string; payload: Record<string, unknown>; created: string }[];
};

const claim = async (body: Record<string, unknown>, headers = key) => {
  const r = await call(claimRoute, { method: "POST", path: "/api/v1/game/deliveries/claim", body, headers: { ...headers, ...freshClient() } });
  return { status: r.status, json: r.json as unknown as Claim & { details?: string } };
};
const ack = (lease_id: unknown, delivery_ids: unknown, headers = key) =>
  call(ackRoute, { method: "POST", path: "/api/v1/game/deliveries/ack", body: { lease_id, delivery_ids }, headers: { ...headers, ...freshClient() } });
const preview = (playerId: number | string, headers = key) =>
  call(previewRoute, { path: `/api/v1/game/deliveries?player_id=${playerId}`, headers: { ...headers, ...freshClient() } });

/** A player who bought `count` store products with credits: one STORE_ITEM delivery each. */
async function buyer(count: number, product?: { gameItemId?: number; quantity?: number; name?: string }) {
  const user = await createUser();
  const cat = await createCategory();
  const p = await createProduct({ categoryId: cat.id, price: 10, ...product });
  await giveCredits(user.id, 10 * count);
  for (let i = 0; i < count; i++) await purchaseProduct(user.id, p.id, null);
  return { user, product: p };
}
const deliveriesOf = (userId: number) => db.gameDelivery.findMany({ where: { userId }, orderBy: { id: "asc" } });
/** Makes a lease end now, as if its time had passed. */
const lockWaits = async () =>
  (await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)[0]!.n;
const expire = (leaseId: string) => db.gameDelivery.updateMany({ where: { leaseId }, data: { leasedUntil: new Date(Date.now() - 1000) } });

describe("claim", () => {
  it("leases a store purchase with the game's payload, and nothing else claims it while the lease lives", async () => {
    const { user, product } = await buyer(1, { gameItemId: 11802, quantity: 3 });
    const before = Date.now();
    const r = await claim({ player_id: user.id, lease_seconds: 30 });
    expect(r.status).toBe(200);
    const [row] = await deliveriesOf(user.id);
    expect(r.json).toEqual({
      lease_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      leased_until: expect.any(String),
      deliveries: [{ id: row!.id, kind: "store_item", payload: { item_id: 11802, quantity: 3, name: product.name }, created: row!.createdAt.toISOString() }],
    });
    const until = Date.parse(r.json.leased_until!);
    expect(until).toBeGreaterThanOrEqual(before + 29_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 31_000);
    expect(row).toMatchObject({ status: "LEASED", leaseId: r.json.lease_id, attempts: 1 });
    expect(await claim({ player_id: user.id })).toMatchObject({ status: 200, json: { lease_id: null, leased_until: null, deliveries: [] } });
  });

  it("maps credit packages and vote rewards for the game, and honours the limit in id order", async () => {
    const user = await createUser();
    const a = await db.gameDelivery.create({ data: { userId: user.id, kind: "CREDIT_PACKAGE", payload: { credits: 1000, bonusCredits: 150 } } });
    const b = await db.gameDelivery.create({ data: { userId: user.id, kind: "VOTE_REWARD", payload: { points: 5, site: "runelocus" } } });
    const first = await claim({ player_id: user.id, limit: 1 });
    expect(first.json.deliveries).toEqual([
      { id: a.id, kind: "credit_package", payload: { credits: 1000, bonus_credits: 150 }, created: a.createdAt.toISOString() },
    ]);
    const second = await claim({ player_id: user.id, limit: 1 });
    expect(second.json.deliveries).toEqual([{ id: b.id, kind: "vote_reward", payload: { points: 5, site: "runelocus" }, created: b.createdAt.toISOString() }]);
    expect(second.json.lease_id).not.toBe(first.json.lease_id);
  });

  it("never hands out delivered or canceled deliveries", async () => {
    const user = await createUser();
    await db.gameDelivery.create({ data: { userId: user.id, kind: "VOTE_REWARD", payload: { points: 1 }, status: "DELIVERED", deliveredAt: new Date() } });
    await db.gameDelivery.create({ data: { userId: user.id, kind: "CREDIT_PACKAGE", payload: { credits: 1 }, status: "CANCELED" } });
    expect((await claim({ player_id: user.id })).json).toEqual({ lease_id: null, leased_until: null, deliveries: [] });
  });

  it("answers 404 for an account that does not exist, and an empty lease for a player with nothing waiting", async () => {
    expect(await claim({ player_id: 2_147_483_000 })).toMatchObject({ status: 404, json: { details: NO_SUCH_PLAYER } });
    const user = await createUser();
    expect(await claim({ player_id: user.id })).toMatchObject({ status: 200, json: { lease_id: null, leased_until: null, deliveries: [] } });
  });

  it("refuses a lease outside its bounds with the field named", async () => {
    const user = await createUser();
    const r = await claim({ player_id: user.id, lease_seconds: 5 });
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({ lease_seconds: [expect.stringContaining("10 to 600")] });
  });

  it("gives two game servers claiming the same player at once disjoint deliveries that together cover all", async () => {
    const { user } = await buyer(24);
    const other = (await createGameKey(["deliveries"])).headers;
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => claim({ player_id: user.id, limit: 6 }, i % 2 ? other : key)));
    expect(claims.every((c) => c.status === 200)).toBe(true);
    const ids = claims.flatMap((c) => c.json.deliveries.map((d) => d.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort((x, y) => x - y)).toEqual((await deliveriesOf(user.id)).map((d) => d.id));
    // Each delivery is held by the one lease that answered it.
    for (const c of claims.filter((c) => c.json.lease_id)) {
      const held = await db.gameDelivery.findMany({ where: { leaseId: c.json.lease_id! }, select: { id: true } });
      expect(held.map((h) => h.id).sort((x, y) => x - y)).toEqual(c.json.deliveries.map((d) => d.id));
    }
  });

  it("passes over rows another claim is leasing at this moment, instead of taking them too when it commits", async () => {
    const { user } = await buyer(4);
    const [a, b, c, d] = await deliveriesOf(user.id);
    let racing: ReturnType<typeof claim> | undefined;
    let finished = false;
    await db.$transaction(async (tx) => {
      // A claim in flight: it has leased a and b but not committed yet.
      await tx.$executeRaw`UPDATE game_deliveries SET status = 'LEASED', "leaseId" = 'in-flight', "leasedUntil" = (now() AT TIME ZONE 'UTC') + interval '60 seconds'
        WHERE id IN (${a!.id}, ${b!.id})`;
      racing = claim({ player_id: user.id });
      void racing.finally(() => (finished = true));
      // Until the second claim has either answered or queued behind the first one's row locks.
      await waitUntil(async () => finished || (await lockWaits()) > 0, "the second claim to answer or wait");
    });
    const r = await racing!;
    expect(r.json.deliveries.map((x) => x.id)).toEqual([c!.id, d!.id]);
    expect((await deliveriesOf(user.id)).map((x) => x.leaseId)).toEqual(["in-flight", "in-flight", r.json.lease_id, r.json.lease_id]);
  });

  it("never gives one expired delivery to two claims racing for it", async () => {
    const { user } = await buyer(3);
    const first = await claim({ player_id: user.id });
    await expire(first.json.lease_id!);
    const claims = await Promise.all(Array.from({ length: 6 }, () => claim({ player_id: user.id })));
    const ids = claims.flatMap((c) => c.json.deliveries.map((d) => d.id));
    // Every expired delivery went to exactly one of the racing claims: none twice, none lost.
    expect(ids.sort((x, y) => x - y)).toEqual(first.json.deliveries.map((d) => d.id));
    // SKIP LOCKED may split the rows between claims (one locks the first row while another takes
    // the rest), never share one: each row is held by the lease of the claim that answered it,
    // leased a second time in all.
    const answeredBy = new Map(claims.flatMap((c) => c.json.deliveries.map((d) => [d.id, c.json.lease_id] as const)));
    expect((await deliveriesOf(user.id)).map((d) => [d.id, d.status, d.leaseId, d.attempts])).toEqual(ids.map((id) => [id, "LEASED", answeredBy.get(id), 2]));
    expect(new Set(claims.filter((c) => c.json.deliveries.length > 0).map((c) => c.json.lease_id)).size).toBe(
      claims.filter((c) => c.json.deliveries.length > 0).length,
    );
  });
});

describe("ack", () => {
  it("hands out an expired, unacknowledged lease once more, then never again once acknowledged", async () => {
    const { user } = await buyer(2);
    const first = await claim({ player_id: user.id });
    expect(first.json.deliveries).toHaveLength(2);
    await expire(first.json.lease_id!);

    const second = await claim({ player_id: user.id });
    expect(second.json.deliveries.map((d) => d.id)).toEqual(first.json.deliveries.map((d) => d.id));
    expect(second.json.lease_id).not.toBe(first.json.lease_id);
    // The first lease lost the rows to the second: its ack no longer counts.
    const ids = second.json.deliveries.map((d) => d.id);
    expect((await ack(first.json.lease_id, ids)).json).toEqual({ delivered: [], rejected: ids.map((id) => ({ id, reason: ACK_REASONS.notThisLease })) });

    expect(await ack(second.json.lease_id, ids)).toMatchObject({ status: 200, json: { delivered: ids, rejected: [] } });
    expect((await claim({ player_id: user.id })).json.deliveries).toEqual([]);
    expect((await deliveriesOf(user.id)).map((d) => [d.status, d.attempts])).toEqual([
      ["DELIVERED", 2],
      ["DELIVERED", 2],
    ]);
    // The late first lease now hears that they are delivered (by whoever acked them).
    expect((await ack(first.json.lease_id, ids)).json).toEqual({ delivered: ids, rejected: [] });
  });

  it("accepts a lease's late ack while no other claim took its rows, even after the release job ran", async () => {
    const { user } = await buyer(1);
    const c = await claim({ player_id: user.id });
    await expire(c.json.lease_id!);
    expect(await releaseExpiredLeases()).toBeGreaterThanOrEqual(1);
    const id = c.json.deliveries[0]!.id;
    expect((await ack(c.json.lease_id, [id])).json).toEqual({ delivered: [id], rejected: [] });
    expect((await claim({ player_id: user.id })).json.deliveries).toEqual([]);
  });

  it("is harmless when repeated, even five times at once: delivered once, at the first ack's time", async () => {
    const { user } = await buyer(2);
    const c = await claim({ player_id: user.id });
    const ids = c.json.deliveries.map((d) => d.id);
    const acks = await Promise.all(Array.from({ length: 5 }, () => ack(c.json.lease_id, [...ids, ids[0]])));
    expect(acks.map((a) => a.json)).toEqual(Array.from({ length: 5 }, () => ({ delivered: ids, rejected: [] })));
    const rows = await deliveriesOf(user.id);
    const at = rows.map((r) => r.deliveredAt!.getTime());
    expect((await ack(c.json.lease_id, ids)).json).toEqual({ delivered: ids, rejected: [] });
    expect((await deliveriesOf(user.id)).map((r) => r.deliveredAt!.getTime())).toEqual(at);
  });

  it("rejects ids of another lease, canceled ids and unknown ids, and records only its own", async () => {
    const { user } = await buyer(2);
    const mine = await claim({ player_id: user.id, limit: 1 });
    const theirs = await claim({ player_id: user.id, limit: 1 });
    const canceled = await db.gameDelivery.create({ data: { userId: user.id, kind: "CREDIT_PACKAGE", payload: { credits: 5 }, status: "CANCELED" } });
    const own = mine.json.deliveries[0]!.id;
    const other = theirs.json.deliveries[0]!.id;
    const r = await ack(mine.json.lease_id, [own, other, canceled.id, 2_147_483_000]);
    expect(r).toMatchObject({ status: 200 });
    expect(r.json).toEqual({
      delivered: [own],
      rejected: [
        { id: other, reason: ACK_REASONS.notThisLease },
        { id: canceled.id, reason: ACK_REASONS.canceled },
        { id: 2_147_483_000, reason: ACK_REASONS.unknown },
      ],
    });
    expect((await ack("not-a-lease", [other])).json).toEqual({ delivered: [], rejected: [{ id: other, reason: ACK_REASONS.notThisLease }] });
    expect((await db.gameDelivery.findUniqueOrThrow({ where: { id: other } })).status).toBe("LEASED");
  });

  it("names a missing lease id or an empty id list", async () => {
    expect(await ack(undefined, [1])).toMatchObject({ status: 400, json: { lease_id: [expect.any(String)] } });
    expect(await ack("x", [])).toMatchObject({ status: 400, json: { delivery_ids: [expect.any(String)] } });
  });
});

describe("preview", () => {
  it("lists pending and leased deliveries without leasing anything; an expired lease shows as pending", async () => {
    const { user } = await buyer(3);
    const c = await claim({ player_id: user.id, limit: 2 });
    const before = await deliveriesOf(user.id);
    const r = await preview(user.id);
    expect(r.status).toBe(200);
    const statuses = (r.json.deliveries as { id: number; status: string }[]).map((d) => [d.id, d.status]);
    expect(statuses).toEqual(before.map((d, i) => [d.id, i < 2 ? "leased" : "pending"]));
    expect(await deliveriesOf(user.id)).toEqual(before);

    expect((r.json.deliveries as unknown[]).length).toBe(3);

    await expire(c.json.lease_id!);
    // Asked again after the lease ran out (not the answer from before it): the same three
    // deliveries, all pending; and still read only, the rows stay leased until a claim or the
    // release job hands them back.
    const afterExpiry = await preview(user.id);
    expect(afterExpiry.status).toBe(200);
    const after = afterExpiry.json.deliveries as { id: number; status: string }[];
    expect(after).toHaveLength(3);
    expect(after.map((d) => d.status)).toEqual(["pending", "pending", "pending"]);
    expect(after.map((d) => d.id)).toEqual(before.map((d) => d.id));
    expect((await deliveriesOf(user.id)).map((d) => [d.id, d.status, d.leaseId])).toEqual(before.map((d) => [d.id, d.status, d.leaseId]));
    await ack(
      c.json.lease_id,
      c.json.deliveries.map((d) => d.id),
    );
    expect(((await preview(user.id)).json.deliveries as unknown[]).length).toBe(1);
    expect(await preview(2_147_483_000)).toMatchObject({ status: 404, json: { details: NO_SUCH_PLAYER } });
  });
});

describe("game API keys", () => {
  it("answers 401 without a key, with a wrong one or a revoked one, and 403 without the deliveries scope", async () => {
    const { user } = await buyer(1);
    const body = { player_id: user.id };
    expect((await claim(body, {})).status).toBe(401);
    expect((await claim(body, { "x-api-key": `gsk_abcdefgh_${"x".repeat(40)}` })).status).toBe(401);
    const revoked = await createGameKey(["deliveries"]);
    await revokeGameApiKey(CLI_ACTOR, { prefixOrName: revoked.prefix });
    expect((await claim(body, revoked.headers)).status).toBe(401);
    expect((await preview(user.id, revoked.headers)).status).toBe(401);
    const loginOnly = (await createGameKey(["login", "hiscores"])).headers;
    expect((await claim(body, loginOnly)).status).toBe(403);
    expect((await ack("x", [1], loginOnly)).status).toBe(403);
    expect((await preview(user.id, loginOnly)).status).toBe(403);
    // None of those leased anything.
    expect((await deliveriesOf(user.id)).map((d) => d.status)).toEqual(["PENDING"]);
    const bearer = await createGameKey(["deliveries"]);
    expect((await claim(body, { authorization: `Bearer ${bearer.key}` })).json.deliveries).toHaveLength(1);
  });
});

describe("release-expired-leases job", () => {
  it("is scheduled every minute", () => {
    const item = parseCrontab(crontab).find((i) => i.task === "release-expired-leases");
    expect(item?.match({ min: 7, hour: 3, date: 12, month: 5, dow: 2 })).toBe(true);
    // Every minute of a day, on dates across month, year and weekday boundaries: a schedule
    // of one minute an hour, every other minute or some hours only cannot pass this.
    const days = [
      { date: 1, month: 1, dow: 4 },
      { date: 28, month: 2, dow: 6 },
      { date: 31, month: 12, dow: 0 },
    ];
    const missed: string[] = [];
    for (const day of days)
      for (let hour = 0; hour < 24; hour++)
        for (let min = 0; min < 60; min++) if (!item?.match({ min, hour, ...day })) missed.push(`${day.month}-${day.date} ${hour}:${min}`);
    expect(missed).toEqual([]);
    expect(item?.options.jobKey).toBe("release-expired-leases");
  });

  it("returns expired leases to pending and leaves live ones leased", async () => {
    const { user } = await buyer(2);
    const expired = await claim({ player_id: user.id, limit: 1 });
    const live = await claim({ player_id: user.id, limit: 1 });
    await expire(expired.json.lease_id!);
    await enqueue("release-expired-leases", {});
    await runJobsUntilIdle();
    const [a, b] = await deliveriesOf(user.id);
    expect(a).toMatchObject({ status: "PENDING", leasedUntil: null });
    expect(b).toMatchObject({ status: "LEASED", leaseId: live.json.lease_id });
    const again = await claim({ player_id: user.id });
    expect(again.json.deliveries.map((d) => d.id)).toEqual([a!.id]);
    expect((await db.gameDelivery.findUniqueOrThrow({ where: { id: a!.id } })).attempts).toBe(2);
  });
});
