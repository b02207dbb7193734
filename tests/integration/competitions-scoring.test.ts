// Competitions scored at push time (docs/competitions.md): baselines from the value before the
// first push after the start, or at a late sign-up; weights; ties to whoever reached their score
// first; teams with total, average and MVP; nothing counted outside the window or for a cancelled
// competition; staff and banned players left off the standings; the reader's own place; pages.
import { describe, expect, it } from "vitest";
import { cancelCompetition } from "@/lib/server/competitions/cancel-competition";
import { endCompetition } from "@/lib/server/competitions/end-competition";
import { joinCompetition } from "@/lib/server/competitions/join-competition";
import { db } from "@/lib/server/db";
import { setRunningBan } from "../factories/bans";
import { createUser } from "../factories/users";
import { ATTACK, DEFENCE, endNow, makeCompetition, player, push, scores, staffContext, startNow, STRENGTH, view, ZULRAH } from "./competitions-fixtures";

const join = (userId: number, id: number, team_id?: number) => joinCompetition(userId, id, team_id === undefined ? {} : { team_id });
const participant = (competitionId: number, userId: number) =>
  db.competitionParticipant.findUnique({ where: { competitionId_userId: { competitionId, userId } } });

describe("scoring", () => {
  it("counts a push the game kept back at its own time: one dated before the start moves nothing", async () => {
    const { pushHiscores } = await import("@/lib/server/game/push-hiscores");
    const { SKILLS } = await import("@/lib/skills");
    const c = await makeCompetition({ metrics: [{ metric: ATTACK, weight: 1 }] });
    const u = await createUser();
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * 3_600_000);
    const attack = (xp: number) => SKILLS.map((_, i) => (i === 0 ? xp : 0));
    await pushHiscores({ player_id: u.id, experience: attack(1_000), at: at(3) });
    await join(u.id, c.id);
    await startNow(c.id);
    // Sent now, reached two hours ago: before the start, so it is the value at the start.
    await pushHiscores({ player_id: u.id, experience: attack(1_500), at: at(2) });
    expect(Number((await participant(c.id, u.id))!.score)).toBe(0);
    await pushHiscores({ player_id: u.id, experience: attack(1_600) });
    expect(Number((await participant(c.id, u.id))!.score)).toBe(100);
  });

  it("counts Σ weight × gain from the value at the start, and nothing pushed before the start", async () => {
    const c = await makeCompetition({
      metrics: [
        { metric: ATTACK, weight: 1 },
        { metric: STRENGTH, weight: 3 },
      ],
    });
    const a = await player({ [ATTACK]: 1_000 });
    const b = await player({ [STRENGTH]: 200 });
    await join(a.id, c.id);
    await join(b.id, c.id);
    // Before the start: moves nothing.
    await push(a.id, { [ATTACK]: 1_500 });
    expect(Number((await participant(c.id, a.id))!.score)).toBe(0);

    await startNow(c.id);
    // a: attack 1,500 → 1,600 (+100 × 1), strength 0 → 10 (+10 × 3) = 130.
    await push(a.id, { [ATTACK]: 1_600, [STRENGTH]: 10 });
    // b: strength 200 → 250 (+50 × 3) = 150; defence is not counted.
    await push(b.id, { [STRENGTH]: 250, [DEFENCE]: 9_999 });
    expect(scores(await view(c.id))).toEqual([
      [b.username, 150],
      [a.username, 130],
    ]);
    // A later push moves the metric's current value; its start stays the first one.
    await push(a.id, { [ATTACK]: 1_700, [STRENGTH]: 10 });
    const v = await view(c.id);
    expect(scores(v)).toEqual([
      [a.username, 230],
      [b.username, 150],
    ]);
    expect(v.results[0]!.progress).toEqual([
      { metric: "attack", start: 1_500, end: 1_700, gained: 200 },
      { metric: "strength", start: 0, end: 10, gained: 10 },
    ]);
    expect(v.participants).toBe(2);
  });

  it("a rollback lowers the score but never below nothing for the metric", async () => {
    const c = await makeCompetition({
      metrics: [
        { metric: ATTACK, weight: 1 },
        { metric: STRENGTH, weight: 1 },
      ],
    });
    const a = await player({ [ATTACK]: 1_000, [STRENGTH]: 1_000 });
    await join(a.id, c.id);
    await startNow(c.id);
    await push(a.id, { [ATTACK]: 1_300, [STRENGTH]: 1_100 });
    expect(scores(await view(c.id))).toEqual([[a.username, 400]]);
    // The game rolled attack back below its start: attack counts 0, not −200.
    await push(a.id, { [ATTACK]: 800, [STRENGTH]: 1_100 });
    expect(scores(await view(c.id))).toEqual([[a.username, 100]]);
  });

  it("a late sign-up counts from the player's values when they join", async () => {
    const c = await makeCompetition({ metric_kind: "activities", metrics: [{ metric: ZULRAH, weight: 2 }] });
    const early = await player();
    await push(early.id, {}, { zulrah: 40 });
    await join(early.id, c.id);
    await startNow(c.id);
    const late = await player();
    await push(late.id, {}, { zulrah: 100 });
    await push(early.id, {}, { zulrah: 50 });
    // Kills after the start but before signing up do not count for the late one.
    await push(late.id, {}, { zulrah: 130 });
    const joined = await join(late.id, c.id);
    expect(joined.late).toBe(true);
    await push(late.id, {}, { zulrah: 137 });
    expect(scores(await view(c.id))).toEqual([
      [early.username, 20],
      [late.username, 14],
    ]);
    const rows = await db.competitionProgress.findMany({ where: { competitionId: c.id, userId: late.id } });
    expect(rows.map((r) => [r.metric, Number(r.baseline), Number(r.current)])).toEqual([[ZULRAH, 130, 137]]);
  });

  it("ranks equal scores by who reached theirs first; a push that leaves the score alone keeps its time", async () => {
    const c = await makeCompetition({
      metrics: [
        { metric: ATTACK, weight: 1 },
        { metric: DEFENCE, weight: 1 },
      ],
    });
    const start = { [ATTACK]: 10, [DEFENCE]: 500 };
    const [a, b, d] = [await player(start), await player(start), await player(start)];
    for (const p of [a, b, d]) await join(p.id, c.id);
    await startNow(c.id);
    await push(b.id, { [ATTACK]: 110, [DEFENCE]: 500 });
    await push(a.id, { [ATTACK]: 110, [DEFENCE]: 500 });
    await push(d.id, { [ATTACK]: 60, [DEFENCE]: 500 });
    expect(scores(await view(c.id))).toEqual([
      [b.username, 100],
      [a.username, 100],
      [d.username, 50],
    ]);
    // b's defence is rolled back under its start: a counted metric moved, the score did not.
    const before = (await participant(c.id, b.id))!.reachedAt;
    await push(b.id, { [ATTACK]: 110, [DEFENCE]: 400 });
    expect(Number((await participant(c.id, b.id))!.score)).toBe(100);
    expect((await participant(c.id, b.id))!.reachedAt).toEqual(before);
    // d catches up later: last of the three at 100.
    await push(d.id, { [ATTACK]: 110, [DEFENCE]: 500 });
    const v = await view(c.id);
    expect(v.results.map((r) => [r.username, r.rank])).toEqual([
      [b.username, 1],
      [a.username, 2],
      [d.username, 3],
    ]);
  });

  it("counts nothing after the end, nor for a cancelled competition", async () => {
    const c = await makeCompetition();
    const gone = await makeCompetition();
    const a = await player({ [ATTACK]: 100 });
    await join(a.id, c.id);
    await join(a.id, gone.id);
    await startNow(c.id);
    await startNow(gone.id);
    await push(a.id, { [ATTACK]: 150 });
    await cancelCompetition(gone.id, "Wrong skill", await staffContext());
    await push(a.id, { [ATTACK]: 175 });
    expect(Number((await participant(gone.id, a.id))!.score)).toBe(50);
    expect(Number((await participant(c.id, a.id))!.score)).toBe(75);

    // The end has passed (by the database's clock), before the end job has run: pushes count nothing.
    await endNow(c.id, 0.01);
    await push(a.id, { [ATTACK]: 900 });
    expect(Number((await participant(c.id, a.id))!.score)).toBe(75);
    await endNow(c.id);
    expect(await endCompetition(c.id)).toMatchObject({ ended: true });
    await push(a.id, { [ATTACK]: 1_900 });
    const v = await view(c.id);
    expect(v.competition.status).toBe("finished");
    expect(v.results.map((r) => [r.username, r.score, r.rank])).toEqual([[a.username, 75, 1]]);
  });

  it("in an everyone competition, counts each player from their first move, and only players who moved", async () => {
    const c = await makeCompetition({ signup: "everyone", metrics: [{ metric: DEFENCE, weight: 1 }] });
    const a = await player({ [DEFENCE]: 1_000 });
    const idle = await player({ [DEFENCE]: 5_000 });
    const other = await player({ [ATTACK]: 5 });
    await startNow(c.id);
    await push(a.id, { [DEFENCE]: 1_250 });
    await push(idle.id, { [DEFENCE]: 5_000, [ATTACK]: 70 });
    await push(other.id, { [ATTACK]: 500 });
    expect(scores(await view(c.id))).toEqual([[a.username, 250]]);
    // A player's first push ever: what they had before is not known, so it counts from then.
    const fresh = (await createUser()).id;
    await push(fresh, { [DEFENCE]: 80_000 });
    await push(fresh, { [DEFENCE]: 80_040 });
    const v = await view(c.id);
    expect(v.results.map((r) => r.score)).toEqual([250, 40]);
  });

  it("leaves staff and banned players off the standings, their places and the count", async () => {
    const c = await makeCompetition();
    const a = await player({ [ATTACK]: 0 });
    const mod = await player({ [ATTACK]: 0 }, "MODERATOR");
    const banned = await player({ [ATTACK]: 0 });
    for (const p of [a, mod, banned]) await join(p.id, c.id);
    await startNow(c.id);
    await push(mod.id, { [ATTACK]: 9_000 });
    await push(banned.id, { [ATTACK]: 8_000 });
    await push(a.id, { [ATTACK]: 100 });
    await setRunningBan(banned.id);
    const v = await view(c.id, { session: mod.session });
    expect(scores(v)).toEqual([[a.username, 100]]);
    expect(v.participants).toBe(1);
    expect(v.me).toMatchObject({ joined: true, rank: null, score: 9_000 });
    expect((await view(c.id, { session: a.session })).me).toMatchObject({ joined: true, rank: 1, score: 100 });
  });
});

