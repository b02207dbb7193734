// GET /api/v1/openapi.json — the API description generated from the zod contracts
import { getEnv } from "@/lib/server/env";
import { json, route } from "@/lib/server/http/route";
import { openApiOp } from "@/lib/schemas/meta";
import { buildOpenApi } from "@/lib/schemas/openapi";
import { siteConfig } from "@/lib/site-config";

export const GET = route(openApiOp, {
  handler: async () =>
    json(buildOpenApi({ title: siteConfig.name, serverUrl: new URL(getEnv().SITE_URL).origin }), 200, { "cache-control": "public, max-age=300" }),
});
