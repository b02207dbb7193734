import { z } from "zod";
import type { Operation } from "./api";
import { documentedAs, documentedWith, isRawBody, ZErrorBody, ZLegacyErrorBody, ZServerErrorBody } from "./api";
import { ID_MESSAGE, idFields, MAX_ID } from "./ids";
import { operations } from "./operations";
import { ALLOWED_TEXT_PATTERN } from "./text-rule";

// The OpenAPI 3.1 document, generated from the same zod objects the routes validate with.

type JsonSchema = Record<string, unknown>;

/**
 * Where the zod form says less than the server checks (ids and numbers that arrive as strings),
 * the document says what the server accepts: an id is an integer from 1 to 2^31-1, a page an
 * integer from 1 (lib/schemas/api.ts `documentAs`). The description is kept.
 */
const override: NonNullable<Parameters<typeof z.toJSONSchema>[1]>["override"] = (ctx) => {
  const schema = ctx.zodSchema as unknown as z.ZodType;
  const json = ctx.jsonSchema as JsonSchema;
  // A rule zod checks by refinement, which no JSON Schema shows: its keywords (api.ts `documentWith`).
  const keywords = documentedWith.get(schema);
  if (keywords) Object.assign(json, keywords);
  const replacement = idFields.has(schema) ? { type: "integer", minimum: 1, maximum: MAX_ID } : documentedAs.get(schema);
  if (!replacement) return;
  const description = json.description ?? (idFields.has(schema) ? ID_MESSAGE : undefined);
  for (const key of Object.keys(json)) delete json[key];
  Object.assign(json, replacement, description ? { description } : {});
};

function schemaOf(s: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io, unrepresentable: "any", override }) as JsonSchema;
  return rest;
}

/** Schemas of the same value (alternatives, branches) and of a part of it (not `not`, `if`: conditions). */
const SAME_VALUE = ["anyOf", "oneOf", "allOf"] as const;
const BRANCHES = ["then", "else"] as const;
const PARTS = ["items", "additionalProperties"] as const;

/**
 * The text rule (lib/schemas/text-rule.ts), which the server applies to every string of an input
 * before its schema (lib/schemas/check-input.ts), said in the document: each string gets the
 * rule's pattern unless a pattern, an enum or a constant of its own already leaves the refused
 * characters out (tests/unit/openapi-rules.test.ts), and so do the keys of nested objects. The
 * keys of the input itself are left free: an unknown field is dropped, whatever its name.
 */
function withTextRule(node: JsonSchema, nested = false): JsonSchema {
  const types = [node.type ?? []].flat();
  if (types.includes("string") && node.pattern === undefined && node.enum === undefined && node.const === undefined) node.pattern = ALLOWED_TEXT_PATTERN;
  if (nested && types.includes("object") && node.propertyNames === undefined) node.propertyNames = { type: "string", pattern: ALLOWED_TEXT_PATTERN };
  for (const key of SAME_VALUE) for (const sub of (node[key] as JsonSchema[] | undefined) ?? []) withTextRule(sub, nested);
  for (const key of BRANCHES) if (node[key]) withTextRule(node[key] as JsonSchema, nested);
  for (const key of PARTS) if (node[key] && typeof node[key] === "object") withTextRule(node[key] as JsonSchema, true);
  for (const sub of Object.values((node.properties as Record<string, JsonSchema> | undefined) ?? {})) withTextRule(sub, true);
  for (const sub of Object.values((node.$defs as Record<string, JsonSchema> | undefined) ?? {})) withTextRule(sub, true);
  return node;
}

/** What a client sends as JSON, a query or path parameters: checked by checkInput, so under the text rule. */
const inputSchemaOf = (s: z.ZodType) => withTextRule(schemaOf(s, "input"));

function parametersOf(op: Operation): JsonSchema[] {
  const out: JsonSchema[] = [];
  const add = (where: "query" | "path", s: z.ZodType | undefined) => {
    if (!s) return;
    const js = inputSchemaOf(s) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(js.properties ?? {})) {
      out.push({ name, in: where, required: where === "path" || (js.required ?? []).includes(name), schema, description: schema.description });
    }
  };
  add("path", op.params);
  add("query", op.query);
  return out;
}

const SIGNED_IN = [{ bearer: [] }, { session: [] }];
const SECURITY: Record<Operation["auth"], JsonSchema[] | undefined> = {
  none: undefined,
  optional: [{}, ...SIGNED_IN],
  user: SIGNED_IN,
  moderator: SIGNED_IN,
  administrator: SIGNED_IN,
  owner: SIGNED_IN,
  game: [{ gameKey: [] }],
};

function requestBodyOf(op: Operation): JsonSchema | undefined {
  if (!op.body) return undefined;
  if (isRawBody(op.body)) {
    // The fields of a form where the operation names them (their values arrive percent-encoded:
    // the text rule, which reads the raw text, cannot refuse them), else the text itself.
    const schema = op.body.schema ? schemaOf(op.body.schema, "input") : withTextRule({ type: "string" });
    return { required: true, description: op.body.description, content: { [op.body.contentType]: { schema } } };
  }
  return { required: true, content: { "application/json": { schema: inputSchemaOf(op.body) } } };
}

