// GET / PUT / DELETE /api/v1/forums/drafts/{kind}/{id} — the player's own draft of a new thread (kind thread, forum id) or a reply (kind reply, thread id)
import { deleteDraftOp, getDraftOp, saveDraftOp } from "@/lib/schemas/forum-editor";
import { deleteDraft } from "@/lib/server/forums/delete-draft";
import { getDraft } from "@/lib/server/forums/get-draft";
import { saveDraft } from "@/lib/server/forums/save-draft";
import { route } from "@/lib/server/http/route";

export const GET = route(getDraftOp, { handler: ({ params, actor }) => getDraft(actor, params.kind, params.id) });
export const PUT = route(saveDraftOp, {
  // The editor saves 2 s after the last keystroke: a steady typist stays far below this.
  rateLimit: [{ name: "forum-draft", limit: 60, windowSec: 60, key: ({ actor }) => String(actor.userId) }],
  handler: ({ params, body, actor }) => saveDraft(actor, params.kind, params.id, body),
});
export const DELETE = route(deleteDraftOp, { handler: ({ params, actor }) => deleteDraft(actor, params.kind, params.id) });
