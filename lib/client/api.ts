// Browser side of the /api/v1 JSON API: the one way the browser calls it, `api(endpoints.x, …)`,
// typed by the operation (lib/client/endpoints.ts), over one fetch wrapper (`callApi`), and the
// pure mapping from an answer to what a form shows. No React and no server imports, so any client
// component can use it and unit tests run it in Node. Components call `api()`, or read through
// `useApiGet` (components/api/use-api-get.ts) and write through `useApiForm`; lint refuses
// `callApi` outside lib/client.
import type { z } from "zod";
import { REQUIRED } from "@/lib/messages/common";
import type { Operation, SuccessOf } from "@/lib/schemas/api";

/** docs/product.md §8 texts. */
export const RATE_LIMITED = "You have been rate limited, please try again later.";
export const SERVER_ERROR = "Error! Looks like something went wrong on the server. Try again or contact a staff member for help.";

/** docs/product.md §9: the wrapper's default timeout (the shared client's is 60 s, for slow calls such as payments). */
export const API_TIMEOUT_MS = 30_000;
export const API_TIMEOUT_LONG_MS = 60_000;
export const TIMED_OUT = "The server did not answer in time. Check your connection and try again; if it keeps happening, contact a staff member.";

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiResponse<T = Record<string, unknown>> = {
  status: number;
  ok: boolean;
  data: T & Record<string, unknown>;
  /** The body when it is a JSON array (the plain lists of docs/product.md §7: categories, purchases); `data` is then `{}`. */
  list?: unknown[];
  /** No answer within the timeout (status 0). */
  timedOut?: boolean;
};

/**
 * The transport under `api()`: the JSON answer of `path` and its status. Never throws: a network failure resolves to status 0, and a
 * body that is not a JSON object to `{}`. Cookie session, same-origin only (the server's CSRF
 * check reads Sec-Fetch-Site); unsafe requests always say `application/json`, because the API
 * refuses any other content type for them.
 */
export async function callApi<T = Record<string, unknown>>(
  path: string,
  init: { method?: ApiMethod; body?: unknown; headers?: Readonly<Record<string, string>>; timeoutMs?: number } = {},
): Promise<ApiResponse<T>> {
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  // Extra headers (e.g. Idempotency-Key) cannot replace the JSON ones the API relies on.
  const headers: Record<string, string> = { ...init.headers, Accept: "application/json" };
  if (method !== "GET") headers["Content-Type"] = "application/json";
  // A plain timer (not AbortSignal.timeout) so tests can drive it with fake timers.
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, init.timeoutMs ?? API_TIMEOUT_MS);
  let res: Response;
  let data: unknown;
  try {
    res = await fetch(path, {
      method,
      credentials: "same-origin",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      cache: "no-store",
      signal: abort.signal,
    });
    try {
      data = await res.json();
    } catch {
      if (timedOut) throw new Error("timed out");
      data = {};
    }
  } catch {
    return { status: 0, ok: false, data: {} as T & Record<string, unknown>, ...(timedOut ? { timedOut } : {}) };
  } finally {
    clearTimeout(timer);
  }
  if (Array.isArray(data)) return { status: res.status, ok: res.ok, data: {} as T & Record<string, unknown>, list: data };
  if (!data || typeof data !== "object") data = {};
  return { status: res.status, ok: res.ok, data: data as T & Record<string, unknown> };
}

/** An operation's method and path, carrying its types (lib/client/endpoints.ts is generated). */
export type Endpoint<O extends Operation = Operation> = { readonly method: O["method"]; readonly path: string; readonly __operation?: O };

type Input<T> = T extends z.ZodType ? z.input<T> : never;
type Scalar = string | number;
/** What `api()` takes for an endpoint: its path parameters, query and JSON body, typed. */
export type EndpointArgs<O> =
  O extends Operation<infer B, infer Q, infer P>
    ? (P extends z.ZodType ? { params: { [K in keyof Input<P>]: Scalar } } : { params?: undefined }) &
        (Q extends z.ZodType ? { query?: { [K in keyof Input<Q>]?: Scalar | undefined } } : { query?: undefined }) &
        (B extends z.ZodType ? { body: Input<B> } : { body?: undefined }) & { headers?: Readonly<Record<string, string>>; timeoutMs?: number }
    : never;

/** The URL of an endpoint: path parameters filled in (encoded), the query appended. */
export function endpointUrl(path: string, params?: Readonly<Record<string, Scalar>>, query?: Readonly<Record<string, Scalar | undefined>>): string {
  const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== "") q.set(k, String(v));
  const qs = q.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/** The body an operation answers on success: its 200 schema's type, else its 201's (a checkout, say). */
