import "server-only";
import { gameModeFromDb, xpModeFromDb } from "@/lib/hiscores";
import type { GameMode, XpMode } from "@/lib/generated/prisma/enums";
import { usernameKey } from "@/lib/usernames";
import type { Db, Tx } from "../db";
import { notifyOn } from "./sql/notify";

// "What changed" is a fact the use case states, inside the transaction that makes the change
// (docs/performance.md, "The guest page cache"). PostgreSQL delivers a NOTIFY only when that
// transaction commits, and to every listening connection of every process and instance; a
// rolled-back write announces nothing. The guest page cache listens and drops the pages that
// depend on an announced topic. A write made by a job or the admin CLI announces the same way
// as one made through the API.
//
// Topics are colon paths, from broad to narrow. A page depends on one narrow topic (the thread
// page on `forums:thread:7`); announcing a topic clears every page whose topic is it or lies
// under it, so `forums` clears every forum page and `hiscores:ladder:ironman` every XP mode of
// that game mode's ladder. The page side of this vocabulary is `topicsOfPage` in
// scripts/lib/page-cache.mjs.

/** The channel the announcements travel on. */
export const CHANGES_CHANNEL = "site_changes";

/** The topics pages depend on. */
export const topic = {
  /** Every forum page: the index, each forum and each thread (names and ranks shown in posts). */
  forums: "forums",
  /** The forum index: categories, forums, their counts and latest posts. */
  forumIndex: "forums:index",
  /** One forum's list of threads. */
  forum: (id: number) => `forums:forum:${id}`,
  /** One thread's page. */
  thread: (id: number) => `forums:thread:${id}`,
  /** The news archive and every article. */
  news: "news",
  /** Every hiscores page. */
  hiscores: "hiscores",
  /** The ladder pages (Overall, each skill and activity, every page) of one game mode and XP mode. */
  ladder: (l: { gameMode: GameMode; xpMode: XpMode }) => `hiscores:ladder:${gameModeFromDb(l.gameMode)}:${xpModeFromDb(l.xpMode)}`,
  /** One player's hiscores page (any mode in the URL: a player is on one ladder at a time). */
  player: (username: string) => `hiscores:player:${usernameKey(username)}`,
  /** Every competition page: the lists and each competition. */
  competitions: "competitions",
  /** One competition's page (its standings, teams and details). */
  competition: (id: number) => `competitions:${id}`,
  /** The open community goals and their progress (GET /api/v1/store/goals: the bars on the home and store pages). */
  goals: "store:goals",
  /** The supporter widgets: top donator of the month and recent supporters (GET /api/v1/store/supporters). */
  supporters: "store:supporters",
  /** The vote goals' progress (GET /api/v1/vote/goal: the bars on the home and vote pages). */
  voteGoal: "votes:goal",
} as const;

/** NOTIFY carries at most 8000 bytes; a longer list is cut to the broad topics it falls under. */
const MAX_PAYLOAD = 7900;

/** The payload for `topics`: distinct, comma-separated, within NOTIFY's size limit. */
export function changesPayload(topics: readonly string[]): string {
  const distinct = [...new Set(topics)];
  const joined = distinct.join(",");
  if (joined.length <= MAX_PAYLOAD) return joined;
  return [...new Set(distinct.map((t) => t.split(":", 1)[0]!))].join(",");
}

/**
 * Announces that this transaction changed what pages under `topics` show. Call it inside the
 * transaction that makes the change.
 */
export async function announce(tx: Tx | Db, topics: readonly string[]): Promise<void> {
  if (topics.length === 0) return;
  await notifyOn(tx, CHANGES_CHANNEL, changesPayload(topics));
}
