import { describe, expect, it } from "vitest";
import { db } from "@/lib/server/db";
import { listActiveVoteSites } from "@/lib/server/votes/active-sites";
import { remindVoteStreaks } from "@/lib/server/votes/remind-vote-streaks";
import { readStreak } from "@/lib/server/votes/sql/streaks";
import { recordStreakDay, STREAK_MILESTONES } from "@/lib/server/votes/vote-streaks";
import { addDays, dayBounds, dayOf } from "@/lib/votes/vote-days";
import { createUser } from "../factories/users";
import { rspsList, runelist, runelocus, voter, withVoteSiteSettings } from "./vote-fixtures";

// Vote streaks (lib/server/votes/vote-streaks.ts): a local day counts when every active site has a
// counted vote that day; the streak, its milestones (a delivery once per streak and milestone) and
// the reminder before it breaks (once per player and day). Days are the server's time zone's: here
// New York's, five hours behind UTC in January, so a wrong (UTC) day shows.

withVoteSiteSettings();

const ZONE = "America/New_York";
/** An instant by its New York wall-clock time in January (UTC-5). */
const ny = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-05:00`);

/** Counted votes on every active site at `at` (as the callback writes them), then the streak step the callback runs. */
async function voteEverySite(userId: number, at: Date, sites?: number[]) {
  const ids = sites ?? (await listActiveVoteSites()).map((s) => s.id);
  for (const siteId of ids) await db.vote.create({ data: { userId, siteId, createdAt: at } });
  return db.$transaction((tx) => recordStreakDay(tx, { userId, memberRank: "NONE", at, timeZone: ZONE }));
}

const streakDeliveries = (userId: number) => db.gameDelivery.findMany({ where: { userId, kind: "VOTE_STREAK_REWARD" }, orderBy: { id: "asc" } });

describe("vote streak days", () => {
  it("counts 23:30 and 00:30 server time as two days in a row, a missed day restarts at 1, and the longest stays", async () => {
    const u = await createUser();
    // 23:30 on the 10th and 00:30 on the 11th in New York are 04:30 and 05:30 UTC on the 11th: one UTC day, two local days.
    expect((await voteEverySite(u.id, ny("2031-01-10", "23:30"))).streak).toMatchObject({ current: 1, longest: 1, startDay: "2031-01-10" });
    expect((await voteEverySite(u.id, ny("2031-01-11", "00:30"))).streak).toMatchObject({ current: 2, longest: 2, lastDay: "2031-01-11" });
    expect((await voteEverySite(u.id, ny("2031-01-12", "12:00"))).streak).toMatchObject({ current: 3, longest: 3 });
    // A second full round the same day changes nothing.
    expect((await voteEverySite(u.id, ny("2031-01-12", "23:59"))).completedDay).toBeNull();
    // The 13th is missed: the 14th starts again at 1, the longest is kept.
    expect((await voteEverySite(u.id, ny("2031-01-14", "09:00"))).streak).toMatchObject({ current: 1, longest: 3, startDay: "2031-01-14" });
    expect(await readStreak(db, u.id)).toEqual({ current: 1, longest: 3, startDay: "2031-01-14", lastDay: "2031-01-14" });
  });

  it("does not count a day with a site missing", async () => {
    const u = await createUser();
    const [first, ...rest] = (await listActiveVoteSites()).map((s) => s.id);
    const partial = await voteEverySite(u.id, ny("2031-02-01", "10:00"), rest);
    expect(partial.completedDay).toBeNull();
    expect(await readStreak(db, u.id)).toMatchObject({ current: 0, lastDay: null });
    // Its twin: the missing site's vote that same local day completes it.
    expect((await voteEverySite(u.id, ny("2031-02-01", "22:00"), [first!])).completedDay).toBe("2031-02-01");
  });

  it("queues a milestone's bonus once per streak, even when the day is recorded again or the streak row is lost", async () => {
    const u = await createUser();
    const first = STREAK_MILESTONES[0]!;
    let day = "2031-03-01";
    for (let i = 0; i < first.days; i++, day = addDays(day, 1)) await voteEverySite(u.id, ny(day, "12:00"));
    const made = await streakDeliveries(u.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: "PENDING", payload: { streakDays: first.days, points: first.points } });
    // The same day again (a replayed step), and the stored streak lost and rebuilt to the same days: still one.
    await db.$transaction((tx) => recordStreakDay(tx, { userId: u.id, memberRank: "NONE", at: ny(addDays(day, -1), "13:00"), timeZone: ZONE }));
    await db.voteStreak.delete({ where: { userId: u.id } });
    let again = "2031-03-01";
    for (let i = 0; i < first.days; i++, again = addDays(again, 1))
      await db.$transaction((tx) => recordStreakDay(tx, { userId: u.id, memberRank: "NONE", at: ny(again, "18:00"), timeZone: ZONE }));
    expect(await readStreak(db, u.id)).toMatchObject({ current: first.days, startDay: "2031-03-01" });
    expect(await streakDeliveries(u.id)).toHaveLength(1);
    expect(await db.notification.count({ where: { userId: u.id, type: "vote_streak" } })).toBe(1);
  });
});

describe("vote streaks through the callback", () => {
  it("gives the milestone once when the day's completing callbacks arrive together, with the donator bonus", async () => {
    const v = await voter({ memberRank: "UBER" });
    const first = STREAK_MILESTONES[0]!;
    // The server's zone is UTC here (lib/site-config.ts); the player has voted on every site for the days before today.
    const today = dayOf(new Date(), "UTC");
    await db.voteStreak.create({
      data: {
        userId: v.id,
        current: first.days - 1,
        longest: first.days - 1,
        startDay: new Date(`${addDays(today, 1 - first.days)}T00:00:00Z`),
        lastDay: new Date(`${addDays(today, -1)}T00:00:00Z`),
      },
    });
    const answers = await Promise.all([runelocus(v.token), rspsList(v.token), runelist(v.token), runelocus(v.token), rspsList(v.token), runelist(v.token)]);
    expect(answers.filter((a) => a.json.status === "accepted")).toHaveLength(3);
    const made = await streakDeliveries(v.id);
    expect(made).toHaveLength(1);
    expect(made[0]!.payload).toEqual({ streakDays: first.days, points: first.points * 2 });
    expect(await readStreak(db, v.id)).toMatchObject({ current: first.days, lastDay: today });
    expect(await db.notification.count({ where: { userId: v.id, type: "vote_streak" } })).toBe(1);
  });
});

describe("the streak reminder", () => {
  // A day far from every other test's streaks, so only this test's players are due.
  const day = `2${String(100 + Math.floor(Math.random() * 800))}-01-15`;
  const lastHours = new Date(dayBounds(day, ZONE).end.getTime() - 2 * 3_600_000);

  async function streakEndingYesterday(userId: number, current = 4) {
    await db.voteStreak.create({
      data: {
        userId,
        current,
        longest: current,
        startDay: new Date(`${addDays(day, 1 - current)}T00:00:00Z`),
        lastDay: new Date(`${addDays(day, -1)}T00:00:00Z`),
      },
    });
  }

  it("tells each player with a live streak and no complete day once, in the day's last hours, by their preference", async () => {
    const [due, mutedUser, done] = [await createUser(), await createUser(), await createUser()];
    await streakEndingYesterday(due.id);
    await streakEndingYesterday(mutedUser.id);
    await db.notificationPreference.create({ data: { userId: mutedUser.id, type: "vote_streak_reminder", channel: "off" } });
    await db.voteStreak.create({
      data: { userId: done.id, current: 5, longest: 5, startDay: new Date(`${addDays(day, -4)}T00:00:00Z`), lastDay: new Date(`${day}T00:00:00Z`) },
    });

    // Early in the day: nobody yet.
    expect(await remindVoteStreaks(new Date(dayBounds(day, ZONE).start.getTime() + 3_600_000), ZONE)).toBe(0);
    // Two runs at once, then a third: one reminder each.
    const runs = await Promise.all([remindVoteStreaks(lastHours, ZONE), remindVoteStreaks(lastHours, ZONE)]);
    expect(runs[0]! + runs[1]!).toBe(2);
    expect(await remindVoteStreaks(lastHours, ZONE)).toBe(0);

    const notices = await db.notification.findMany({ where: { userId: { in: [due.id, mutedUser.id, done.id] }, type: "vote_streak_reminder" } });
    expect(notices.map((n) => n.userId)).toEqual([due.id]);
    // Mailed by default: the mail job is queued with the notification.
    expect(notices[0]).toMatchObject({ emailState: "PENDING", link: "/vote" });
    const jobs = await db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'email-notification' AND key = ${`email-notification:${notices[0]!.id}`}`;
    expect(jobs[0]!.n).toBe(1);
    expect(await db.voteStreakReminder.count({ where: { userId: { in: [due.id, mutedUser.id, done.id] } } })).toBe(2);
  });
});
