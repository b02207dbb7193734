// Saved replies' placeholders (docs/staff.md, "Saved replies"). Pure: the editor's hints, the
// save-time check and the server's filling read the same list. A placeholder is `{name}` with a
// name from PLACEHOLDERS; any other `{word.word}` in a body is refused when saving, so a typo
// never reaches a player as raw braces.

export const PLACEHOLDERS = ["player.name", "player.total_level", "player.ban.reason", "ticket.id", "order.last.status", "staff.name"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** What each placeholder is filled with, in words (the editor's list). */
export const PLACEHOLDER_HINTS: Record<Placeholder, string> = {
  "player.name": "the ticket owner's username",
  "player.total_level": "their total level on the hiscores",
  "player.ban.reason": "the reason of their ban, while banned",
  "ticket.id": "the ticket's number",
  "order.last.status": "the status of their newest order (paid, refunded, pending, …)",
  "staff.name": "your own username",
};

/** Placeholders that read the player's private record: filled only for staff who may read it (lib/privileges.ts). */
export const PRIVATE_PLACEHOLDERS: ReadonlySet<Placeholder> = new Set(["player.total_level", "player.ban.reason", "order.last.status"]);

/** What a placeholder with no value is filled with (the answer also lists it as unfilled). */
export const EMPTY_FILL: Record<Placeholder, string> = {
  "player.name": "",
  "player.total_level": "(no hiscores yet)",
  "player.ban.reason": "(not banned)",
  "ticket.id": "",
  "order.last.status": "(no orders)",
  "staff.name": "",
};

// Anything in braces that looks like a name: letters, digits, `_`, `.` (a JSON-ish `{ "a": 1 }` is left alone).
const TOKEN = /\{([A-Za-z][A-Za-z0-9_.]*)\}/g;

export const isPlaceholder = (name: string): name is Placeholder => (PLACEHOLDERS as readonly string[]).includes(name);

/** Every placeholder-like name in `text`, in order of first use, without repeats. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(TOKEN)].map((m) => m[1]!))];
}

/** The names in `text` that are not placeholders we fill. */
export function unknownPlaceholders(text: string): string[] {
  return placeholdersIn(text).filter((n) => !isPlaceholder(n));
}

/** `text` with each known placeholder replaced by its value; unknown names are left as they are. */
export function fillPlaceholders(text: string, values: Record<Placeholder, string>): string {
  return text.replace(TOKEN, (whole, name: string) => (isPlaceholder(name) ? values[name] : whole));
}
