// Game server API keys for integration tests, made the way the operator CLI makes them.
import { CLI_ACTOR } from "@/lib/server/audit/audit-actor";
import { createGameApiKey } from "@/lib/server/game/api-keys";
import { GAME_SCOPES } from "@/lib/schemas/game";

let n = 0;

/** A live key with the given scopes (default all); answers the headers a game server sends. */
export async function createGameKey(scopes: readonly string[] = GAME_SCOPES): Promise<{ key: string; prefix: string; headers: Record<string, string> }> {
  n += 1;
  const { key, info } = await createGameApiKey(CLI_ACTOR, `test-${process.pid}-${n}`, scopes);
  return { key, prefix: info.prefix, headers: { "x-api-key": key } };
}
