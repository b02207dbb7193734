import "server-only";
import type { TSessionDto } from "@/lib/schemas/accounts";
import { db } from "../db";
import type { Actor } from "./authenticate-request";

/** A short device description from the User-Agent ("Chrome on Windows"). */
export function describeDevice(ua: string | null): string {
  if (!ua) return "Unknown device";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\//.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Chrome\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : /curl|node|python|okhttp|java/i.test(ua)
              ? "API client"
              : "Browser";
  const os = /Windows/.test(ua)
    ? "Windows"
    : /Android/.test(ua)
      ? "Android"
      : /iPhone|iPad/.test(ua)
        ? "iOS"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  return os ? `${browser} on ${os}` : browser;
}

/** The actor's live browser sessions and API logins; the current one is marked. */
export async function listSessions(actor: Actor): Promise<TSessionDto[]> {
  const now = new Date();
  const [sessions, families] = await Promise.all([
    db.session.findMany({
      where: { userId: actor.userId, revokedAt: null, idleExpiresAt: { gt: now }, absoluteExpiresAt: { gt: now } },
      orderBy: { lastSeenAt: "desc" },
    }),
    db.refreshTokenFamily.findMany({ where: { userId: actor.userId, revokedAt: null, expiresAt: { gt: now } }, orderBy: { lastUsedAt: "desc" } }),
  ]);
  return [
    ...sessions.map((s) => ({
      id: s.id,
      kind: "browser" as const,
      device: describeDevice(s.userAgent),
      ip: s.ip,
      created: s.createdAt.toISOString(),
      last_seen: s.lastSeenAt.toISOString(),
      current: actor.via === "session" && actor.sessionId === s.id,
    })),
    ...families.map((f) => ({
      id: f.id,
      kind: "api" as const,
      device: describeDevice(f.userAgent),
      ip: f.ip,
      created: f.createdAt.toISOString(),
      last_seen: f.lastUsedAt.toISOString(),
      current: actor.via === "bearer" && actor.sessionId === f.id,
    })),
  ];
}
