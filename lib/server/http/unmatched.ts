import "server-only";
import type { NextRequest } from "next/server";
import { AppError } from "../errors";
import { log } from "../log";
import { errorResponse } from "./respond";
import { requestIdFrom } from "./route";

// A path under /api/v1 that no operation has: the API's own 404, a JSON error body like every
// other refusal, instead of the site's HTML page. Not an operation, so the OpenAPI document does
// not list it; a method a real path lacks is the server entry's 405 (scripts/lib/api-requests.mjs).

export const UNMATCHED_API_PATH = "No such API path. The operations are listed at /api/v1/openapi.json.";

export async function answerUnmatchedApiPath(req: NextRequest): Promise<Response> {
  const requestId = requestIdFrom(req.headers);
  const meta = { requestId, method: req.method, path: req.nextUrl.pathname };
  const res = errorResponse(new AppError("NOT_FOUND", { userMessage: UNMATCHED_API_PATH }), meta);
  res.headers.set("x-request-id", requestId);
  res.headers.set("cache-control", "no-store");
  log.info("request", { ...meta, status: res.status });
  return res;
}