/** True when a body or query schema has an id field (zId) at its top level: a lookup can miss. */
function namesARecord(schema: unknown): boolean {
  if (!schema || isRawBody(schema)) return false;
  let s = schema as z.ZodType;
  // Through wrappers (optional, pipes and transforms) to the object, if there is one.
  for (let i = 0; i < 5 && !(s instanceof z.ZodObject); i++) {
    const def = (s as unknown as { _zod: { def: { innerType?: z.ZodType; in?: z.ZodType; schema?: z.ZodType } } })._zod.def;
    const next = def.innerType ?? def.in ?? def.schema;
    if (!next) return false;
    s = next;
  }
  if (!(s instanceof z.ZodObject)) return false;
  return Object.values(s.shape as Record<string, z.ZodType>).some((field) => {
    let f: z.ZodType | undefined = field;
    for (let i = 0; i < 4 && f; i++) {
      if (idFields.has(f)) return true;
      f = (f as unknown as { _zod: { def: { innerType?: z.ZodType } } })._zod.def.innerType;
    }
    return false;
  });
}

const errorContent = (schema: z.ZodType = ZErrorBody) => ({ "application/json": { schema: schemaOf(schema, "output") } });
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every answer the operation can give: its own declarations, plus what the route wrapper and
 * the auth mode add to every operation of its kind (lib/server/http/route.ts): 400 for input,
 * 401/403 from the auth mode and the CSRF rule, 413 and 415 for bodies, 429 with Retry-After
 * for a rate-limited operation, 404 where a path names a record, and 503 with Retry-After on
 * every operation for a database too busy to answer in time (lib/server/http/respond.ts).
 */
export function responsesOf(op: Operation): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {};
  for (const [code, r] of Object.entries(op.responses)) {
    responses[code] = r.schema
      ? { description: r.description, content: { [r.contentType ?? "application/json"]: { schema: schemaOf(r.schema, "output") } } }
      : r.contentType
        ? { description: r.description, content: { [r.contentType]: { schema: { type: "string" } } } }
        : { description: r.description };
  }
  const raw = isRawBody(op.body);
  const errorBody = op.legacyErrorKey ? ZLegacyErrorBody : ZErrorBody;
  const add = (code: number, description: string, extra: JsonSchema = {}) =>
    (responses[String(code)] ??= { description, content: errorContent(errorBody), ...extra });
  if (op.body || op.query || op.params) add(400, "Invalid input: `details` and a list of messages per field");
  if (op.auth !== "none" && op.auth !== "optional") add(401, op.auth === "game" ? "No valid game server key" : "Not signed in");
  const forbidden: string[] = [];
  if (op.auth === "moderator" || op.auth === "administrator" || op.auth === "owner") forbidden.push(`staff only (${op.auth} or above)`);
  if (op.auth === "user" && !op.storeSession) forbidden.push("not with a store session from a ::store link");
  if (op.auth === "game") forbidden.push("the key lacks this operation's scope");
  if (UNSAFE.has(op.method) && !raw) forbidden.push("a cookie-carrying request from another site (CSRF)");
  if (forbidden.length) add(403, `Refused: ${forbidden.join("; ")}`);
  if (op.params || namesARecord(op.body) || namesARecord(op.query)) add(404, "No such record (or not yours)");
  if (op.body) add(413, "Body over the size limit");
  if (UNSAFE.has(op.method) && !raw) add(415, "Body not sent as application/json");
  if (op.rateLimited) {
    add(429, "Rate limited: wait the seconds in Retry-After");
    responses["429"]!.headers = { "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "integer", minimum: 1 } } };
  }
  if (!responses["503"]) {
    responses["503"] = {
      description: "The database was too busy to answer in time; nothing was written: try again after Retry-After",
      content: errorContent(ZServerErrorBody),
    };
    responses["503"]!.headers = { "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "integer", minimum: 1 } } };
  }
  return responses;
}

export function buildOpenApi(opts: { title: string; serverUrl: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) {
    const responses = responsesOf(op);
    (paths[op.path] ??= {})[op.method.toLowerCase()] = {
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [op.tag],
      operationId: `${op.method.toLowerCase()}${op.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
      ...(SECURITY[op.auth] ? { security: SECURITY[op.auth] } : {}),
      ...(parametersOf(op).length ? { parameters: parametersOf(op) } : {}),
      ...(op.body ? { requestBody: requestBodyOf(op) } : {}),
      responses,
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${opts.title} API`,
      version: "1.0.0",
      description:
        "JSON API of the website, the game bridge and provider callbacks. Errors are `{ details, <field>: [messages] }`. Request bodies are `application/json` (415 otherwise); answers are `Cache-Control: no-store` unless stated.",
    },
    servers: [{ url: opts.serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "Access token from POST /api/v1/token" },
        session: { type: "apiKey", in: "cookie", name: "session", description: "Browser session cookie (__Host-session in production)" },
        gameKey: {
          type: "apiKey",
          in: "header",
          name: "X-Api-Key",
          description: "Game server API key (gsk_…), made with `npm run admin -- game-key create <name> <scopes>`",
        },
      },
    },
    paths,
  };
}
