// The end of a competition (docs/competitions.md, "The end"): places frozen and prizes queued as
// game deliveries exactly once, however many end runs meet (real races against PostgreSQL), then
// claimed and acknowledged by the game through the lease API; the end job's timing; and the
// weekly schedules making next week's competition once across concurrent runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as ackRoute } from "@/app/api/v1/game/deliveries/ack/route";
import { POST as claimRoute } from "@/app/api/v1/game/deliveries/claim/route";
import { END_GRACE_SECONDS } from "@/lib/competitions/rules";
import { endCompetition } from "@/lib/server/competitions/end-competition";
import { joinCompetition } from "@/lib/server/competitions/join-competition";
import { createSchedule } from "@/lib/server/competitions/create-schedule";
import { makeScheduledCompetitions } from "@/lib/server/competitions/make-scheduled-competitions";
import { updateCompetition } from "@/lib/server/competitions/update-competition";
import { notificationText } from "@/lib/notifications";
import { db } from "@/lib/server/db";
import { createGameKey } from "../factories/game-keys";
import { setEnv } from "../support/env";
import { queuedJobs, runJobsUntilIdle } from "../support/jobs";
import { ATTACK, endNow, makeCompetition, player, push, staffContext, startNow, view } from "./competitions-fixtures";
import { call, freshClient } from "./helpers";

let restore: () => void;
let key: Record<string, string>;
beforeAll(async () => {
  restore = setEnv({ TRUST_PROXY: "true", DISCORD_COMPETITIONS_WEBHOOK_URL: undefined });
  key = (await createGameKey(["deliveries"])).headers;
});
afterAll(() => restore());

const prizes = [
  { item_id: 995, quantity: 1_000_000 },
  { item_id: 4151, quantity: 1 },
];
const prizeRows = (competitionId: number) =>
  db.gameDelivery.findMany({ where: { competitionId }, orderBy: { id: "asc" }, select: { id: true, userId: true, kind: true, status: true, payload: true } });
/** Each player's competition_prize notifications: [userId, sentence, link, emailState], in user order. */
const prizeNotices = async (userIds: number[]) =>
  (await db.notification.findMany({ where: { userId: { in: userIds }, type: "competition_prize" }, orderBy: [{ userId: "asc" }, { id: "asc" }] })).map((n) => [
    n.userId,
    notificationText("competition_prize", n.data as object, n.count),
    n.link,
    n.emailState,
  ]);
const endedEntries = (competitionId: number) => db.auditLog.findMany({ where: { action: "competition.ended", targetId: String(competitionId) } });

/** A started classic competition with `gains` (by player) pushed, ready to end. */
async function race(gains: number[], opts: { staffGain?: number } = {}) {
  const c = await makeCompetition({ title: "Attack race", prizes });
  const players = [];
  for (const _ of gains) players.push(await player({ [ATTACK]: 1_000 }));
  const mod = opts.staffGain === undefined ? null : await player({ [ATTACK]: 1_000 }, "MODERATOR");
  for (const p of [...players, ...(mod ? [mod] : [])]) await joinCompetition(p.id, c.id, {});
  await startNow(c.id);
  for (const [i, p] of players.entries()) await push(p.id, { [ATTACK]: 1_000 + gains[i]! });
  if (mod) await push(mod.id, { [ATTACK]: 1_000 + opts.staffGain! });
  return { c, players, mod };
}

