import { randomUUID } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { CLAIM_LIMIT_MAX, LEASE_DEFAULT_SEC } from "@/lib/schemas/game";
import { db } from "@/lib/server/db";
import { ACK_REASONS, ackDeliveries } from "@/lib/server/game/ack-deliveries";
import { claimDeliveries, NO_SUCH_PLAYER } from "@/lib/server/game/claim-deliveries";
import { releaseExpiredLeases } from "@/lib/server/game/release-expired-leases";
import { leaseDeliveries } from "@/lib/server/game/sql/delivery-leases";
import { createUser } from "../factories/users";

// The lease query, watched, so a case can change the leased rows before the claim reads them back.
vi.mock("@/lib/server/game/sql/delivery-leases", async (importOriginal) => {
  const leases = await importOriginal<typeof import("@/lib/server/game/sql/delivery-leases")>();
  return { ...leases, leaseDeliveries: vi.fn(leases.leaseDeliveries) };
});
/** The next claim leases as usual, then runs `after` on the leased ids before reading them back. */
async function afterNextLease(after: (ids: number[]) => Promise<unknown>) {
  const { leaseDeliveries: lease } = await vi.importActual<typeof import("@/lib/server/game/sql/delivery-leases")>("@/lib/server/game/sql/delivery-leases");
  vi.mocked(leaseDeliveries).mockImplementationOnce(async (...args) => {
    const ids = await lease(...args);
    await after(ids);
    return ids;
  });
}

// The game bridge's lease and ack (lib/server/game/claim-deliveries.ts, ack-deliveries.ts,
// release-expired-leases.ts) called directly against the database: which rows a claim takes, what
// it writes on them, and how each acked id is answered. Quick, so each mutant of
// npm run test:mutation -- --only=deliveries runs few requests. The same through the HTTP routes,
// with races and the release job: game-deliveries.test.ts.

type Status = "PENDING" | "LEASED" | "DELIVERED" | "CANCELED";

async function playerWith(count: number, status: Status = "PENDING", lease: { leaseId?: string; leasedUntil?: Date } = {}) {
  const user = await createUser();
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const d = await db.gameDelivery.create({ data: { userId: user.id, kind: "VOTE_REWARD", payload: { points: i + 1, site: "runelocus" }, status, ...lease } });
    ids.push(d.id);
  }
  return { user, ids };
}
const rowsOf = (ids: number[]) => db.gameDelivery.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });

describe("claimDeliveries", () => {
  it("leases every waiting delivery of the player for the default time, in id order, and counts the attempt", async () => {
    const { user, ids } = await playerWith(3);
    const other = await playerWith(1);
    const before = Date.now();
    const claim = await claimDeliveries(user.id);
    expect(claim.lease_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claim.deliveries.map((d) => d.id)).toEqual(ids);
    expect(claim.deliveries[0]).toMatchObject({ kind: "vote_reward", payload: { points: 1, site: "runelocus" } });
    const rows = await rowsOf(ids);
    for (const r of rows) expect(r).toMatchObject({ status: "LEASED", leaseId: claim.lease_id, attempts: 1 });
    const until = rows[0]!.leasedUntil!.getTime();
    expect(claim.leased_until).toBe(rows[0]!.leasedUntil!.toISOString());
    expect(until).toBeGreaterThanOrEqual(before + LEASE_DEFAULT_SEC * 1000 - 2_000);
    expect(until).toBeLessThanOrEqual(Date.now() + LEASE_DEFAULT_SEC * 1000 + 2_000);
    // Another player's delivery is not touched.
    expect((await rowsOf(other.ids))[0]).toMatchObject({ status: "PENDING", leaseId: null, attempts: 0 });
  });

  it("takes the lease time and the limit it is given, lowest ids first", async () => {
    const { user, ids } = await playerWith(3);
    const claim = await claimDeliveries(user.id, { leaseSeconds: 600, limit: 2 });
    expect(claim.deliveries.map((d) => d.id)).toEqual(ids.slice(0, 2));
    const until = new Date(claim.leased_until!).getTime();
    expect(until).toBeGreaterThan(Date.now() + 590_000);
    expect((await rowsOf(ids))[2]!.status).toBe("PENDING");
  });

  it("answers the leased rows in id order, whatever order the table holds them in", async () => {
    const { user, ids } = await playerWith(3);
    // The rows written again as new rows, highest id first: the table now holds them in reverse.
    await afterNextLease(async (leased) => {
      const rows = await db.gameDelivery.findMany({ where: { id: { in: leased } }, orderBy: { id: "desc" } });
      await db.$transaction([
        db.gameDelivery.deleteMany({ where: { id: { in: leased } } }),
        ...rows.map(({ payload, ...row }) => db.gameDelivery.create({ data: { ...row, payload: payload ?? {} } })),
      ]);
    });
    expect((await claimDeliveries(user.id)).deliveries.map((d) => d.id)).toEqual(ids);
  });

  it("answers its lease with no deliveries and no end should the rows be gone before they are read back", async () => {
    const { user, ids } = await playerWith(2);
    await afterNextLease((leased) => db.gameDelivery.updateMany({ where: { id: { in: leased } }, data: { leaseId: randomUUID() } }));
    const claim = await claimDeliveries(user.id);
    expect(claim).toEqual({ lease_id: expect.stringMatching(/^[0-9a-f-]{36}$/), leased_until: null, deliveries: [] });
    expect((await rowsOf(ids)).map((r) => r.leaseId === claim.lease_id)).toEqual([false, false]);
  });

  it("takes at most the maximum by default", async () => {
    const { user } = await playerWith(CLAIM_LIMIT_MAX + 1);
    expect((await claimDeliveries(user.id)).deliveries).toHaveLength(CLAIM_LIMIT_MAX);
  });

  it("leaves live leases, delivered and canceled rows; takes back a lease that ran out", async () => {
    const user = await createUser();
    const make = (status: Status, leasedUntil?: Date) =>
      db.gameDelivery.create({
        data: {
          userId: user.id,
          kind: "VOTE_REWARD",
          payload: { points: 1 },
          status,
          leaseId: leasedUntil ? randomUUID() : null,
          leasedUntil: leasedUntil ?? null,
        },
      });
    const live = await make("LEASED", new Date(Date.now() + 60_000));
    const expired = await make("LEASED", new Date(Date.now() - 1_000));
    await make("DELIVERED");
    await make("CANCELED");
    const claim = await claimDeliveries(user.id);
    expect(claim.deliveries.map((d) => d.id)).toEqual([expired.id]);
    expect((await db.gameDelivery.findUniqueOrThrow({ where: { id: live.id } })).leaseId).toBe(live.leaseId);
    expect((await db.gameDelivery.findUniqueOrThrow({ where: { id: expired.id } })).attempts).toBe(1);
  });

  it("answers an empty lease when nothing waits, and 404 for no such player", async () => {
    const user = await createUser();
    expect(await claimDeliveries(user.id)).toEqual({ lease_id: null, leased_until: null, deliveries: [] });
    await expect(claimDeliveries(2_000_000_000)).rejects.toThrow(expect.objectContaining({ code: "NOT_FOUND", userMessage: NO_SUCH_PLAYER }));
  });
});

