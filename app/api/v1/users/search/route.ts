// GET /api/v1/users/search?prefix= — players whose name starts with the prefix (the editor's @ mentions)
import { searchUsersOp } from "@/lib/schemas/forum-editor";
import { searchUsers } from "@/lib/server/accounts/search-users";
import { route } from "@/lib/server/http/route";

export const GET = route(searchUsersOp, {
  // Per player: the editor asks as they type after "@" (debounced).
  rateLimit: [{ name: "user-search", limit: 60, windowSec: 60, key: ({ actor }) => String(actor.userId) }],
  handler: ({ query }) => searchUsers(query.prefix),
});
