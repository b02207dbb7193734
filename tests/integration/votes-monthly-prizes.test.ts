import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/vote/monthly-winners/route";
import { db } from "@/lib/server/db";
import { listActiveVoteSites } from "@/lib/server/votes/active-sites";
import { awardMonthlyPrizes, MONTHLY_PRIZES } from "@/lib/server/votes/award-monthly-prizes";
import { monthBounds } from "@/lib/votes/vote-days";
import { setRunningBan } from "../factories/bans";
import { createUser } from "../factories/users";
import { call } from "./helpers";

// The month's top voters (lib/server/votes/award-monthly-prizes.ts): at the month's turn in the
// server's time zone, one prize per place, once, however many runs of the job meet; ties go to who
// reached the count first. A month far from every other test's votes, in Berlin's time zone.

const ZONE = "Europe/Berlin";
const year = 2100 + Math.floor(Math.random() * 800);
const month = `${year}-03`;
const { start, end } = monthBounds(month, ZONE);
const minutesIn = (n: number) => new Date(start.getTime() + n * 60_000);

async function votes(userId: number, times: Date[]) {
  const [site] = await listActiveVoteSites();
  for (const createdAt of times) await db.vote.create({ data: { userId, siteId: site!.id, createdAt } });
}

describe("monthly top voters", () => {
  it("awards each place once under two concurrent runs, ties to who reached the count first, banned players left out", async () => {
    const [first, second, third, fourth, banned] = [await createUser(), await createUser(), await createUser(), await createUser(), await createUser()];
    await votes(first.id, [minutesIn(10), minutesIn(20), minutesIn(30)]);
    // Three votes too, the third later: second place.
    await votes(second.id, [minutesIn(5), minutesIn(15), minutesIn(40)]);
    await votes(third.id, [minutesIn(1), minutesIn(2)]);
    await votes(fourth.id, [minutesIn(3)]);
    await votes(banned.id, [minutesIn(1), minutesIn(2), minutesIn(3), minutesIn(4)]);
    await setRunningBan(banned.id);
    // Berlin's March begins at 23:00 UTC on the last day of February: a vote at 23:30 UTC that day is March's.
    expect(start.toISOString()).toBe(`${year}-02-${year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28}T23:00:00.000Z`);
    // A vote after the month's end (Berlin) counts for April, not March.
    await votes(fourth.id, [new Date(end.getTime() + 60_000), new Date(end.getTime() + 120_000), new Date(end.getTime() + 180_000)]);

    // Still March: nothing to award yet (the month before is February, without votes).
    expect((await awardMonthlyPrizes(new Date(end.getTime() - 60_000), ZONE)).awarded).toBe(0);
    const turn = new Date(end.getTime() + 3_600_000);
    const runs = await Promise.all([awardMonthlyPrizes(turn, ZONE), awardMonthlyPrizes(turn, ZONE)]);
    expect(runs.map((r) => r.month)).toEqual([month, month]);
    expect(runs[0]!.awarded + runs[1]!.awarded).toBe(Math.min(MONTHLY_PRIZES.length, 4));
    expect((await awardMonthlyPrizes(turn, ZONE)).awarded).toBe(0);

    const winners = await db.voteMonthlyWinner.findMany({ where: { month }, orderBy: { place: "asc" } });
    expect(winners.map((w) => [w.place, w.userId, w.votes])).toEqual(
      [
        [1, first.id, 3],
        [2, second.id, 3],
        [3, third.id, 2],
        [4, fourth.id, 1],
      ].slice(0, MONTHLY_PRIZES.length),
    );
    const deliveries = await db.gameDelivery.findMany({
      where: { kind: "VOTE_MONTHLY_PRIZE", userId: { in: winners.map((w) => w.userId) } },
      orderBy: { id: "asc" },
    });
    expect(deliveries).toHaveLength(winners.length);
    expect(deliveries.map((d) => d.id).sort()).toEqual(winners.map((w) => w.deliveryId).sort());
    const prize = MONTHLY_PRIZES[0]!;
    expect(deliveries.find((d) => d.userId === first.id)!.payload).toEqual(
      "itemId" in prize ? { month, place: 1, itemId: prize.itemId, quantity: prize.quantity } : { month, place: 1, points: prize.points },
    );
    expect(await db.notification.count({ where: { userId: { in: winners.map((w) => w.userId) }, type: "vote_top_voter" } })).toBe(winners.length);

    // Readable afterwards: GET /api/v1/vote/monthly-winners?month=.
    const r = await call(GET, { path: `/api/v1/vote/monthly-winners?month=${month}` });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      month,
      results: winners.map((w, i) => ({
        place: w.place,
        username: [first, second, third, fourth][i]!.username,
        votes: w.votes,
        prize: MONTHLY_PRIZES[i]!.label,
      })),
    });
    const bad = await call(GET, { path: `/api/v1/vote/monthly-winners?month=${year}-13` });
    expect(bad.status).toBe(400);
  });
});