describe("ackDeliveries", () => {
  it("delivers the lease's rows once, in the order given, each id once", async () => {
    const { user, ids } = await playerWith(2);
    const claim = await claimDeliveries(user.id);
    const before = Date.now();
    expect(await ackDeliveries(claim.lease_id!, [ids[1]!, ids[0]!, ids[1]!])).toEqual({ delivered: [ids[1], ids[0]], rejected: [] });
    for (const r of await rowsOf(ids)) {
      expect(r.status).toBe("DELIVERED");
      expect(r.deliveredAt!.getTime()).toBeGreaterThanOrEqual(before - 2_000);
    }
    // Again, or with another lease id: already delivered is delivered.
    expect(await ackDeliveries(randomUUID(), ids)).toEqual({ delivered: ids, rejected: [] });
  });

  it("names why each other id is refused, and delivers only its own", async () => {
    const { user, ids } = await playerWith(1);
    const claim = await claimDeliveries(user.id);
    const otherLease = await playerWith(1, "LEASED", { leaseId: randomUUID(), leasedUntil: new Date(Date.now() + 60_000) });
    const canceled = await playerWith(1, "CANCELED", { leaseId: claim.lease_id! });
    const pendingOther = await playerWith(1);
    expect(await ackDeliveries(claim.lease_id!, [otherLease.ids[0]!, ids[0]!, canceled.ids[0]!, 2_000_000_000, pendingOther.ids[0]!])).toEqual({
      delivered: [ids[0]],
      rejected: [
        { id: otherLease.ids[0], reason: ACK_REASONS.notThisLease },
        { id: canceled.ids[0], reason: ACK_REASONS.canceled },
        { id: 2_000_000_000, reason: ACK_REASONS.unknown },
        { id: pendingOther.ids[0], reason: ACK_REASONS.notThisLease },
      ],
    });
    expect((await rowsOf(otherLease.ids))[0]!.status).toBe("LEASED");
    expect((await rowsOf(canceled.ids))[0]!.status).toBe("CANCELED");
  });

  it("accepts a late ack of a lease the release job put back, until another claim takes the row", async () => {
    const { user, ids } = await playerWith(2);
    const first = await claimDeliveries(user.id);
    await db.gameDelivery.updateMany({ where: { id: { in: ids } }, data: { leasedUntil: new Date(Date.now() - 1_000) } });
    expect(await releaseExpiredLeases()).toBeGreaterThanOrEqual(2);
    const released = await rowsOf(ids);
    for (const r of released) expect(r).toMatchObject({ status: "PENDING", leasedUntil: null, leaseId: first.lease_id });
    expect(await ackDeliveries(first.lease_id!, [ids[0]!])).toEqual({ delivered: [ids[0]], rejected: [] });
    const second = await claimDeliveries(user.id);
    expect(second.deliveries.map((d) => d.id)).toEqual([ids[1]]);
    expect(await ackDeliveries(first.lease_id!, [ids[1]!])).toEqual({ delivered: [], rejected: [{ id: ids[1], reason: ACK_REASONS.notThisLease }] });
  });
});

describe("releaseExpiredLeases", () => {
  it("puts back only leases that ran out", async () => {
    const lease = randomUUID();
    const expired = await playerWith(1, "LEASED", { leaseId: lease, leasedUntil: new Date(Date.now() - 1_000) });
    const live = await playerWith(1, "LEASED", { leaseId: lease, leasedUntil: new Date(Date.now() + 60_000) });
    const delivered = await playerWith(1, "DELIVERED", { leaseId: lease, leasedUntil: new Date(Date.now() - 1_000) });
    expect(await releaseExpiredLeases()).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(expired.ids))[0]).toMatchObject({ status: "PENDING", leasedUntil: null });
    expect((await rowsOf(live.ids))[0]!.status).toBe("LEASED");
    expect((await rowsOf(delivered.ids))[0]!.status).toBe("DELIVERED");
  });
});
