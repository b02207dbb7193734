// POST /api/v1/game/store-link — a one-time sign-in link to the credit store for ::store (game key, scope store-link)
import { storeLinkOp } from "@/lib/schemas/game";
import { createStoreLink } from "@/lib/server/game/create-store-link";
import { route } from "@/lib/server/http/route";

export const POST = route(storeLinkOp, {
  // Per player: a game server asking in a loop cannot fill the token table.
  rateLimit: [{ name: "game-store-link", limit: 20, windowSec: 10 * 60, key: ({ body }) => String(body.player_id) }],
  handler: ({ body }) => createStoreLink(body.player_id),
});
