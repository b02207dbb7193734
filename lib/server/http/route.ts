import "server-only";
import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { isRawBody, type Operation, type RawBodySpec, type SignedInAuth, type SuccessOf } from "@/lib/schemas/api";
import { FORBIDDEN_TEXT_MESSAGE, hasForbiddenText } from "@/lib/schemas/text-rule";
import { AppError } from "../errors";
import { checkedOrThrow } from "../forbidden-text";
import { authenticateGameKey, type GameCaller } from "../game/api-keys";
import { log } from "../log";
import type { Actor } from "../sessions/authenticate-request";
import { assertSameOrigin, hasSessionCookie, resolveActor } from "./auth";
import { assertJsonContentType, type RawBody, readJsonBody, readRawBody, UNSAFE_METHODS } from "./body";
import { clientAddress } from "../security/client-address";
import { enforceRateLimit, type RateLimitRule } from "../security/rate-limit";
import { errorResponse, json } from "./respond";

// The one wrapper for app/api/** handlers (CONTRIBUTING.md): auth mode, zod inputs, CSRF,
// rate limit, error mapping to DRF-shaped bodies, request id and a JSON access log.

export { json, redirectTo } from "./respond";
export type { RawBody } from "./body";

type Infer<T> = T extends RawBodySpec ? RawBody : T extends z.ZodType ? z.output<T> : undefined;
type Parts<O> = O extends Operation<infer B, infer Q, infer P, infer A> ? { b: B; q: Q; p: P; a: A } : never;

export type HandlerContext<O extends Operation> = {
  req: NextRequest;
  /** The parsed JSON body, or for a raw-body operation its exact bytes and text. */
  body: Infer<Parts<O>["b"]>;
  query: Infer<Parts<O>["q"]>;
  params: Infer<Parts<O>["p"]>;
  /** Set for user and staff modes; may be null for none/optional/game. */
  actor: Parts<O>["a"] extends SignedInAuth ? Actor : Actor | null;
  /** Set for game mode: the API key that called. */
  game: Parts<O>["a"] extends "game" ? GameCaller : null;
  requestId: string;
  ip: string;
};

type RouteOptions<O extends Operation> = {
  /** Each rule is keyed by the client IP unless `key` returns another subject. */
  rateLimit?: Array<RateLimitRule & { key?: (ctx: HandlerContext<O>) => string | null }>;
  /**
   * "always": same-origin is required even without a session cookie. For routes that set or
   * clear the cookie (login, logout) and registration: login CSRF needs no victim cookie.
   */
  csrf?: "always";
  /** A larger JSON body limit than the default MAX_BODY_BYTES (routes that carry images as base64). */
  maxBodyBytes?: number;
  /** A plain object is answered as 200 JSON and must match the operation's 200 schema. */
  handler: (ctx: HandlerContext<O>) => Promise<Response | SuccessOf<O>>;
};

/** A raw body (webhook, vote callback) is stored as text or jsonb: the same rule, on the whole text. */
function refuseForbiddenRawText(body: RawBody): RawBody {
  if (hasForbiddenText(body.text)) throw new AppError("VALIDATION", { fields: { body: [FORBIDDEN_TEXT_MESSAGE] }, userMessage: FORBIDDEN_TEXT_MESSAGE });
  return body;
}

/** The text rule, then the schema: the parsed input, or a 400 naming each field. */
export const parseOrThrow = checkedOrThrow;

export function clientIp(req: Request): string {
  // One source of truth for the client address (lib/server/security/client-address.ts); "direct"
  // only when none is known (handlers called outside the server entry, e.g. by tests).
  return clientAddress(req.headers) ?? "direct";
}

/** A client's own X-Request-Id is kept only when it is short and plain (no log or header injection). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The client's request id when it is safe to echo and log, otherwise a fresh UUID. */
export function requestIdFrom(headers: Headers): string {
  const sent = headers.get("x-request-id");
  return sent && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

export function route<O extends Operation>(op: O, options: RouteOptions<O>) {
  const raw = isRawBody(op.body);
  // The OpenAPI document declares 429 from this flag: a limit it does not know of is a bug.
  if (options.rateLimit?.length && !op.rateLimited) throw new Error(`${op.method} ${op.path}: has rate limits, so its operation must say rateLimited: true`);
  return async (req: NextRequest, context: { params?: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdFrom(req.headers);
    const meta = { requestId, method: req.method, path: req.nextUrl.pathname };
    let actorId: number | undefined;
    let gameKeyId: number | undefined;
    let res: Response;
    try {
      // A raw-body route never looks at cookies: its caller proves itself by signature or key.
      const cookie = (name: string) => (raw ? undefined : req.cookies.get(name)?.value);
      if (UNSAFE_METHODS.has(req.method) && !raw) {
        assertJsonContentType(req);
        if (options.csrf === "always" || hasSessionCookie(cookie)) assertSameOrigin(req);
      }
      // Who is calling comes before what they sent: a guest learns nothing about the input's shape.
      const actor = await resolveActor(op, req, cookie);
      const game = op.auth === "game" ? await authenticateGameKey(req.headers, op.scope!) : null;
      const query = op.query ? parseOrThrow(op.query, Object.fromEntries(req.nextUrl.searchParams)) : undefined;
      const params = op.params ? parseOrThrow(op.params, (await context.params) ?? {}) : undefined;
      actorId = actor?.userId;
      gameKeyId = game?.keyId;
      const ip = clientIp(req);

      // Per-IP rules count every request, valid or not; keyed rules run once the input is known.
      for (const rule of options.rateLimit ?? []) if (!rule.key) await enforceRateLimit(rule, ip);

      const body = raw
        ? refuseForbiddenRawText(await readRawBody(req))
        : op.body
          ? parseOrThrow(op.body as z.ZodType, await readJsonBody(req, options.maxBodyBytes))
          : undefined;
      const ctx = { req, body, query, params, actor, game, requestId, ip } as HandlerContext<O>;

      for (const rule of options.rateLimit ?? []) {
        const subject = rule.key?.(ctx);
        if (subject) await enforceRateLimit(rule, subject);
      }

      const result = await options.handler(ctx);
      res = result instanceof Response ? result : json(result ?? {}, 200);
    } catch (e) {
      res = errorResponse(e, meta, { legacyErrorKey: op.legacyErrorKey });
    }
    res.headers.set("x-request-id", requestId);
    // Answers are private unless a route says otherwise (openapi.json opts into caching).
    if (!res.headers.has("cache-control")) res.headers.set("cache-control", "no-store");
    log.info("request", { ...meta, status: res.status, ms: Math.round(performance.now() - started), userId: actorId, gameKey: gameKeyId });
    return res;
  };
}
