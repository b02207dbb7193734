// What the vote page shows (docs/product.md §2 Vote, §4 Vote countdown). Pure: no I/O, no zod, so the
// browser bundle stays small and unit tests run it in Node.

export const AVAILABLE = "Available!";
export const NEXT_VOTE = "Next Vote";

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Time left until `next` (ISO 8601) as hh:mm:ss, or 'Available!' when it is null, unreadable or
 * not in the future. Rounded up, so the last second reads 00:00:01, then 'Available!'.
 */
export function formatCountdown(next: string | null, nowMs: number): string {
  if (next === null) return AVAILABLE;
  const at = Date.parse(next);
  if (Number.isNaN(at)) return AVAILABLE;
  const left = Math.ceil((at - nowMs) / 1000);
  if (left <= 0) return AVAILABLE;
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  return `${pad(h)}:${pad(m)}:${pad(left % 60)}`;
}

/** The site's vote link: {username} and {token} replaced, both URL-encoded. */
export function voteLink(urlTemplate: string, username: string, token: string): string {
  // Function replacers: a "$" in a value is never read as a replacement pattern.
  return urlTemplate.replaceAll("{username}", () => encodeURIComponent(username)).replaceAll("{token}", () => encodeURIComponent(token));
}

/** "1 vote", "12 votes", "1,204 votes". */
export function votesLabel(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "vote" : "votes"}`;
}

/** "November 2026" for month 11 (1-based, as the metrics answer it) of 2026. */
export function monthYear(month: number, year: number): string {
  const name = new Intl.DateTimeFormat("en-US", { month: "long", timeZone: "UTC" }).format(new Date(Date.UTC(year, month - 1, 1)));
  return `${name} ${year}`;
}

/** A recent vote's outcome: "Counted", or "Not counted" with the server's reason when it gave one. */
export function voteOutcome(counted: boolean, reason: string | null): string {
  if (counted) return "Counted";
  return reason ? `Not counted: ${reason}` : "Not counted";
}

/** A counted vote's in-game reward: waiting at the claim NPC, or already received. */
export function rewardLabel(reward: "pending" | "delivered" | null): string | null {
  if (reward === "pending") return "Waiting in game";
  if (reward === "delivered") return "Received";
  return null;
}
