// POST /api/v1/account/delete — delete your own account (password, and code with 2FA); signs out
import { ACCOUNT_DELETED, deleteAccount } from "@/lib/server/accounts/delete-account";
import { json, route } from "@/lib/server/http/route";
import { clearedSessionCookie } from "@/lib/server/sessions/browser-sessions";
import { clearedHintCookie } from "@/lib/server/sessions/session-hint";
import { deleteAccountOp } from "@/lib/schemas/account-controls";

export const POST = route(deleteAccountOp, {
  csrf: "always",
  rateLimit: [{ name: "delete-account", limit: 10, windowSec: 15 * 60, key: ({ actor }) => String(actor.userId) }],
  handler: async ({ actor, body, ip }) => {
    await deleteAccount(actor.userId, body, ip);
    const res = json({ details: ACCOUNT_DELETED }, 200, { "set-cookie": clearedSessionCookie() });
    res.headers.append("set-cookie", clearedHintCookie());
    return res;
  },
});
