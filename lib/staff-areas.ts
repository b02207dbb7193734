import { atLeast } from "./privileges";
import type { PrivilegeName } from "./ranks";

// The staff console's areas and who may use each. One table for the navigation, the
// page guards, the API's auth modes and docs/staff.md: a page a role may not use is the 404
// page, and its API answers 403 (guests 401).

export type StaffArea = {
  href: string;
  label: string;
  /** The lowest privilege that may use it (PLAYER < MODERATOR < ADMINISTRATOR < OWNER). */
  min: Exclude<PrivilegeName, "PLAYER">;
  description: string;
};

export const STAFF_AREAS: readonly StaffArea[] = [
  {
    href: "/staff",
    label: "Dashboard",
    min: "MODERATOR",
    description: "Credits spent, votes, registrations, players online, and what waits for staff (administrators: revenue too)",
  },
  { href: "/staff/tickets", label: "Tickets", min: "MODERATOR", description: "Every player's support tickets" },
  { href: "/staff/forums/reports", label: "Reports", min: "MODERATOR", description: "Forum posts players reported" },
  { href: "/news/create", label: "Write news", min: "MODERATOR", description: "Publish a news post" },
  {
    href: "/staff/players",
    label: "Players",
    min: "MODERATOR",
    description: "Find a player; ban, unban, end sessions (administrators: 2FA reset, credits; owners: privileges)",
  },
  {
    href: "/staff/votes/callbacks",
    label: "Vote callbacks",
    min: "MODERATOR",
    description: "Every vote callback from the listing sites, counted or not, with fraud signals",
  },
  {
    href: "/staff/store",
    label: "Store",
    min: "ADMINISTRATOR",
    description: "Products, categories, credit packages, sales, coupons, gift cards, credit grants and community goals",
  },
  { href: "/staff/payments", label: "Payments", min: "ADMINISTRATOR", description: "Credit purchases and provider webhook events; re-apply a failed event" },
  { href: "/staff/deliveries", label: "Deliveries", min: "ADMINISTRATOR", description: "Items owed to players in game; re-send or cancel" },
  {
    href: "/staff/competitions",
    label: "Competitions",
    min: "ADMINISTRATOR",
    description: "Competitions and the weekly Skill and Boss of the Week schedules: create, edit before the start, cancel",
  },
  {
    href: "/staff/votes/goals",
    label: "Vote goals",
    min: "ADMINISTRATOR",
    description: "Server-wide vote goals: counted votes each day or in a rolling window hand a reward to the game",
  },
  { href: "/staff/forums", label: "Forums", min: "ADMINISTRATOR", description: "Categories and forums: create, rename, reorder, hide, delete" },
  { href: "/staff/jobs", label: "Jobs", min: "ADMINISTRATOR", description: "Background job queue, failed jobs, scheduled tasks" },
  { href: "/staff/audit", label: "Audit log", min: "ADMINISTRATOR", description: "Every staff action and every automatic change to money or access" },
  { href: "/staff/game-keys", label: "Game keys", min: "OWNER", description: "API keys of the game servers" },
];

/** The areas a privilege may use, in menu order (none for a player). */
export function staffAreasFor(privilege: PrivilegeName): StaffArea[] {
  return STAFF_AREAS.filter((a) => atLeast(privilege, a.min));
}

/** The area a path belongs to (the longest matching href), for the menu's current entry. */
export function staffAreaOf(pathname: string): StaffArea | undefined {
  return [...STAFF_AREAS].sort((a, b) => b.href.length - a.href.length).find((a) => pathname === a.href || pathname.startsWith(`${a.href}/`));
}

const RANK_NAMES: Record<StaffArea["min"], string> = {
  MODERATOR: "moderators, administrators and owners",
  ADMINISTRATOR: "administrators and owners",
  OWNER: "owners",
};

/** Who may use an area, in words: "administrators and owners". */
export function whoMayUse(area: Pick<StaffArea, "min">): string {
  return RANK_NAMES[area.min];
}
