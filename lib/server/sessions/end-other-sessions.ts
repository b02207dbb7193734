import "server-only";
import type { Actor } from "./authenticate-request";
import { revokeAllSessions, type SessionRef } from "./browser-sessions";

/** The session or API login the request came with. */
export function currentSession(actor: Actor): SessionRef {
  return { kind: actor.via === "session" ? "browser" : "api", id: actor.sessionId };
}

/** Ends every session except the one making the request. */
export async function endOtherSessions(actor: Actor): Promise<number> {
  return revokeAllSessions(actor.userId, "ended by user", currentSession(actor));
}
