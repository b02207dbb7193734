import "server-only";
import { isBanned } from "@/lib/bans";
import type { MemberRank, Privilege } from "@/lib/generated/prisma/client";
import { db } from "../db";
import { sha256 } from "../security/tokens";
import { cachedCredential, updateCached } from "../credential-cache";
import { verifyAccessToken } from "./access-token";
import { SESSION_IDLE_MS, SESSION_TOUCH_MS, sessionCookieName } from "./constants";

export type Actor = {
  userId: number;
  username: string;
  email: string;
  memberRank: MemberRank;
  privilege: Privilege;
  isStaff: boolean;
  via: "session" | "bearer";
  /** Browser session id (cookie auth) or refresh-family id (bearer auth). */
  sessionId: number;
  /**
   * "store" for a session opened by a ::store link: it reaches only the operations and pages
   * marked for it (resolveActor, lib/server/http/auth.ts), and carries no staff privilege whatever the account has.
   */
  scope: "full" | "store";
};

const ACTOR_USER_FIELDS = {
  id: true,
  username: true,
  email: true,
  memberRank: true,
  privilege: true,
  bannedAt: true,
  bannedUntil: true,
  isActive: true,
} as const;
type ActorUser = {
  id: number;
  username: string;
  email: string;
  memberRank: MemberRank;
  privilege: Privilege;
  bannedAt: Date | null;
  bannedUntil: Date | null;
  isActive: boolean;
};

/** The actor for a live credential, or null when the account is banned or not confirmed. */
function toActor(u: ActorUser, via: Actor["via"], sessionId: number, scope: Actor["scope"] = "full"): Actor | null {
  if (isBanned(u) || !u.isActive) return null;
  // A store session never acts as staff, even for an account promoted after the link was made.
  const privilege = scope === "store" ? "PLAYER" : u.privilege;
  return { userId: u.id, username: u.username, email: u.email, memberRank: u.memberRank, privilege, isStaff: privilege !== "PLAYER", via, sessionId, scope };
}

type SessionRow = {
  id: number;
  userId: number;
  scope: "FULL" | "STORE";
  lastSeenAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
  revokedAt: Date | null;
  user: ActorUser;
};

/** Whether a session row is live at `now` (not revoked, not past either expiry). */
const sessionLive = (s: SessionRow, now: number) => !s.revokedAt && s.idleExpiresAt.getTime() > now && s.absoluteExpiresAt.getTime() > now;

/**
 * Session from the cookie token; expired, revoked or banned → null. Read from the process's
 * credential cache when it is there (lib/server/credential-cache.ts: announced changes drop it everywhere),
 * else from the database.
 */
export async function actorFromSessionToken(token: string): Promise<Actor | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = sha256(token);
  const key = `s:${tokenHash}`;
  const session = await cachedCredential<SessionRow>(
    key,
    async () => {
      const row = await db.session.findUnique({
        where: { tokenHash },
        select: {
          id: true,
          userId: true,
          scope: true,
          lastSeenAt: true,
          idleExpiresAt: true,
          absoluteExpiresAt: true,
          revokedAt: true,
          user: { select: ACTOR_USER_FIELDS },
        },
      });
      if (!row) return null;
      // Only a session that lets its holder in is kept; anything else is read again each time.
      const live = sessionLive(row, Date.now()) && !isBanned(row.user) && row.user.isActive;
      return { value: row, owner: live ? { userId: row.userId, credential: `session:${row.id}` } : null };
    },
    (kept) => sessionLive(kept, Date.now()) && !isBanned(kept.user),
  );
  const now = new Date();
  if (!session || !sessionLive(session, now.getTime())) return null;
  const actor = toActor(session.user, "session", session.id, session.scope === "STORE" ? "store" : "full");
  if (!actor) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > SESSION_TOUCH_MS) {
    const idle = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, session.absoluteExpiresAt.getTime()));
    await db.session.update({ where: { id: session.id }, data: { lastSeenAt: now, idleExpiresAt: idle } });
    updateCached<SessionRow>(key, { ...session, lastSeenAt: now, idleExpiresAt: idle });
  }
  return actor;
}

type FamilyRow = { id: number; userId: number; revokedAt: Date | null; user: ActorUser };

/** Bearer access JWT; the refresh family must still be live (logout and reuse revoke it). */
export async function actorFromAccessToken(token: string): Promise<Actor | null> {
  const claims = await verifyAccessToken(token);
  if (!claims) return null;
  const family = await cachedCredential<FamilyRow>(
    `f:${claims.familyId}`,
    async () => {
      const row = await db.refreshTokenFamily.findUnique({
        where: { id: claims.familyId },
        select: { id: true, userId: true, revokedAt: true, user: { select: ACTOR_USER_FIELDS } },
      });
      if (!row) return null;
      const live = !row.revokedAt && !isBanned(row.user) && row.user.isActive;
      return { value: row, owner: live ? { userId: row.userId, credential: `family:${row.id}` } : null };
    },
    (kept) => !kept.revokedAt && !isBanned(kept.user),
  );
  if (!family || family.revokedAt || family.userId !== claims.userId) return null;
  return toActor(family.user, "bearer", family.id);
}

export type Credentials = { bearer: string | null; sessionToken: string | null };

export function readCredentials(headers: Headers, cookie: (name: string) => string | undefined): Credentials {
  const auth = headers.get("authorization");
  const bearer = auth && /^Bearer\s+/i.test(auth) ? auth.replace(/^Bearer\s+/i, "").trim() : null;
  return { bearer: bearer || null, sessionToken: cookie(sessionCookieName()) ?? null };
}

/** Bearer wins when present (API clients); otherwise the session cookie. */
export async function authenticate(creds: Credentials): Promise<Actor | null> {
  if (creds.bearer) return actorFromAccessToken(creds.bearer);
  if (creds.sessionToken) return actorFromSessionToken(creds.sessionToken);
  return null;
}
