import "server-only";
import type { Operation, StaffAuth } from "@/lib/schemas/api";
import { STORE_SESSION_REFUSED } from "@/lib/messages/store-link";
import { atLeast } from "@/lib/privileges";
import type { Privilege } from "@/lib/generated/prisma/enums";
import { getEnv } from "../env";
import { AppError } from "../errors";
import { type Actor, authenticate, readCredentials } from "../sessions/authenticate-request";
import { sessionCookieName } from "../sessions/constants";

// Who is calling, and may they: auth modes, privilege levels and the CSRF rule.

const MIN_PRIVILEGE: Record<StaffAuth, Privilege> = { moderator: "MODERATOR", administrator: "ADMINISTRATOR", owner: "OWNER" };

type CookieReader = (name: string) => string | undefined;

/**
 * The actor the operation's auth mode asks for; 401/403 when the caller does not qualify. A
 * store session (::store link) passes only operations marked `storeSession`; its actor already
 * carries no staff privilege (authenticate-request.ts).
 */
export async function resolveActor(op: Pick<Operation, "auth" | "storeSession">, req: Request, cookie: CookieReader): Promise<Actor | null> {
  const { auth } = op;
  // Game keys are checked by the route wrapper (authenticateGameKey, with the operation's scope).
  if (auth === "none" || auth === "game") return null;
  const actor = await authenticate(readCredentials(req.headers, cookie));
  if (auth === "optional") return actor;
  if (!actor) throw new AppError("UNAUTHENTICATED");
  if (actor.scope === "store" && !(auth === "user" && op.storeSession)) throw new AppError("FORBIDDEN", { userMessage: STORE_SESSION_REFUSED });
  if (auth !== "user" && !atLeast(actor.privilege, MIN_PRIVILEGE[auth])) throw new AppError("FORBIDDEN");
  return actor;
}

export const hasSessionCookie = (cookie: CookieReader): boolean => Boolean(cookie(sessionCookieName()));

/**
 * CSRF: the browser must say the request is same-origin (Sec-Fetch-Site, else Origin against
 * SITE_URL). Clients that send neither (API clients, curl) are not browsers acting for a
 * victim and pass; every browser this site supports sends at least Origin on a POST.
 */
export function assertSameOrigin(req: Request): void {
  const refused = () => new AppError("FORBIDDEN", { userMessage: "Cross-site request refused." });
  const site = req.headers.get("sec-fetch-site");
  if (site) {
    if (site !== "same-origin" && site !== "none") throw refused();
    return;
  }
  const origin = req.headers.get("origin");
  if (origin && origin !== new URL(getEnv().SITE_URL).origin) throw refused();
}
