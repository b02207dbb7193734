import "server-only";
import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { z } from "zod";
import { fieldErrorsFrom, type Operation, REQUIRED } from "@/lib/schemas/api";
import { getEnv } from "../env";
import { AppError, isAppError } from "../errors";
import { log } from "../log";
import { safeEqual } from "../security/tokens";
import { type Actor, authenticate, readCredentials } from "../sessions/authenticate-request";
import { clientAddress } from "./client-address";
import { enforceRateLimit, type RateLimitRule } from "./rate-limit";

// The one wrapper for app/api/** handlers (STYLE.md 3): auth mode, zod inputs, CSRF,
// rate limit, error mapping to DRF-shaped bodies, request id and a JSON access log.

const MAX_BODY_BYTES = 1_000_000;
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type Parts<O> = O extends Operation<infer B, infer Q, infer P, infer A> ? { b: B; q: Q; p: P; a: A } : never;

export type HandlerContext<O extends Operation> = {
  req: NextRequest;
  body: Infer<Parts<O>["b"]>;
  query: Infer<Parts<O>["q"]>;
  params: Infer<Parts<O>["p"]>;
  /** Set for auth user/staff; may be null for none/optional/game. */
  actor: Parts<O>["a"] extends "user" | "staff" ? Actor : Actor | null;
  requestId: string;
  ip: string;
};

type RouteOptions<O extends Operation> = {
  /** Each rule is keyed by the client IP unless `key` returns another subject. */
  rateLimit?: Array<RateLimitRule & { key?: (ctx: HandlerContext<O>) => string | null }>;
  handler: (ctx: HandlerContext<O>) => Promise<Response | unknown>;
};

export function json(data: unknown, status = 200, headers?: HeadersInit): Response {
  return new Response(JSON.stringify(data, (_k, v) => (typeof v === "bigint" ? Number(v) : v)), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...Object.fromEntries(new Headers(headers)) },
  });
}

/** A redirect whose headers stay mutable (Response.redirect's are frozen). */
export function redirectTo(url: string | URL, status = 303): Response {
  return new Response(null, { status, headers: { location: String(url) } });
}

const requiredMessage: z.core.$ZodErrorMap = (iss) => (iss.code === "invalid_type" && iss.input === undefined ? REQUIRED : undefined);

export function parseOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data, { error: requiredMessage });
  if (result.success) return result.data;
  const fields = fieldErrorsFrom(result.error);
  const details = fields.details?.[0] ?? "Some fields are invalid.";
  delete fields.details;
  throw new AppError("VALIDATION", { fields, userMessage: details });
}

export function clientIp(req: Request): string {
  // One source of truth for the client address (lib/server/http/client-address.ts); "direct"
  // only when none is known (handlers called outside the server entry, e.g. by tests).
  return clientAddress(req.headers) ?? "direct";
}

/** CSRF for cookie-authenticated unsafe requests: the browser must say it is same-origin. */
function assertSameOrigin(req: Request) {
  const site = req.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") throw new AppError("FORBIDDEN", { userMessage: "Cross-site request refused." });
  const origin = req.headers.get("origin");
  if (origin && origin !== new URL(getEnv().SITE_URL).origin && !site) {
    throw new AppError("FORBIDDEN", { userMessage: "Cross-site request refused." });
  }
}

async function readJsonBody(req: Request): Promise<unknown> {
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw new AppError("PAYLOAD_TOO_LARGE");
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", { userMessage: "The request body is not valid JSON." });
  }
}

function gameKeyMatches(req: Request): boolean {
  const expected = getEnv().GAME_API_KEY;
  const given = req.headers.get("x-api-key") ?? req.headers.get("authorization")?.replace(/^Bearer\s+/i, "");
  return Boolean(expected && given && safeEqual(given, expected));
}

export function route<O extends Operation>(op: O, options: RouteOptions<O>) {
  return async (req: NextRequest, context: { params?: Promise<Record<string, string | string[]>> }): Promise<Response> => {
    const started = performance.now();
    const requestId = req.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    let status = 500;
    let actorId: number | undefined;
    try {
      const ip = clientIp(req);
      const query = op.query ? parseOrThrow(op.query, Object.fromEntries(req.nextUrl.searchParams)) : undefined;
      const params = op.params ? parseOrThrow(op.params, (await context.params) ?? {}) : undefined;

      let actor: Actor | null = null;
      if (op.auth === "game") {
        if (!gameKeyMatches(req)) throw new AppError("UNAUTHENTICATED", { userMessage: "Invalid game server key." });
      } else if (op.auth !== "none") {
        const creds = readCredentials(req.headers, (n) => req.cookies.get(n)?.value);
        actor = await authenticate(creds);
        if (actor?.via === "session" && UNSAFE.has(req.method)) assertSameOrigin(req);
        if (!actor && (op.auth === "user" || op.auth === "staff")) throw new AppError("UNAUTHENTICATED");
        if (op.auth === "staff" && !actor?.isStaff) throw new AppError("FORBIDDEN");
      }
      actorId = actor?.userId;

      // Per-IP rules count every request, valid or not; keyed rules run once the input is known.
      for (const rule of options.rateLimit ?? []) if (!rule.key) await enforceRateLimit(rule, ip);

      const body = op.body ? parseOrThrow(op.body, await readJsonBody(req)) : undefined;
      const ctx = { req, body, query, params, actor, requestId, ip } as HandlerContext<O>;

      for (const rule of options.rateLimit ?? []) {
        const subject = rule.key?.(ctx);
        if (subject) await enforceRateLimit(rule, subject);
      }

      const result = await options.handler(ctx);
      const res = result instanceof Response ? result : json(result ?? {}, 200);
      res.headers.set("x-request-id", requestId);
      status = res.status;
      return res;
    } catch (e) {
      if (isAppError(e)) {
        status = e.status;
        return json(e.toBody(), e.status, { ...e.headers, "x-request-id": requestId });
      }
      status = 500;
      log.error("unhandled error", { requestId, method: req.method, path: req.nextUrl.pathname, err: e });
      return json({ details: "Something went wrong on the server.", request_id: requestId }, 500, { "x-request-id": requestId });
    } finally {
      log.info("request", {
        requestId,
        method: req.method,
        path: req.nextUrl.pathname,
        status,
        ms: Math.round(performance.now() - started),
        userId: actorId,
      });
    }
  };
}
