// Competitions in integration tests: made through the staff use case (a start at least a minute
// ahead, as the API requires), then moved in time in the database, since pushes stamp the
// database's now(). Each move drops this process's list of running competitions, as an edit does.
import { GET as viewRoute } from "@/app/api/v1/competitions/[id]/route";
import { activityByKey } from "@/lib/hiscores-layout";
import type { TCompetitionView, TCreateCompetitionInput } from "@/lib/schemas/competitions";
import { createCompetition } from "@/lib/server/competitions/create-competition";
import { forgetLiveCompetitions } from "@/lib/server/competitions/running-cache";
import { db } from "@/lib/server/db";
import { pushHiscores } from "@/lib/server/game/push-hiscores";
import { SKILLS } from "@/lib/skills";
import { createSessionToken, createUser } from "../factories/users";
import { call } from "./helpers";

export const ATTACK = 1;
export const DEFENCE = 2;
export const STRENGTH = 3;
export const ZULRAH = activityByKey("zulrah")!.id;

let admin: { id: number } | null = null;
/** The administrator who makes the competitions of a file. */
export async function staffContext(): Promise<{ actorId: number; ip: string | null }> {
  admin ??= await createUser({ privilege: "ADMINISTRATOR" });
  return { actorId: admin.id, ip: null };
}

export function competitionInput(over: Partial<TCreateCompetitionInput> = {}): TCreateCompetitionInput {
  const start = Date.now() + 3_600_000;
  return {
    title: "Test competition",
    starts_at: new Date(start),
    ends_at: new Date(start + 7 * 86_400_000),
    metric_kind: "skills",
    metrics: [{ metric: ATTACK, weight: 1 }],
    type: "classic",
    signup: "open",
    teams: [],
    prizes: [],
    ...over,
  };
}

export async function makeCompetition(over: Partial<TCreateCompetitionInput> = {}) {
  return createCompetition(competitionInput(over), await staffContext());
}

/** The competition started a moment ago (and ends in a day). */
export async function startNow(id: number): Promise<void> {
  await db.$executeRaw`UPDATE competitions SET "startsAt" = now() - interval '1 second', "endsAt" = now() + interval '1 day' WHERE id = ${id}`;
  forgetLiveCompetitions();
}

/** The competition ended `minutes` ago (default: past the end job's grace). */
export async function endNow(id: number, minutes = 2): Promise<void> {
  await db.$executeRaw`
    UPDATE competitions SET "startsAt" = least("startsAt", now() - interval '1 day'), "endsAt" = now() - ${minutes} * interval '1 minute' WHERE id = ${id}`;
  forgetLiveCompetitions();
}

/** A push from the game: the skills' experience by skill id (others 0) and activity scores by key. */
export function push(userId: number, xp: Record<number, number>, activities?: Record<string, number>) {
  return pushHiscores({ player_id: userId, experience: SKILLS.map((_, i) => xp[i + 1] ?? 0), ...(activities ? { activities } : {}) });
}

/** A player with a session, who has pushed once (so their later pushes count from what they had). */
export async function player(xp: Record<number, number> = {}, privilege?: "MODERATOR" | "ADMINISTRATOR") {
  const u = await createUser(privilege ? { privilege } : {});
  await push(u.id, xp);
  return { id: u.id, username: u.username, session: await createSessionToken(u.id) };
}

/** GET /api/v1/competitions/{id}, as the holder of `session` (or a guest). */
export async function view(id: number, opts: { page?: number; session?: string } = {}) {
  const r = await call(viewRoute, {
    path: `/api/v1/competitions/${id}${opts.page ? `?page=${opts.page}` : ""}`,
    params: { id: String(id) },
    ...(opts.session ? { cookies: { session: opts.session } } : {}),
  });
  if (r.status !== 200) throw new Error(`view ${id}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json as unknown as TCompetitionView;
}

/** name → score of a standings page, in order. */
export const scores = (v: TCompetitionView) => v.results.map((r) => [r.username, r.score] as const);
