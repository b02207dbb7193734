import { NextRequest } from "next/server";

type Handler = (req: NextRequest, ctx: { params?: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** Calls a route handler the way Next does, returning status and parsed JSON body. */
export async function call(
  handler: Handler,
  opts: { method?: string; path?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; cookies?: Record<string, string>; params?: Record<string, string> } = {},
) {
  const headers = new Headers(opts.headers);
  if (opts.cookies) headers.set("cookie", Object.entries(opts.cookies).map(([k, v]) => `${k}=${v}`).join("; "));
  if (opts.body !== undefined || opts.rawBody !== undefined) headers.set("content-type", "application/json");
  const req = new NextRequest(new URL(opts.path ?? "/api/test", "http://localhost:3000"), {
    method: opts.method ?? "GET",
    headers,
    body: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
  });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = { __text: text };
  }
  return { status: res.status, json, headers: res.headers };
}

/** The session token from a Set-Cookie header, or null when it was cleared/absent. */
export function sessionFrom(headers: Headers): string | null {
  const m = /(?:^|,\s*)session=([^;]*)/.exec(headers.get("set-cookie") ?? "");
  return m && m[1] ? m[1] : null;
}

/** Same-origin browser headers for cookie-authenticated unsafe requests. */
export const SAME_ORIGIN = { "sec-fetch-site": "same-origin" } as const;
