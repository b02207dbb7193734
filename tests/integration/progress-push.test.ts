import { describe, expect, it } from "vitest";
import { activityByKey } from "@/lib/hiscores-layout";
import { notificationText } from "@/lib/notifications";
import { XP_99 } from "@/lib/progress/config";
import { db } from "@/lib/server/db";
import { pushHiscores } from "@/lib/server/game/push-hiscores";
import { SKILLS } from "@/lib/skills";
import { XP_FOR_LEVEL } from "@/lib/xp";
import { createUser } from "../factories/users";
import { travel } from "../support/progress-time";
import { call } from "./helpers";

// What a push records of a player's progress (docs/progress.md): the hour's history rows, dated
// achievements, "met before history", resets, the adventure log with its collapsing, and server
// firsts.

const ZULRAH = activityByKey("zulrah")!.id;
const skills = (xp: number, over: Record<number, number> = {}) => SKILLS.map((_, i) => over[i + 1] ?? xp);

const history = (userId: number) =>
  db.$queryRaw<{ metric: number; bucket: Date; startValue: bigint; endValue: bigint }[]>`
    SELECT metric, bucket, "startValue", "endValue" FROM hiscore_history WHERE "userId" = ${userId} ORDER BY metric, bucket`;
const events = (userId: number) => db.playerEvent.findMany({ where: { userId }, orderBy: { id: "asc" } });

