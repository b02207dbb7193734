import "server-only";
import { GAME_MODE_DB, XP_MODE_DB } from "@/lib/hiscores";
import { activityByKey, FIRST_ACTIVITY_ID } from "@/lib/hiscores-layout";
import type { TGameMode, TXpMode } from "@/lib/schemas/game";
import { OVERALL_ID } from "@/lib/skills";
import { levelForXp } from "@/lib/xp";
import { db } from "../db";
import { AppError } from "../errors";
import { announce, topic } from "../changes/announce";
import { followPush } from "../competitions/follow-push";
import { recordLadderChanges } from "../hiscores/mark-ladders-dirty";
import { recordProgress, selectPriorState } from "../progress/record-progress";
import { deleteOtherLadderRows, deleteSkillRows, lockPushPlayer, moveActivityRows, upsertHiscoreRows } from "./sql/hiscore-push";

// The game pushes a player's experience (on logout or periodically). One row per skill plus
// Overall (skill 0: total level, total experience). reachedAt moves only when the experience
// changes, so among equal experience the player who got there first ranks higher. A player is
// on one ladder at a time: rows of another game mode / XP mode are removed in the same
// transaction (e.g. a hardcore ironman who lost the status).
//
// Activity scores (kill counts, clues, PvP; lib/hiscores-layout.ts) ride along in the same push
// and the same table: skill = the activity's id (100+), level 0, experience = the score, so the
// generated sort keys, the ladder index, the anchors and the refresh serve them unchanged. A
// score of 0 removes the row (unranked, -1 in the Old School answers); keys not sent keep their
// row. Activity rows move with the player when they change ladder.

// The ladder's ranks follow at once in order and counts near the player; the exact positions
// of far-away rows catch up at the next run of the refresh loop, which also announces the
// ladder's pages. The push announces the player's own page (docs/hiscores.md).

export { GAME_MODE_DB, XP_MODE_DB };

export type HiscoresPush = {
  player_id: number;
  game_mode?: TGameMode | undefined;
  xp_mode?: TXpMode | undefined;
  experience: number[];
  /** Activity key → score (validated against the layout by ZHiscoresPush). */
  activities?: Record<string, number | undefined> | undefined;
  /** When the values were reached (a push the game kept while the site was out of reach); default now. */
  at?: Date | undefined;
};

export async function pushHiscores(input: HiscoresPush): Promise<{ player_id: number; total_level: number; total_experience: number }> {
  const gameMode = GAME_MODE_DB[input.game_mode ?? "regular"];
  const xpMode = XP_MODE_DB[input.xp_mode ?? "regular"];
  const levels = input.experience.map(levelForXp);
  const totalLevel = levels.reduce((a, b) => a + b, 0);
  const totalXp = input.experience.reduce((a, b) => a + b, 0);
  const skills = [OVERALL_ID, ...input.experience.map((_, i) => i + 1)];
  const levelCol = [totalLevel, ...levels];
  const xpCol = [totalXp, ...input.experience];
  const pushed = Object.entries(input.activities ?? {}).flatMap(([key, score]) => {
    const a = activityByKey(key);
    if (!a || score === undefined) return [];
    return [{ id: a.id, score }];
  });
  const ranked = pushed.filter((a) => a.score > 0);
  const unranked = pushed.filter((a) => a.score === 0).map((a) => a.id);

  // Pushes share no row: two pushes wait for each other only when they are for one player.
  await db.$transaction(async (tx) => {
    // Locks the player: two pushes for one player apply one after the other.
    const user = await lockPushPlayer(tx, input.player_id);
    if (!user) throw new AppError("NOT_FOUND", { userMessage: "No such player." });
    // Staff and banned players stay off the ladders (docs/hiscores.md); a temporary ban whose end
    // has passed no longer hides them, even before the lift-ban job has run.
    const hidden = user.privilege !== "PLAYER" || user.banned;
    // The values before this push, for the history, achievements and log (docs/progress.md), and
    // the ladders the player is on: read before the delete below, so a ladder the player leaves is
    // refreshed too.
    const prior = await selectPriorState(tx, user.id);
    const ladders = [...prior.ladders, { gameMode, xpMode }];
    const ladder = { userId: user.id, gameMode, xpMode, hidden };
    const at = input.at ?? null;
    // History is kept in order: a push kept back by the game cannot go before one already taken.
    if (at && prior.lastPushAt && at < prior.lastPushAt) {
      const message = `This player's last push was at ${prior.lastPushAt.toISOString()}: a push cannot be dated before it.`;
      throw new AppError("VALIDATION", { userMessage: message, fields: { at: [message] } });
    }
    // Activity rows not in this push keep their score: they follow the player to the new ladder
    // (no row of theirs is there yet: a player has rows on one ladder only) and a privilege or ban
    // change. The skill rows are all rewritten below.
    await moveActivityRows(tx, ladder, FIRST_ACTIVITY_ID);
    await deleteOtherLadderRows(tx, ladder);
    const rowSkills = [...skills, ...ranked.map((a) => a.id)];
    const rowLevels = [...levelCol, ...ranked.map(() => 0)];
    const rowValues = [...xpCol, ...ranked.map((a) => a.score)];
    await upsertHiscoreRows(tx, ladder, rowSkills, rowLevels, rowValues, at);
    if (unranked.length) await deleteSkillRows(tx, user.id, unranked);
    await recordLadderChanges(tx, ladders);
    const values = new Map<number, number>(rowSkills.map((s, i) => [s, rowValues[i]!]));
    for (const id of unranked) values.set(id, 0);
    const changes = await recordProgress(tx, prior, { userId: user.id, username: user.username, gameMode, xpMode, hidden, values, at });
    // The competitions running now count the changes (docs/competitions.md): no query when none counts these metrics.
    const standings = await followPush(tx, user.id, changes, { firstPush: !prior.values.has(OVERALL_ID), at });
    await announce(tx, [topic.player(user.username), ...standings]);
  });
  return { player_id: input.player_id, total_level: totalLevel, total_experience: totalXp };
}
