import { z } from "zod";
import { REQUIRED } from "../messages/common";

// In the browser (the register form validates with these schemas), parse without zod's fast
// path: it compiles parsers with `new Function`, which our CSP refuses, and even its probe is
// reported as a violation. Schemas read this setting when they are created, so it must run
// before any is defined: every schema module imports this one first.
if (typeof window !== "undefined") z.config({ jitless: true });

// An API operation: its path, auth mode and zod contracts. Route handlers take their
// schemas from here and the OpenAPI document is generated from the same objects.

/**
 * Who may call: `none` anyone, `optional` anyone (actor when signed in), `user` a signed-in
 * player, `moderator` / `administrator` / `owner` staff of at least that privilege
 * (PLAYER < MODERATOR < ADMINISTRATOR < OWNER), `game` the game server's key.
 */
export type AuthMode = "none" | "optional" | "user" | "moderator" | "administrator" | "owner" | "game";
export type StaffAuth = "moderator" | "administrator" | "owner";
/** Modes whose handler always has an actor. */
export type SignedInAuth = "user" | StaffAuth;

/**
 * Marks an operation whose body the handler reads as exact bytes (signed webhooks, vote
 * callbacks): no JSON parsing, no content-type rule, no cookie auth; the size limit holds.
 */
export type RawBodySpec = {
  readonly raw: true;
  readonly contentType: string;
  readonly description: string;
  /** The fields of a form body, for the OpenAPI document only: the handler still reads the bytes. */
  readonly schema?: z.ZodType;
};
export function rawBody(contentType: string, description: string, schema?: z.ZodType): RawBodySpec {
  return { raw: true, contentType, description, ...(schema ? { schema } : {}) };
}
export const isRawBody = (b: unknown): b is RawBodySpec => typeof b === "object" && b !== null && (b as RawBodySpec).raw === true;

/** `contentType`: an answer that is not JSON (e.g. `text/event-stream`), declared as such in the OpenAPI document. */
export type Responses = Record<number, { description: string; schema?: z.ZodType; contentType?: string }>;

export type Operation<
  B extends z.ZodType | RawBodySpec | undefined = z.ZodType | RawBodySpec | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  A extends AuthMode = AuthMode,
  R extends Responses = Responses,
> = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI-style path, e.g. /api/v1/tickets/{id}. */
  path: string;
  summary: string;
  /** Longer OpenAPI text, e.g. where the operation knowingly departs from docs/product.md. */
  description?: string;
  tag: string;
  auth: A;
  /** With auth "game": what the key must be allowed to call (a GameScope, lib/schemas/game.ts). */
  scope?: string;
  /**
   * With auth "user": a store session (opened by the game's ::store link) may call this too.
   * Every other signed-in operation refuses one with 403 (STORE_SESSION_REFUSED).
   */
  storeSession?: true;
  /**
   * The operation may answer 429 with Retry-After (a rate limit in its route or its use case).
   * The route wrapper refuses to build a route with limits whose operation does not say so.
   */
  rateLimited?: true;
  /**
   * A staff operation that names an account (by the path's `{id}`, a `username` in the body, or
   * the owner of the delivery in the path) and what it does to it: the staff rule of
   * lib/privileges.ts applies (`read`, `act` or `privilege`), checked in its use case. The rank
   * matrix test (tests/integration/staff-rank-matrix.test.ts) walks every operation that says so.
   */
  staffTarget?: { readonly in: "path-player" | "body-username" | "path-delivery"; readonly reach: "read" | "act" | "privilege" };
  /** docs/product.md §7: the client reads errors as `error`: every 4xx carries its message under both keys. */
  legacyErrorKey?: true;
  body?: B;
  query?: Q;
  params?: P;
  responses: R;
};

export function defineOperation<
  const A extends AuthMode,
  B extends z.ZodType | RawBodySpec | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  R extends Responses = Responses,
>(op: Operation<B, Q, P, A, R>): Operation<B, Q, P, A, R> {
  // Webhooks and callbacks authenticate by signature or key, never by cookie (docs/architecture.md).
  if (isRawBody(op.body) && op.auth !== "none" && op.auth !== "game")
    throw new Error(`${op.method} ${op.path}: a raw-body operation must use auth "none" or "game"`);
  // A game key is scoped: every game operation names the scope it needs.
  if ((op.auth === "game") !== Boolean(op.scope)) throw new Error(`${op.method} ${op.path}: auth "game" goes with a scope, and only it`);
  if (op.storeSession && op.auth !== "user") throw new Error(`${op.method} ${op.path}: storeSession is for auth "user" only`);
  // The staff rule applies to staff operations, and every operation on one player's record says how.
  const staff = op.auth === "moderator" || op.auth === "administrator" || op.auth === "owner";
  if (op.staffTarget && !staff) throw new Error(`${op.method} ${op.path}: staffTarget is for staff operations only`);
  if (staff && op.path.startsWith("/api/v1/staff/players/{id}") && !op.staffTarget)
    throw new Error(`${op.method} ${op.path}: an operation on a player's record must declare its staffTarget`);
  if (op.staffTarget && !(403 in op.responses)) throw new Error(`${op.method} ${op.path}: an operation under the staff rule must declare its 403`);
  return op;
}

