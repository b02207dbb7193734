// POST /api/v1/game/events — the game reports rare drops, pets, quests, clues and collection log slots
import { recordGameEvents } from "@/lib/server/progress/record-game-events";
import { route } from "@/lib/server/http/route";
import { gameEventsOp } from "@/lib/schemas/game";

export const POST = route(gameEventsOp, {
  handler: ({ body }) => recordGameEvents(body),
});
