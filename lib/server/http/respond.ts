import "server-only";
import { isDatabaseBusy } from "../db-errors";
import { AppError, DEFAULT_MESSAGES, isAppError } from "../errors";
import { log } from "../log";

// Building answers: JSON bodies, redirects, and the one mapping from a thrown error to a response.

export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  // A Headers object, not a plain object: several Set-Cookie lines must all survive.
  const all = new Headers(headers);
  if (!all.has("content-type")) all.set("content-type", "application/json; charset=utf-8");
  return new Response(
    JSON.stringify(data, (_k, v) => (typeof v === "bigint" ? Number(v) : v)),
    { status, headers: all },
  );
}

/** A redirect whose headers stay mutable (Response.redirect's are frozen). */
export function redirectTo(url: string | URL, status = 303): Response {
  return new Response(null, { status, headers: { location: String(url) } });
}

export type RequestMeta = { requestId: string; method: string; path: string };

/** Seconds a client is asked to wait after a 503 for a busy database. */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * 4xx AppErrors answer their own DRF-shaped body. A database too busy to serve the request in
 * time (isDatabaseBusy: nothing was written) is a 503 with Retry-After, not a 500. Everything else — unexpected errors and
 * AppErrors of 500 and up, whose texts are for operators ("… is not configured") — is logged
 * with the request id and answered with the generic text and that id.
 */
export function errorResponse(e: unknown, meta: RequestMeta, opts: { legacyErrorKey?: boolean } = {}): Response {
  if (isAppError(e) && e.status < 500) return json(e.toBody(opts.legacyErrorKey), e.status, e.headers);
  if (isDatabaseBusy(e)) {
    log.warn("database busy", { ...meta, status: 503, err: e });
    return json({ details: DEFAULT_MESSAGES.UNAVAILABLE, request_id: meta.requestId }, 503, { "retry-after": String(BUSY_RETRY_AFTER_SECONDS) });
  }
  const status = isAppError(e) ? e.status : 500;
  log.error("server error", { ...meta, status, err: e, cause: e instanceof Error ? e.cause : undefined });
  const details = isAppError(e) ? DEFAULT_MESSAGES[e.code] : DEFAULT_MESSAGES.INTERNAL;
  return json({ details, request_id: meta.requestId }, status, e instanceof AppError ? e.headers : undefined);
}
