import "server-only";
import type { Privilege } from "@/lib/generated/prisma/enums";

// The staff ladder. Guards (sessions/guards.ts), the API frame (http/auth.ts) and use cases that
// vary by rank (news/create-news.ts) all compare ranks here.

const RANK: Record<Privilege, number> = { PLAYER: 0, MODERATOR: 1, ADMINISTRATOR: 2, OWNER: 3 };

/** True when `privilege` is at least `min` (PLAYER < MODERATOR < ADMINISTRATOR < OWNER). */
export function hasPrivilege(privilege: Privilege, min: Privilege): boolean {
  return RANK[privilege] >= RANK[min];
}