describe("ending a competition", () => {
  it("freezes places and queues each prize once when two end runs meet, and the game claims them through its lease", async () => {
    const { c, players, mod } = await race([300, 200, 100, 0], { staffGain: 999 });
    const [a, b, third, idle] = players;
    // The runner-up has their prize notifications mailed too.
    await db.notificationPreference.create({ data: { userId: b!.id, type: "competition_prize", channel: "email" } });
    await endNow(c.id);
    const runs = await Promise.all([endCompetition(c.id), endCompetition(c.id), endCompetition(c.id)]);
    expect(runs.filter((r) => r.ended)).toEqual([{ ended: true, prizes: 2 }]);
    // Run again, long after: nothing more.
    expect(await endCompetition(c.id)).toEqual({ ended: false, prizes: 0 });

    // Each winner is told once, behind the bell (and by mail when asked); the others, staff included, are not.
    expect(await prizeNotices([a!.id, b!.id, third!.id, idle!.id, mod!.id])).toEqual([
      [a!.id, "You placed 1st in “Attack race”: your prize is waiting in game", `/competitions/${c.id}`, "NONE"],
      [b!.id, "You placed 2nd in “Attack race”: your prize is waiting in game", `/competitions/${c.id}`, "PENDING"],
    ]);

    const rows = await prizeRows(c.id);
    expect(rows.map((r) => [r.userId, r.kind, r.status, r.payload])).toEqual([
      [a!.id, "COMPETITION_PRIZE", "PENDING", { competitionId: c.id, competition: "Attack race", placement: 1, itemId: 995, quantity: 1_000_000 }],
      [b!.id, "COMPETITION_PRIZE", "PENDING", { competitionId: c.id, competition: "Attack race", placement: 2, itemId: 4151, quantity: 1 }],
    ]);
    const entries = await endedEntries(c.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: null, actorLabel: "system", targetType: "competition" });
    expect((entries[0]!.data as { prizes: unknown[] }).prizes).toEqual([
      { userId: a!.id, placement: 1, itemId: 995, quantity: 1_000_000, deliveryId: rows[0]!.id },
      { userId: b!.id, placement: 2, itemId: 4151, quantity: 1, deliveryId: rows[1]!.id },
    ]);

    // Frozen: the staff member (who scored most) has no place; the idle player has the last.
    const places = await db.competitionParticipant.findMany({ where: { competitionId: c.id }, select: { userId: true, finalRank: true } });
    expect(new Map(places.map((p) => [p.userId, p.finalRank]))).toEqual(
      new Map([
        [a!.id, 1],
        [b!.id, 2],
        [third!.id, 3],
        [idle!.id, 4],
        [mod!.id, null],
      ]),
    );
    const v = await view(c.id);
    expect(v.competition.ended_at).not.toBeNull();
    expect(v.results.map((r) => r.rank)).toEqual([1, 2, 3, 4]);

    // The game claims the winner's prize like any delivery, and acks it once.
    const claimed = await call(claimRoute, {
      method: "POST",
      path: "/api/v1/game/deliveries/claim",
      body: { player_id: a!.id },
      headers: { ...key, ...freshClient() },
    });
    expect(claimed.status).toBe(200);
    const lease = claimed.json as { lease_id: string; deliveries: unknown[] };
    expect(lease.deliveries).toEqual([
      {
        id: rows[0]!.id,
        kind: "competition_prize",
        payload: { competition_id: c.id, competition: "Attack race", placement: 1, item_id: 995, quantity: 1_000_000 },
        created: expect.any(String),
      },
    ]);
    const acked = await call(ackRoute, {
      method: "POST",
      path: "/api/v1/game/deliveries/ack",
      body: { lease_id: lease.lease_id, delivery_ids: [rows[0]!.id] },
      headers: { ...key, ...freshClient() },
    });
    expect(acked.json).toEqual({ delivered: [rows[0]!.id], rejected: [] });
    expect((await prizeRows(c.id))[0]!.status).toBe("DELIVERED");
  });

  it("holds one prize per competition and player by its unique key, even if the ended mark were lost", async () => {
    const { c } = await race([50, 40]);
    await endNow(c.id);
    expect((await endCompetition(c.id)).prizes).toBe(2);
    // As if a second end had got past the mark (a bug, a restored backup): the key still holds.
    await db.competition.update({ where: { id: c.id }, data: { endedAt: null } });
    const again = await Promise.all([endCompetition(c.id), endCompetition(c.id)]);
    expect(again.map((r) => r.prizes)).toEqual([0, 0]);
    expect(await prizeRows(c.id)).toHaveLength(2);
    // Nor is anyone told twice: the notification's dedupe key holds too.
    const ids = (await prizeRows(c.id)).map((r) => r.userId);
    expect((await prizeNotices(ids)).map((n) => n[0])).toEqual(ids.toSorted((x, y) => x - y));
  });

  it("gives a team's place's prize to each of its members who scored", async () => {
    const c = await makeCompetition({ type: "team", teams: ["Red", "Blue", "Green"], prizes });
    const [red, blue, green] = c.teams;
    const m = [];
    for (let i = 0; i < 5; i++) m.push(await player({ [ATTACK]: 1_000 }));
    await joinCompetition(m[0]!.id, c.id, { team_id: red!.id });
    await joinCompetition(m[1]!.id, c.id, { team_id: red!.id });
    await joinCompetition(m[2]!.id, c.id, { team_id: blue!.id });
    await joinCompetition(m[3]!.id, c.id, { team_id: blue!.id });
    await joinCompetition(m[4]!.id, c.id, { team_id: green!.id });
    await startNow(c.id);
    await push(m[0]!.id, { [ATTACK]: 1_500 }); // Red 500 + 0
    await push(m[2]!.id, { [ATTACK]: 1_300 }); // Blue 300 + 50
    await push(m[3]!.id, { [ATTACK]: 1_050 });
    await push(m[4]!.id, { [ATTACK]: 1_100 }); // Green 100: third, no prize for third
    await endNow(c.id);
    await Promise.all([endCompetition(c.id), endCompetition(c.id)]);
    const rows = await prizeRows(c.id);
    expect(rows.map((r) => [r.userId, (r.payload as { placement: number }).placement])).toEqual([
      [m[0]!.id, 1],
      [m[2]!.id, 2],
      [m[3]!.id, 2],
    ]);
    // Every member with a prize is told their team's place, once; a member who did not score, and the third team, are not.
    expect(await prizeNotices(m.map((p) => p.id))).toEqual([
      [m[0]!.id, "You placed 1st with your team in “Test competition”: your prize is waiting in game", `/competitions/${c.id}`, "NONE"],
      [m[2]!.id, "You placed 2nd with your team in “Test competition”: your prize is waiting in game", `/competitions/${c.id}`, "NONE"],
      [m[3]!.id, "You placed 2nd with your team in “Test competition”: your prize is waiting in game", `/competitions/${c.id}`, "NONE"],
    ]);
    const teams = await db.competitionTeam.findMany({ where: { competitionId: c.id }, orderBy: { id: "asc" } });
    expect(teams.map((t) => [t.name, t.finalRank])).toEqual([
      ["Red", 1],
      ["Blue", 2],
      ["Green", 3],
    ]);
    expect((await view(c.id)).teams!.map((t) => [t.name, t.rank, t.total])).toEqual([
      ["Red", 1, 500],
      ["Blue", 2, 350],
      ["Green", 3, 100],
    ]);
  });

  it("gives nothing for a cancelled competition, nor before its end and grace", async () => {
    const { c } = await race([10]);
    await endNow(c.id, END_GRACE_SECONDS / 60 / 2);
    expect(await endCompetition(c.id)).toEqual({ ended: false, prizes: 0 });
    // Left to a run after the grace, under the competition's end job key.
    const job = (await queuedJobs("competition-end")).find((j) => j.payload.competitionId === c.id)!;
    expect(job.run_at.getTime()).toBeGreaterThan(Date.now());
    await db.competition.update({ where: { id: c.id }, data: { cancelledAt: new Date() } });
    await endNow(c.id);
    expect(await endCompetition(c.id)).toEqual({ ended: false, prizes: 0 });
    expect(await prizeRows(c.id)).toEqual([]);
  });

  it("is queued at the end plus the grace, moved by an edit, and run by the job queue", async () => {
    const c = await makeCompetition({ prizes });
    const jobsOf = async () => (await queuedJobs("competition-end")).filter((j) => j.payload.competitionId === c.id);
    const [job] = await jobsOf();
    expect(job!.run_at.getTime()).toBe(Date.parse(c.ends_at) + END_GRACE_SECONDS * 1000);
    const later = new Date(Date.parse(c.ends_at) + 86_400_000);
    await updateCompetition(c.id, { ends_at: later }, await staffContext());
    const moved = await jobsOf();
    expect(moved.map((j) => j.run_at.getTime())).toEqual([later.getTime() + END_GRACE_SECONDS * 1000]);

    const a = await player({ [ATTACK]: 1 });
    await joinCompetition(a.id, c.id, {});
    await startNow(c.id);
    await push(a.id, { [ATTACK]: 11 });
    await endNow(c.id);
    await db.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key = ${`competition-end:${c.id}`}`;
    await runJobsUntilIdle();
    expect(await jobsOf()).toEqual([]);
    expect((await prizeRows(c.id)).map((r) => r.userId)).toEqual([a.id]);
  });
});

describe("weekly schedules", () => {
  it("make next week's competition once across concurrent runs, taking the rotation in turn", async () => {
    const ctx = await staffContext();
    const s = await createSchedule(
      {
        kind: "skill",
        weekday: 1,
        hour: 18,
        duration_hours: 168,
        signup: "everyone",
        staff_choose: false,
        rotation: [11, 9, 5],
        prizes: [{ item_id: 995, quantity: 5 }],
      },
      ctx,
    );
    const made = () => db.competition.findMany({ where: { scheduleId: s.id }, orderBy: { startsAt: "asc" }, include: { metrics: true, prizes: true } });
    const first = await made();
    expect(first.map((c) => [c.title, c.startsAt.toISOString(), c.signup])).toEqual([["Skill of the Week: Fishing", s.next_starts_at, "EVERYONE"]]);
    expect(first[0]!.metrics.map((m) => m.metric)).toEqual([11]);
    expect(first[0]!.prizes.map((p) => [p.place, p.itemId, p.quantity])).toEqual([[1, 995, 5]]);
    // The runs of this hour find it made.
    await Promise.all([makeScheduledCompetitions(), makeScheduledCompetitions()]);
    expect(await made()).toHaveLength(1);

    // A week on, two runners (or two instances) run the hourly job at the same moment.
    const nextWeek = new Date(Date.parse(s.next_starts_at) - 30 * 60_000);
    const runs = await Promise.all([makeScheduledCompetitions(nextWeek), makeScheduledCompetitions(nextWeek), makeScheduledCompetitions(nextWeek)]);
    expect(runs.flatMap((r) => r.made)).toHaveLength(1);
    const both = await made();
    expect(both.map((c) => c.title)).toEqual(["Skill of the Week: Fishing", "Skill of the Week: Woodcutting"]);
    expect(both[1]!.startsAt.getTime() - both[0]!.startsAt.getTime()).toBe(7 * 86_400_000);
    expect(both[1]!.endsAt.getTime() - both[1]!.startsAt.getTime()).toBe(168 * 3_600_000);
    // Made by the system, audited once, its end queued once.
    expect(await db.auditLog.count({ where: { action: "competition.created", targetId: String(both[1]!.id), actorLabel: "system" } })).toBe(1);
    expect((await queuedJobs("competition-end")).filter((j) => j.payload.competitionId === both[1]!.id)).toHaveLength(1);
    // The week after: the third of the rotation.
    await makeScheduledCompetitions(new Date(nextWeek.getTime() + 7 * 86_400_000));
    expect((await made()).map((c) => c.metrics[0]?.metric)).toEqual([11, 9, 5]);
  });

  it("with staff choosing, makes the competition without a metric, which counts nothing until staff pick one", async () => {
    const ctx = await staffContext();
    const s = await createSchedule(
      { kind: "boss", weekday: 5, hour: 20, duration_hours: 48, signup: "everyone", staff_choose: true, rotation: [], prizes: [] },
      ctx,
    );
    expect(s.next_metric).toBeNull();
    const [c] = await db.competition.findMany({ where: { scheduleId: s.id }, include: { metrics: true } });
    expect(c).toMatchObject({ title: "Boss of the Week", metricKind: "ACTIVITIES", metrics: [] });
    const picked = await updateCompetition(c!.id, { metrics: [{ metric: 183, weight: 1 }], title: "Boss of the Week: Vorkath" }, ctx);
    expect(picked.metrics).toEqual([{ metric: "vorkath", name: "Vorkath", weight: 1 }]);
  });
});