export type AnswerOf<O> =
  unknown extends SuccessOf<O> ? (O extends { responses: { 201: { schema: infer S extends z.ZodType } } } ? z.output<S> : unknown) : SuccessOf<O>;

/**
 * What `api()` answers for an operation: its success body typed as `data`, or, for an operation
 * that answers a JSON array (the plain lists of docs/product.md §7), that array typed as `list`.
 * The types say what the contract promises; a failed answer's `data` is its error body.
 */
export type ApiAnswer<S> = [S] extends [readonly unknown[]] ? Omit<ApiResponse, "list"> & { list?: S } : ApiResponse<S & Record<string, unknown>>;

/**
 * Calls an API operation by its generated endpoint (`api(endpoints.purchaseProduct, { body })`):
 * the path, method and types come from the operation, so an endpoint changes in one place.
 */
export function api<O extends Operation>(endpoint: Endpoint<O>, args: EndpointArgs<O>): Promise<ApiAnswer<AnswerOf<O>>> {
  const a = args as {
    params?: Record<string, Scalar>;
    query?: Record<string, Scalar | undefined>;
    body?: unknown;
    headers?: Record<string, string>;
    timeoutMs?: number;
  };
  return callApi(endpointUrl(endpoint.path, a.params, a.query), {
    method: endpoint.method,
    body: a.body,
    headers: a.headers,
    timeoutMs: a.timeoutMs,
  }) as Promise<ApiAnswer<AnswerOf<O>>>;
}

/** Keys of an error body that are messages about the whole request, not about one field. */
const DETAIL_KEYS = new Set(["details", "detail", "non_field_errors"]);
/** Keys that are never shown: the request id is for logs and support, not for the form. */
const IGNORED_KEYS = new Set(["request_id"]);

/** A DRF-shaped error body (docs/architecture.md) split into per-field lists, `details` and `error`. */
export function readErrors(body: Record<string, unknown>): { fields: Record<string, string[]>; details?: string; error?: string } {
  const fields: Record<string, string[]> = {};
  let details: string | undefined;
  let error: string | undefined;
  for (const [key, value] of Object.entries(body)) {
    if (IGNORED_KEYS.has(key)) continue;
    const list = Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v !== "") : typeof value === "string" && value ? [value] : [];
    if (list.length === 0) continue;
    if (DETAIL_KEYS.has(key)) details = [details, ...list].filter(Boolean).join(" ");
    else if (key === "error") error = list.join(" ");
    else fields[key] = list;
  }
  return { fields, details, error };
}

/** What a form shows after a failed submit: messages under each field, and one form-level text. */
export type FormFailure = { fieldErrors: Record<string, string[]>; formError?: string };

export type FailureOptions = {
  /** Names of the fields the form shows. Errors for any other field become the form-level text. */
  fields?: readonly string[];
  /** Server field name → form field name, for bodies that spell a field differently. */
  aliases?: Readonly<Record<string, string>>;
};

/**
 * The one mapping from a failed answer to a form (docs/product.md §8): 429 → the rate-limit text; no
 * answer, a non-JSON answer or a 5xx → the generic server text; otherwise the server's field
 * lists under their fields and its `details` (or `error`) as the form text. Errors for fields
 * the form does not show (a bad `uid` in a reset link) are the form text, ahead of the generic
 * "Some fields are invalid.": nobody could see them otherwise.
 */
export function failureFrom(res: ApiResponse, options: FailureOptions = {}): FormFailure {
  if (res.status === 429) return { fieldErrors: {}, formError: RATE_LIMITED };
  if (res.timedOut) return { fieldErrors: {}, formError: TIMED_OUT };
  if (res.status === 0 || res.status >= 500) return { fieldErrors: {}, formError: SERVER_ERROR };
  const { fields, details, error } = readErrors(res.data);
  const fieldErrors: Record<string, string[]> = {};
  const stray: string[] = [];
  for (const [key, messages] of Object.entries(fields)) {
    const name = options.aliases?.[key] ?? key;
    if (options.fields && !options.fields.includes(name)) {
      for (const m of messages) if (!stray.includes(m)) stray.push(m);
      continue;
    }
    const list = (fieldErrors[name] ??= []);
    for (const m of messages) if (!list.includes(m)) list.push(m);
  }
  const formError = stray.length ? stray.join(" ") : (details ?? error ?? (Object.keys(fieldErrors).length ? undefined : SERVER_ERROR));
  return { fieldErrors, formError };
}

/** Client-side check before sending: each named field that is blank (spaces count) is required. */
export function missingFields(values: Readonly<Record<string, unknown>>, names: readonly string[] = Object.keys(values)): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const name of names) {
    const value = values[name];
    if (typeof value !== "string" || !value.trim()) fields[name] = [REQUIRED];
  }
  return fields;
}
