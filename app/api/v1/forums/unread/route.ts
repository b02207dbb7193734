// GET /api/v1/forums/unread — the forums with new or unread threads for the player (docs/forums.md, "Unread and new")
import { unreadForumsOp } from "@/lib/schemas/forum-reads";
import { listUnreadForums } from "@/lib/server/forums/list-unread";
import { route } from "@/lib/server/http/route";

export const GET = route(unreadForumsOp, { handler: ({ actor }) => listUnreadForums(actor) });