describe("a push's progress", () => {
  it("records one row per changed metric and hour, chained from the value before", async () => {
    const u = await createUser();
    await pushHiscores({ player_id: u.id, experience: skills(0, { 1: 1000 }) });
    await pushHiscores({ player_id: u.id, experience: skills(0, { 1: 5000, 2: 300 }) });
    const rows = await history(u.id);
    // Overall (0), Attack (1), Defence (2): one row each this hour, however many pushes.
    expect(rows.map((r) => [r.metric, Number(r.startValue), Number(r.endValue)])).toEqual([
      [0, 0, 5300],
      [1, 0, 5000],
      [2, 0, 300],
    ]);
    await travel(u.id, 2);
    await pushHiscores({ player_id: u.id, experience: skills(0, { 1: 9000, 2: 300 }) });
    const after = await history(u.id);
    const attack = after.filter((r) => r.metric === 1).map((r) => [Number(r.startValue), Number(r.endValue)]);
    expect(attack).toEqual([
      [0, 5000],
      [5000, 9000],
    ]);
    // Defence did not change: no new row.
    expect(after.filter((r) => r.metric === 2)).toHaveLength(1);
  });

  it("dates an achievement by the push that crossed it, and never moves that date", async () => {
    const u = await createUser();
    await pushHiscores({ player_id: u.id, experience: skills(XP_99 - 10) });
    expect(await db.playerAchievement.count({ where: { userId: u.id, key: "xp:1:13034431" } })).toBe(0);
    const before = new Date();
    await pushHiscores({ player_id: u.id, experience: skills(XP_99 - 10, { 1: XP_99 }) });
    const got = await db.playerAchievement.findUniqueOrThrow({ where: { userId_key: { userId: u.id, key: "xp:1:13034431" } } });
    expect(got.reachedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    // A rollback under 99 and back again keeps the first date.
    await travel(u.id, 5);
    const first = (await db.playerAchievement.findUniqueOrThrow({ where: { userId_key: { userId: u.id, key: "xp:1:13034431" } } })).reachedAt!;
    await pushHiscores({ player_id: u.id, experience: skills(XP_99 - 10, { 1: XP_99 - 5 }) });
    await pushHiscores({ player_id: u.id, experience: skills(XP_99 - 10, { 1: XP_99 + 5 }) });
    const again = await db.playerAchievement.findUniqueOrThrow({ where: { userId_key: { userId: u.id, key: "xp:1:13034431" } } });
    expect(again.reachedAt).toEqual(first);
    // Only the first crossing is in the log.
    expect((await events(u.id)).filter((e) => e.key === "ach:xp:1:13034431")).toHaveLength(1);
  });

  it("marks what a player had met before their history began as such, with no date", async () => {
    const u = await createUser();
    // Stats from before history was kept: a row written straight to the ladder table.
    await db.hiscoreStat.create({ data: { userId: u.id, skill: 3, level: 99, experience: BigInt(60_000_000) } });
    await pushHiscores({ player_id: u.id, experience: skills(1000, { 3: 60_000_000, 4: XP_99 }) });
    const rows = await db.playerAchievement.findMany({ where: { userId: u.id }, orderBy: { key: "asc" } });
    const byKey = new Map(rows.map((r) => [r.key, r.reachedAt]));
    expect(byKey.get("xp:3:13034431")).toBeNull();
    expect(byKey.get("xp:3:50000000")).toBeNull();
    expect(byKey.get("xp:4:13034431")).toBeInstanceOf(Date);
    expect(byKey.has("xp:3:100000000")).toBe(false);
  });

  it("records a lowered value as a reset, audited, with no negative row", async () => {
    const u = await createUser();
    await pushHiscores({ player_id: u.id, experience: skills(0, { 5: 50_000 }) });
    await travel(u.id, 1);
    await pushHiscores({ player_id: u.id, experience: skills(0, { 5: 20_000 }) });
    const resets = await db.hiscoreReset.findMany({ where: { userId: u.id } });
    expect(resets.map((r) => [r.metric, Number(r.fromValue), Number(r.toValue)]).sort()).toEqual([
      [0, 50_000, 20_000],
      [5, 50_000, 20_000],
    ]);
    const audit = await db.auditLog.findFirst({ where: { action: "hiscores.reset", targetId: String(u.id) } });
    expect(audit?.actorLabel).toBe("game-server");
  });

  it("logs level-ups, folds repeats within the window into one entry, and starts a new one after it", async () => {
    const u = await createUser();
    await pushHiscores({ player_id: u.id, experience: skills(0, { 7: XP_FOR_LEVEL[10]! }) });
    await pushHiscores({ player_id: u.id, experience: skills(0, { 7: XP_FOR_LEVEL[12]! }) });
    let magic = (await events(u.id)).filter((e) => e.key === "level:7");
    expect(magic.map((e) => [Number(e.value), e.count])).toEqual([[12, 11]]);
    await travel(u.id, 1);
    await pushHiscores({ player_id: u.id, experience: skills(0, { 7: XP_FOR_LEVEL[13]! }) });
    magic = (await events(u.id)).filter((e) => e.key === "level:7");
    expect(magic.map((e) => [Number(e.value), e.count])).toEqual([
      [12, 11],
      [13, 1],
    ]);
  });

  it("collapses kills into one entry and logs each multiple of 50", async () => {
    const u = await createUser();
    await pushHiscores({ player_id: u.id, experience: skills(0), activities: { zulrah: 45 } });
    await pushHiscores({ player_id: u.id, experience: skills(0), activities: { zulrah: 52 } });
    const log = await events(u.id);
    const kills = log.filter((e) => e.key === `kills:${ZULRAH}`);
    expect(kills.reduce((n, e) => n + e.count, 0)).toBe(52);
    expect(log.filter((e) => e.key === `kc:${ZULRAH}`).map((e) => Number(e.value))).toEqual([50]);
  });

  it("gives a server first to one player only, even when two cross at once, and never to staff", async () => {
    const staff = await createUser({ privilege: "ADMINISTRATOR" });
    const [a, b] = [await createUser(), await createUser()];
    // Staff crossing first claims nothing.
    await pushHiscores({ player_id: staff.id, experience: skills(0), activities: { the_hueycoatl: 1 } });
    const hue = activityByKey("the_hueycoatl")!.id;
    expect(await db.serverFirst.findUnique({ where: { key: `kill:${hue}` } })).toBeNull();
    await Promise.all([a, b].map((p) => pushHiscores({ player_id: p.id, experience: skills(0), activities: { the_hueycoatl: 3 } })));
    const first = await db.serverFirst.findUniqueOrThrow({ where: { key: `kill:${hue}` } });
    expect([a.id, b.id]).toContain(first.userId);
    const marked = await db.playerEvent.findMany({ where: { serverFirst: true, key: `kills:${hue}` } });
    expect(marked.map((e) => e.userId)).toEqual([first.userId]);
    expect(marked[0]!.feed).toBe(true);
  });
});

/** The player's achievement notifications as [sentence, link]. */
const achievementNotices = async (userId: number) =>
  (await db.notification.findMany({ where: { userId, type: "achievement" }, orderBy: { id: "asc" } })).map((n) => [
    notificationText("achievement", n.data as object, n.count),
    n.link,
  ]);

describe("a push's achievements behind the bell", () => {
  it("tells the player of a tier the push dated, once, however often it is pushed again (at once, retried, after a rollback)", async () => {
    const u = await createUser();
    await pushHiscores({ player_id: u.id, experience: skills(1000) });
    expect(await achievementNotices(u.id)).toEqual([]);
    // Two pushes crossing 99 Attack at once: the first dates it, the second finds it held.
    await Promise.all([
      pushHiscores({ player_id: u.id, experience: skills(1000, { 1: XP_99 }) }),
      pushHiscores({ player_id: u.id, experience: skills(1000, { 1: XP_99 + 5 }) }),
    ]);
    const told = [["Achievement reached: 99 Attack", `/hiscores/player/${encodeURIComponent(u.username)}/achievements`]];
    expect(await achievementNotices(u.id)).toEqual(told);
    // The same values retried, and a rollback under 99 and back: nothing more.
    await pushHiscores({ player_id: u.id, experience: skills(1000, { 1: XP_99 + 5 }) });
    await travel(u.id, 1);
    await pushHiscores({ player_id: u.id, experience: skills(1000, { 1: XP_99 - 5 }) });
    await pushHiscores({ player_id: u.id, experience: skills(1000, { 1: XP_99 + 50 }) });
    expect(await achievementNotices(u.id)).toEqual(told);
    // Two tiers in one push: one notification each.
    await pushHiscores({ player_id: u.id, experience: skills(1000, { 1: XP_99 + 50, 2: XP_99, 3: XP_99 }) });
    expect((await achievementNotices(u.id)).map((n) => n[0]).sort()).toEqual([
      "Achievement reached: 99 Attack",
      "Achievement reached: 99 Defence",
      "Achievement reached: 99 Strength",
    ]);
  });

  it("tells nothing of what was met before history, only what the first push crossed", async () => {
    const u = await createUser();
    // Stats from before history was kept: 99 Strength and 60M Strength met, with no date.
    await db.hiscoreStat.create({ data: { userId: u.id, skill: 3, level: 99, experience: BigInt(60_000_000) } });
    await pushHiscores({ player_id: u.id, experience: skills(1000, { 3: 60_000_000 }) });
    expect(await db.playerAchievement.count({ where: { userId: u.id, reachedAt: null } })).toBe(2);
    expect(await achievementNotices(u.id)).toEqual([]);
    // Its twin: a first push that also crosses a tier tells that one.
    const v = await createUser();
    await db.hiscoreStat.create({ data: { userId: v.id, skill: 3, level: 99, experience: BigInt(60_000_000) } });
    await pushHiscores({ player_id: v.id, experience: skills(1000, { 3: 60_000_000, 4: XP_99 }) });
    expect((await achievementNotices(v.id)).map((n) => n[0])).toEqual(["Achievement reached: 99 Hitpoints"]);
  });

  it("tells nothing when the player turned achievements off, nor a hidden (staff) player, yet dates the tier", async () => {
    const off = await createUser();
    await db.notificationPreference.create({ data: { userId: off.id, type: "achievement", channel: "off" } });
    const staff = await createUser({ privilege: "MODERATOR" });
    for (const p of [off, staff]) {
      await pushHiscores({ player_id: p.id, experience: skills(1000) });
      await pushHiscores({ player_id: p.id, experience: skills(1000, { 1: XP_99 }) });
      expect(await db.playerAchievement.findUnique({ where: { userId_key: { userId: p.id, key: "xp:1:13034431" } } })).toMatchObject({
        reachedAt: expect.any(Date),
      });
      expect(await achievementNotices(p.id)).toEqual([]);
    }
    // Email: told and mailed later.
    const mailed = await createUser();
    await db.notificationPreference.create({ data: { userId: mailed.id, type: "achievement", channel: "email" } });
    await pushHiscores({ player_id: mailed.id, experience: skills(1000) });
    await pushHiscores({ player_id: mailed.id, experience: skills(1000, { 1: XP_99 }) });
    expect((await db.notification.findMany({ where: { userId: mailed.id, type: "achievement" } })).map((n) => n.emailState)).toEqual(["PENDING"]);
  });
});

describe("the staff player page's progress history", () => {
  it("shows moderators every hour a metric changed, resets marked, for hidden players too; a player is refused", async () => {
    const { GET: progressRoute } = await import("@/app/api/v1/staff/players/[id]/progress/route");
    const { createSessionToken } = await import("../factories/users");
    const mod = await createUser({ privilege: "MODERATOR" });
    const p = await createUser();
    await pushHiscores({ player_id: p.id, experience: skills(0, { 6: 9000 }) });
    await travel(p.id, 2);
    await pushHiscores({ player_id: p.id, experience: skills(0, { 6: 4000 }) });
    await db.user.update({ where: { id: p.id }, data: { bannedAt: new Date() } });
    const read = async (viewer: number) =>
      call(progressRoute, {
        path: `/api/v1/staff/players/${p.id}/progress`,
        params: { id: String(p.id) },
        cookies: { session: await createSessionToken(viewer) },
      });
    const r = await read(mod.id);
    expect(r.status).toBe(200);
    const rows = r.json.results as { metric: string; start: number; end: number; reset: boolean }[];
    expect(rows.filter((x) => x.metric === "prayer")).toEqual([
      expect.objectContaining({ start: 9000, end: 4000, reset: true }),
      expect.objectContaining({ start: 0, end: 9000, reset: false }),
    ]);
    const other = await createUser();
    expect((await read(other.id)).status).toBe(403);
  });
});
