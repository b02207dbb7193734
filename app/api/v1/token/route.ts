// POST /api/v1/token — API login: {access, refresh}; with 2FA active the body must carry `code`
import { login } from "@/lib/server/accounts/login";
import { openApiLogin } from "@/lib/server/accounts/sign-in-alerts";
import { AppError } from "@/lib/server/errors";
import { clientInfo } from "@/lib/server/http/client-info";
import { route } from "@/lib/server/http/route";
import { TWO_FACTOR_REQUIRED, tokenOp } from "@/lib/schemas/accounts";

export const POST = route(tokenOp, {
  handler: async ({ req, body, ip }) => {
    const result = await login(body, ip);
    if (result.status === "two_factor_required") {
      throw new AppError("VALIDATION", { fields: { code: [TWO_FACTOR_REQUIRED] }, userMessage: TWO_FACTOR_REQUIRED });
    }
    return openApiLogin(result.userId, clientInfo(req, ip));
  },
});
