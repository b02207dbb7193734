import "server-only";
import type { Actor } from "./authenticate-request";
import { endSession } from "./end-session";
import { currentSession } from "./end-other-sessions";

/** Logout: ends the session or token family the request came with. */
export async function endCurrentSession(actor: Actor): Promise<void> {
  const { kind, id } = currentSession(actor);
  await endSession(actor, kind, id).catch(() => undefined);
}