/** What a handler may return as its 200 answer: the declared 200 schema's type, else anything. */
export type SuccessOf<O> = O extends { responses: infer R } ? (R extends { 200: { schema: infer S extends z.ZodType } } ? z.output<S> : unknown) : unknown;

/**
 * How the OpenAPI document shows a schema whose zod form a JSON Schema cannot say: a query or
 * path number arrives as a string and is checked by pattern and range in zod, but a client
 * should read "integer, 1 to 100000", not "any string". lib/schemas/openapi.ts applies these.
 */
export const documentedAs = z.registry<Record<string, unknown>>();

/** Registers `json` as `schema`'s document form and answers the schema. */
export function documentAs<T extends z.ZodType>(schema: T, json: Record<string, unknown>): T {
  documentedAs.add(schema, json);
  return schema;
}

/**
 * Keywords the OpenAPI document adds to a schema's own JSON Schema, for a rule zod checks by a
 * refinement, which no JSON Schema shows (`uniqueItems` beside "each id once", `not: { const: 0 }`
 * beside "not 0"), or that the server checks after the schema (an enum of path values it answers
 * 404 for otherwise). lib/schemas/openapi.ts merges them in; a copy made by `.describe()` or
 * another refinement keeps them.
 */
export const documentedWith = z.registry<Record<string, unknown>>();

/** Registers `keywords` for `schema`'s document form and answers the schema. */
export function documentWith<T extends z.ZodType>(schema: T, keywords: Record<string, unknown>): T {
  documentedWith.add(schema, keywords);
  return schema;
}

/** The document's form of "at least one of these fields": unknown fields are dropped, so only these count. */
export const atLeastOneOf = (fields: readonly string[]) => ({ minProperties: 1, anyOf: fields.map((f) => ({ required: [f] })) });

/** A PATCH body: each field optional, but one must be sent (an empty body is a 400, not a silent no-op). */
export function zPatch<T extends z.ZodObject>(schema: T) {
  const patch = schema.partial().refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Send at least one field to change." });
  return documentWith(patch, atLeastOneOf(Object.keys(schema.shape)));
}

/** The one "missing field" message, server and forms alike. */
export { REQUIRED };

/** A string that must be present and non-empty. */
export const zRequired = () => z.string({ error: REQUIRED }).min(1, REQUIRED);

/** zod issues → `{ field: [messages] }` (each message once); whole-object issues go to `details`. */
export function fieldErrorsFrom(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const list = (fields[issue.path.length ? String(issue.path[0]) : "details"] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return fields;
}

/** DRF-shaped error body (docs/architecture.md). */
export const ZErrorBody = z
  .object({ details: z.string().optional() })
  .catchall(z.array(z.string()))
  .describe("Error: `details` plus a list of messages per invalid field.");

/** A server-side failure: a generic message and the request id to quote (the log has the rest). */
export const ZServerErrorBody = z
  .object({ details: z.string(), request_id: z.string().describe("The X-Request-Id of this request, as logged") })
  .describe("Server-side failure: a generic message and the request id.");

/** The same, with the message again under `error` where the client of docs/product.md §7 reads that key. */
export const ZLegacyErrorBody = z
  .object({ details: z.string(), error: z.string().describe("The same message as `details`, under the key the product contract's client reads") })
  .catchall(z.array(z.string()))
  .describe("Error: `details` (and the same under `error`) plus a list of messages per invalid field.");

// ── lists (docs/product.md §3 "Paged response") ──

export const MAX_PAGE = 100_000;
/** `?page=n` of every list route: a whole number from 1, default 1. */
export const ZPageQuery = z.object({
  page: documentAs(
    z
      .string()
      .regex(/^\d{1,6}$/, "Must be a whole page number from 1.")
      .transform(Number)
      .refine((n) => n >= 1 && n <= MAX_PAGE, "Must be a whole page number from 1."),
    { type: "integer", minimum: 1, maximum: MAX_PAGE },
  )
    .optional()
    .transform((n) => n ?? 1)
    .describe("Page number, from 1"),
});

/** `?amount=n` of the "latest" lists: a whole number from 1 to `max`, `fallback` when absent. */
export function zAmount(max: number, fallback: number) {
  const message = `Must be a whole number from 1 to ${max}.`;
  return documentAs(
    z
      .string()
      .regex(/^\d{1,3}$/, message)
      .transform(Number)
      .refine((n) => n >= 1 && n <= max, message),
    { type: "integer", minimum: 1, maximum: max },
  )
    .optional()
    .transform((n) => n ?? fallback)
    .describe(`How many, 1–${max} (default ${fallback})`);
}

/** `{ results, previous, next }`: the links are absolute URLs of the neighbouring pages, or null. */
export function zPaged<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    previous: z.string().nullable().describe("Absolute URL of the previous page, or null"),
    next: z.string().nullable().describe("Absolute URL of the next page, or null"),
  });
}
export type TPaged<T> = { results: T[]; previous: string | null; next: string | null };
