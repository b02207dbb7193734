import path from "node:path";
import { NextRequest } from "next/server";
import type { Operation } from "@/lib/schemas/api";

type Handler = (req: NextRequest, ctx: { params?: Promise<Record<string, string | string[]>> }) => Promise<Response>;

const APP = path.join(import.meta.dirname, "../../app");

/** The exported handler of an operation, from its route file (paths mirror app/api). */
export async function handlerOf(op: Pick<Operation, "method" | "path">): Promise<Handler> {
  const dir = op.path
    .split("/")
    .filter(Boolean)
    .map((seg) => seg.replace(/^\{(.+)\}$/, "[$1]"));
  const mod = (await import(path.join(APP, ...dir, "route.ts"))) as Record<string, Handler>;
  return mod[op.method]!;
}

/** The text of a Server-Sent Events answer up to its first `data:` line (10 s at most); the stream is then cancelled. */
export async function firstEvent(res: Response): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + 10_000;
  while (!/^data: /m.test(text) && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  await reader.cancel().catch(() => {});
  return text;
}

/** Calls a route handler the way Next does, returning status and parsed JSON body. */
export async function call(
  handler: Handler,
  opts: {
    method?: string;
    path?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    cookies?: Record<string, string>;
    params?: Record<string, string>;
  } = {},
) {
  const headers = new Headers(opts.headers);
  if (opts.cookies)
    headers.set(
      "cookie",
      Object.entries(opts.cookies)
        .map(([k, v]) => `${k}=${v}`)
        .join("; "),
    );
  // JSON like the site's own client sends; a test may set another type to check the 415.
  if ((opts.body !== undefined || opts.rawBody !== undefined) && !headers.has("content-type")) headers.set("content-type", "application/json");
  const req = new NextRequest(new URL(opts.path ?? "/api/test", "http://localhost:3000"), {
    method: opts.method ?? "GET",
    headers,
    body: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
  });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  // An event stream (GET /api/v1/account/notifications/stream) never ends: its first event, then it is left.
  const text = res.headers.get("content-type")?.startsWith("text/event-stream") ? await firstEvent(res) : await res.text();
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

/** What a browser sends on a request from another site's page (CSRF attempts). */
export const CROSS_SITE = { "sec-fetch-site": "cross-site", origin: "https://evil.example" } as const;

let ipCounter = 0;
/** A distinct client address per call (tests run with TRUST_PROXY=true), so per-IP limits don't collide. */
export function freshClient(prefix = 10): Record<string, string> {
  ipCounter += 1;
  return {
    "x-forwarded-for": `${prefix}.${process.pid % 250}.${Math.floor(ipCounter / 250) % 250}.${ipCounter % 250}`,
    "user-agent": "Mozilla/5.0 (Windows NT 10.0) Chrome/140.0",
  };
}

/** Logs in through POST /api/v1/login and returns the session cookie's token. */
export async function loginCookie(username: string, password: string): Promise<string> {
  const { POST } = await import("@/app/api/v1/login/route");
  const r = await call(POST, { method: "POST", body: { username, password }, headers: freshClient() });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.json)}`);
  return sessionFrom(r.headers)!;
}
