// POST /api/v1/game/login — the game's login screen checks a player's website credential
import { verifyGameLogin } from "@/lib/server/game/verify-game-login";
import { route } from "@/lib/server/http/route";
import { gameLoginOp } from "@/lib/schemas/game";

export const POST = route(gameLoginOp, {
  handler: ({ body, game }) => verifyGameLogin(body, game.keyId),
});
