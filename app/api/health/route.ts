// GET /api/health — database reachable and migrations current (200), otherwise 503
import { checkHealth } from "@/lib/server/health/check-health";
import { json, route } from "@/lib/server/http/route";
import { healthOp } from "@/lib/schemas/health";

export const dynamic = "force-dynamic";

export const GET = route(healthOp, {
  handler: async () => {
    const health = await checkHealth();
    return json(health, health.status === "ok" ? 200 : 503, { "cache-control": "no-store" });
  },
});
