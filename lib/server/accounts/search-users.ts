import "server-only";
import { USER_SEARCH_MAX } from "@/lib/messages/forums";
import { usernameKey } from "@/lib/usernames";
import { selectUsersByKeyPrefix } from "./sql/user-search";

// GET /api/v1/users/search?prefix=: the editor's `@` lookup. Names are matched on their key
// (case and separators ignored), from the start; shortest names first, so "bob" is offered
// before "bobby". Banned and deactivated accounts are not offered.

export async function searchUsers(prefix: string): Promise<{ results: Array<{ id: number; name: string }> }> {
  const key = usernameKey(prefix);
  // A key holds only letters and digits (usernameKey drops spaces, "-" and "_").
  if (!/^[a-z0-9]{1,12}$/.test(key)) return { results: [] };
  const rows = await selectUsersByKeyPrefix(key, USER_SEARCH_MAX);
  return { results: rows.map((r) => ({ id: r.id, name: r.username })) };
}
