import { z } from "zod";
import type { Operation } from "./api";
import { isRawBody, ZErrorBody } from "./api";
import { operations } from "./operations";

// The OpenAPI 3.1 document, generated from the same zod objects the routes validate with.

type JsonSchema = Record<string, unknown>;

function schemaOf(s: z.ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

function parametersOf(op: Operation): JsonSchema[] {
  const out: JsonSchema[] = [];
  const add = (where: "query" | "path", s: z.ZodType | undefined) => {
    if (!s) return;
    const js = schemaOf(s, "input") as { properties?: Record<string, JsonSchema>; required?: string[] };
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
  if (isRawBody(op.body)) return { required: true, description: op.body.description, content: { [op.body.contentType]: { schema: { type: "string" } } } };
  return { required: true, content: { "application/json": { schema: schemaOf(op.body, "input") } } };
}

export function buildOpenApi(opts: { title: string; serverUrl: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const op of operations) {
    const responses: Record<string, JsonSchema> = {};
    for (const [code, r] of Object.entries(op.responses)) {
      responses[code] = r.schema ? { description: r.description, content: { "application/json": { schema: schemaOf(r.schema, "output") } } } : { description: r.description };
    }
    if (op.body || op.query || op.params) responses["400"] ??= { description: "Invalid input: messages per field", content: { "application/json": { schema: schemaOf(ZErrorBody, "output") } } };
    if (op.body && !isRawBody(op.body)) responses["415"] ??= { description: "Body not sent as application/json" };
    if (op.auth !== "none" && op.auth !== "optional") responses["401"] ??= { description: "Not authenticated" };
    if (op.auth === "moderator" || op.auth === "administrator" || op.auth === "owner") responses["403"] ??= { description: `Staff only: ${op.auth} or above` };
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
    info: { title: `${opts.title} API`, version: "1.0.0", description:
        "JSON API of the website, the game bridge and provider callbacks. Errors are `{ details, <field>: [messages] }`. Request bodies are `application/json` (415 otherwise); answers are `Cache-Control: no-store` unless stated.",
    },
    servers: [{ url: opts.serverUrl }],
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "Access token from POST /api/v1/token" },
        session: { type: "apiKey", in: "cookie", name: "session", description: "Browser session cookie (__Host-session in production)" },
        gameKey: { type: "apiKey", in: "header", name: "X-Api-Key", description: "Game server API key (gsk_…), made with `npm run admin -- game-key create <name> <scopes>`" },
      },
    },
    paths,
  };
}
