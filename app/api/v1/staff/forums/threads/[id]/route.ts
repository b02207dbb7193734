// PATCH /api/v1/staff/forums/threads/{id} — pin, close or move a thread (moderator; audited)
import { moderateThreadOp } from "@/lib/schemas/forums";
import { moderateThread } from "@/lib/server/forums/moderate-thread";
import { route } from "@/lib/server/http/route";

export const PATCH = route(moderateThreadOp, { handler: ({ params, body, actor, ip }) => moderateThread(actor, params.id, body, ip) });
