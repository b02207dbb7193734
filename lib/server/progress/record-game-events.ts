import "server-only";
import type { TGameEvent } from "@/lib/schemas/game";
import { progressConfig } from "@/lib/progress/config";
import { db } from "../db";
import { AppError } from "../errors";
import { announce, topic } from "../changes/announce";
import { lockPushPlayer } from "../game/sql/hiscore-push";
import { writeProgress } from "./sql/record";

// What the game alone knows, for the adventure log (POST /api/v1/game/events): rare drops, pets,
// quests, clues and collection log slots. Thresholds are the owner's (lib/progress/config.ts):
// drops below logDropRarity are not logged; pets and drops at feedDropRarity or rarer reach the
// home page's feed; the first of each pet on the server is a server first.

type Entry = { kind: string; key: string; value: number; count: number; feed: boolean; first: string | null; data: Record<string, unknown> };

const normal = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");

function entryOf(e: TGameEvent): Entry | null {
  switch (e.type) {
    case "drop":
      if (e.rarity < progressConfig.logDropRarity) return null;
      return {
        kind: "drop",
        key: `drop:${normal(e.name)}`,
        value: e.rarity,
        count: e.quantity ?? 1,
        feed: e.rarity >= progressConfig.feedDropRarity,
        first: null,
        data: { name: e.name, rarity: e.rarity },
      };
    case "pet":
      return { kind: "pet", key: `pet:${normal(e.name)}`, value: 0, count: 1, feed: true, first: `pet:${normal(e.name)}`, data: { name: e.name } };
    case "quest":
      return { kind: "quest", key: `quest:${normal(e.name)}`, value: 0, count: 1, feed: false, first: null, data: { name: e.name } };
    case "clue":
      return { kind: "clue", key: `clue:${e.tier}`, value: 0, count: 1, feed: false, first: null, data: { tier: e.tier } };
    case "collection_log":
      return { kind: "collection_log", key: `collection_log:${normal(e.name)}`, value: 0, count: 1, feed: false, first: null, data: { name: e.name } };
  }
}

/** Folds repeats of one key within the push into one entry (counts added). */
function merged(entries: Entry[]): Entry[] {
  const byKey = new Map<string, Entry>();
  for (const e of entries) {
    const seen = byKey.get(e.key);
    if (seen) seen.count += e.count;
    else byKey.set(e.key, { ...e });
  }
  return [...byKey.values()];
}

export async function recordGameEvents(input: { player_id: number; events: TGameEvent[] }): Promise<{ player_id: number; logged: number; ignored: number }> {
  const entries = input.events.map(entryOf);
  const kept = merged(entries.filter((e): e is Entry => e !== null));
  const ignored = entries.length - entries.filter(Boolean).length;
  await db.$transaction(async (tx) => {
    const user = await lockPushPlayer(tx, input.player_id);
    if (!user) throw new AppError("NOT_FOUND", { userMessage: "No such player." });
    if (kept.length === 0) return;
    await writeProgress(tx, {
      userId: user.id,
      gameMode: "REGULAR",
      xpMode: "REGULAR",
      hidden: user.privilege !== "PLAYER" || user.banned,
      changes: { metric: [], before: [], after: [] },
      achievements: { key: [], metric: [], threshold: [], dated: [] },
      log: {
        kind: kept.map((e) => e.kind),
        key: kept.map((e) => e.key),
        metric: kept.map(() => null),
        value: kept.map((e) => e.value),
        count: kept.map((e) => e.count),
        feed: kept.map((e) => e.feed),
        first: kept.map((e) => e.first),
        data: kept.map((e) => JSON.stringify(e.data)),
      },
      collapseMinutes: progressConfig.collapseMinutes,
      startsHistory: false,
      at: null,
    });
    await announce(tx, [topic.player(user.username)]);
  });
  return { player_id: input.player_id, logged: input.events.length - ignored, ignored };
}
