// Game-compatible usernames (docs/accounts.md, Registration). Pure: shared by forms, API and game bridge.
import { REQUIRED } from "./messages/common";

export const USERNAME_MAX = 12;
export const USERNAME_PATTERN = /^[A-Za-z0-9 _-]{1,12}$/;

/**
 * The key that makes names unique: case and separators ignored, so lookalikes are one name
 * ("Ad min", "Ad-min", "AD_MIN" ≡ "Admin"). The migration 20261122030000 computes the same in SQL.
 */
export function usernameKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, "");
}

/** A reason the name is not allowed, or null when it is. */
export function usernameProblem(name: string): string | null {
  if (name.length === 0) return REQUIRED;
  if (name.length > USERNAME_MAX) return `Usernames are at most ${USERNAME_MAX} characters.`;
  if (!USERNAME_PATTERN.test(name)) return "Usernames may contain only letters, numbers, spaces, - and _.";
  // "Admin_" or " Admin" would pass for "Admin" in a list of names.
  if (/^[ _-]|[ _-]$/.test(name)) return "Usernames cannot start or end with a space, - or _.";
  if (/[ _-]{2,}/.test(name)) return "Usernames cannot have two spaces, dashes or underscores in a row.";
  if (!/[A-Za-z0-9]/.test(name)) return "Usernames need at least one letter or number.";
  return null;
}
