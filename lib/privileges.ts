import type { PrivilegeName } from "./ranks";

// The staff ladder and the one rule of who may act on whom. Pure (no server imports): the API
// frame, the page guards, the staff use cases, the console's menus and forms all read it here.
// docs/staff.md ("Who may act on whom") says the same in prose.

/** PLAYER < MODERATOR < ADMINISTRATOR < OWNER. */
export const PRIVILEGE_LADDER: readonly PrivilegeName[] = ["PLAYER", "MODERATOR", "ADMINISTRATOR", "OWNER"];

const RANK: Record<PrivilegeName, number> = { PLAYER: 0, MODERATOR: 1, ADMINISTRATOR: 2, OWNER: 3 };

/** True when `privilege` is at least `min`. */
export function atLeast(privilege: PrivilegeName, min: PrivilegeName): boolean {
  return RANK[privilege] >= RANK[min];
}

/** The privileges strictly below `privilege` (whose private records and accounts it reaches). */
export function ranksBelow(privilege: PrivilegeName): PrivilegeName[] {
  return PRIVILEGE_LADDER.filter((p) => RANK[p] < RANK[privilege]);
}

/**
 * What a member of staff does to an account through the console:
 * - `read`: its private record (email, sessions, money, votes, tickets, posts);
 * - `act`: ban, unban, end sessions, reset 2FA, grant or remove credits, re-send or cancel its deliveries;
 * - `privilege`: change its privilege (an owner's power).
 */
export type StaffReach = "read" | "act" | "privilege";

export type StaffParty = { id: number; privilege: PrivilegeName };

/** Why the rule refuses: the account is the actor's own, or its rank is out of reach. */
export type StaffRefusal = "self" | "rank";

/**
 * The rule. Nobody acts on themselves through the staff console (reading one's own record is
 * allowed: it is theirs). Nobody acts on, or reads the private record of, a rank at or above
 * their own, so only the owner acts on administrators. Owners change the privilege of anyone but
 * themselves, other owners included (the last owner is never demoted: that is checked with the
 * owner count, under a lock, by the privilege change itself).
 * Returns null when allowed, else why not.
 */
export function staffRefusal(actor: StaffParty, target: StaffParty, reach: StaffReach): StaffRefusal | null {
  const self = actor.id === target.id;
  if (reach === "read") return self || RANK[target.privilege] < RANK[actor.privilege] ? null : "rank";
  if (self) return "self";
  if (reach === "privilege") return actor.privilege === "OWNER" ? null : "rank";
  return RANK[target.privilege] < RANK[actor.privilege] ? null : "rank";
}
