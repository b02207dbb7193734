// GET /api/v1/staff/game-keys — every game-server key; POST — create one, answered once with its secret (owner)
import { createGameKeyOp, listGameKeysOp } from "@/lib/schemas/staff-game-keys";
import { createGameApiKey, listGameApiKeys, toStaffGameKey } from "@/lib/server/game/api-keys";
import { json, route } from "@/lib/server/http/route";

export const GET = route(listGameKeysOp, { handler: async () => ({ results: (await listGameApiKeys()).map(toStaffGameKey) }) });
export const POST = route(createGameKeyOp, {
  handler: async ({ body, actor, ip }) => {
    const { key, info } = await createGameApiKey({ actorId: actor.userId, ip }, body.name, body.scopes);
    return json({ key, gameKey: toStaffGameKey(info) }, 201);
  },
});