describe("teams", () => {
  it("totals each team's members, averages them and names the best as MVP", async () => {
    const c = await makeCompetition({ type: "team", teams: ["Red", "Blue", "Green"] });
    const [red, blue, green] = c.teams;
    const a = await player({ [ATTACK]: 1_000 });
    const b = await player({ [ATTACK]: 1_000 });
    const d = await player({ [ATTACK]: 1_000 });
    const e = await player({ [ATTACK]: 1_000 });
    await join(a.id, c.id, red!.id);
    await join(b.id, c.id, red!.id);
    await join(d.id, c.id, blue!.id);
    await join(e.id, c.id, blue!.id);
    await startNow(c.id);
    // The best of each team joined after a team-mate (a higher account id).
    await push(a.id, { [ATTACK]: 1_100 });
    await push(b.id, { [ATTACK]: 1_300 });
    await push(e.id, { [ATTACK]: 1_250 });
    const v = await view(c.id, { session: a.session });
    expect(v.teams).toEqual([
      { rank: 1, id: red!.id, name: "Red", members: 2, total: 400, average: 200, mvp: { id: b.id, username: b.username, score: 300 } },
      { rank: 2, id: blue!.id, name: "Blue", members: 2, total: 250, average: 125, mvp: { id: e.id, username: e.username, score: 250 } },
      { rank: 3, id: green!.id, name: "Green", members: 0, total: 0, average: 0, mvp: null },
    ]);
    expect(v.results.map((r) => [r.username, r.team?.name])).toEqual([
      [b.username, "Red"],
      [e.username, "Blue"],
      [a.username, "Red"],
      [d.username, "Blue"],
    ]);
    expect(v.me).toMatchObject({ joined: true, rank: 3, team_id: red!.id });
  });
});

describe("the standings' pages", () => {
  it("pages 25 at a time with ranks that run on, and the reader's own place on any page", async () => {
    const c = await makeCompetition({ signup: "everyone" });
    const players = [];
    for (let i = 0; i < 30; i++) players.push(await player({ [ATTACK]: 0 }));
    await startNow(c.id);
    for (const [i, p] of players.entries()) await push(p.id, { [ATTACK]: 1_000 + i });
    const first = await view(c.id, { session: players[0]!.session });
    expect(first.results).toHaveLength(25);
    expect(first.previous).toBeNull();
    expect(first.next).toMatch(/\/api\/v1\/competitions\/\d+\?page=2$/);
    expect(first.me).toMatchObject({ rank: 30, score: 1_000 });
    const second = await view(c.id, { page: 2 });
    expect(second.results.map((r) => r.rank)).toEqual([26, 27, 28, 29, 30]);
    expect(second.results.at(-1)!.username).toBe(players[0]!.username);
    expect(second.next).toBeNull();
    expect(second.participants).toBe(30);
    expect(second.me).toBeNull();
  });
});
