import { z } from "zod";
import { defineOperation } from "./api";

export const ZHealth = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["up", "down"]),
  migrations: z.enum(["current", "pending", "unknown"]),
  pending: z.array(z.string()).optional().describe("Committed migrations not yet applied"),
});

export const healthOp = defineOperation({
  method: "GET",
  path: "/api/health",
  summary: "Liveness and readiness: database reachable, migrations current",
  tag: "Operations",
  auth: "none",
  responses: { 200: { description: "Healthy", schema: ZHealth }, 503: { description: "Database down or migrations pending", schema: ZHealth } },
});
