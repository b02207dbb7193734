// POST /api/v1/staff/credits — grant or remove a player's credits with a reason (administrator)
import { grantCreditsOp, IDEMPOTENCY_KEY_PATTERN } from "@/lib/schemas/staff-store";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import { grantCredits } from "@/lib/server/store/admin/grant-credits";

export const POST = route(grantCreditsOp, {
  handler: ({ req, body, actor, ip }) => {
    const key = req.headers.get("idempotency-key");
    if (key !== null && !IDEMPOTENCY_KEY_PATTERN.test(key))
      throw new AppError("VALIDATION", {
        fields: { "Idempotency-Key": ["Must be 8–100 letters, digits, '.', '_', ':' or '-'."] },
        userMessage: "Some fields are invalid.",
      });
    return grantCredits(body, { actorId: actor.userId, privilege: actor.privilege, ip, idempotencyKey: key });
  },
});
