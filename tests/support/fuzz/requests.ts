// Whole requests for one OpenAPI operation: path and query parameters and a body, either all
// schema-valid (what the document promises to handle) or one of them made hostile.
import fc from "fast-check";
import { arbitraryFor, type Hint } from "./arbitrary";
import { DEEP, deepArrayText, deepObjectText, hostileParamFor, hostileValueFor, RawJson, toJsonText, UNKNOWN_FIELDS } from "./hostile";
import type { JsonSchema } from "./json-schema";

export type DocParameter = { name: string; in: "path" | "query" | "header" | "cookie"; required?: boolean; schema: JsonSchema };
export type DocResponse = {
  description: string;
  content?: Record<string, { schema: JsonSchema }>;
  headers?: Record<string, { description?: string; schema?: JsonSchema }>;
};
export type DocOperation = {
  operationId: string;
  parameters?: DocParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, DocResponse>;
  security?: Array<Record<string, string[]>>;
};
export type OpenApiDoc = { paths: Record<string, Record<string, DocOperation>> };

/** What goes on the wire: body text is sent as is (so it can be anything, even invalid JSON). */
export type FuzzBody = { kind: "none" } | { kind: "text"; text: string; contentType: string };

export type FuzzRequest = {
  /** Generated from the document's schemas alone: must not 5xx, and a refusal must be declared. */
  valid: boolean;
  /** What was done to it, for the report: "valid", "body.title ← control character", … */
  label: string;
  params: Record<string, string>;
  query: Array<[string, string]>;
  /** The JSON value the body text was made from (before RawJson literals), for the report and checks. */
  bodyValue?: unknown;
  body: FuzzBody;
  headers: Record<string, string>;
};

export type RequestShape = {
  method: string;
  doc: DocOperation;
  /** The body is read as exact bytes (webhooks, vote callbacks), whatever its declared schema. */
  rawBody: boolean;
};

const asParam = (v: unknown): string => (typeof v === "string" ? v : JSON.stringify(v));

/** A raw body's text: an object as a form when the declared type is one, else as a parameter. */
function rawText(v: unknown, contentType: string): string {
  const isForm = contentType.split(";")[0]!.trim().toLowerCase() === "application/x-www-form-urlencoded";
  if (isForm && v && typeof v === "object" && !Array.isArray(v)) return new URLSearchParams(Object.entries(v).map(([k, x]) => [k, asParam(x)])).toString();
  return asParam(v);
}

const pathParams = (doc: DocOperation) => (doc.parameters ?? []).filter((p) => p.in === "path");
const queryParams = (doc: DocOperation) => (doc.parameters ?? []).filter((p) => p.in === "query");
const bodyOf = (doc: DocOperation) => {
  const entry = Object.entries(doc.requestBody?.content ?? {})[0];
  return entry ? { contentType: entry[0], schema: entry[1].schema } : undefined;
};

/** Schema-valid requests for the operation, with `hint` steering chosen fields to real rows. */
export function validRequests(shape: RequestShape, hint?: Hint): fc.Arbitrary<FuzzRequest> {
  const opts = { hint };
  const params = fc.record(Object.fromEntries(pathParams(shape.doc).map((p) => [p.name, arbitraryFor(p.schema, opts, ["path", p.name]).map(asParam)])));
  const query = fc
    .tuple(
      ...queryParams(shape.doc).map((p) => {
        const value = arbitraryFor(p.schema, opts, ["query", p.name]).map((v): [string, string] => [p.name, asParam(v)]);
        return p.required ? value.map((v) => [v]) : fc.option(value, { nil: undefined }).map((v) => (v ? [v] : []));
      }),
    )
    .map((lists) => lists.flat());
  const declared = bodyOf(shape.doc);
  const body: fc.Arbitrary<{ value?: unknown; body: FuzzBody }> = !declared
    ? fc.constant({ body: { kind: "none" } })
    : shape.rawBody
      ? // Raw bodies are bytes to the server: a generated value, written in the declared type.
        arbitraryFor(declared.schema, { ...opts, maxStringLength: 200 }, ["body"]).map((v) => ({
          value: v,
          body: { kind: "text", text: rawText(v, declared.contentType), contentType: declared.contentType },
        }))
      : arbitraryFor(declared.schema, opts, ["body"]).map((v) => ({
          value: v,
          body: { kind: "text", text: toJsonText(v), contentType: declared.contentType },
        }));
  return fc
    .record({ params, query, body })
    .map(({ params: p, query: q, body: b }) => ({ valid: true, label: "valid", params: p, query: q, bodyValue: b.value, body: b.body, headers: {} }));
}

type Mutation = (r: FuzzRequest) => FuzzRequest;
const named = (label: string, f: Mutation): { label: string; apply: Mutation } => ({ label, apply: f });

function jsonBody(value: unknown, contentType = "application/json"): FuzzBody {
  return { kind: "text", text: toJsonText(value), contentType };
}

/** Hostile requests: a schema-valid one with one thing broken. */
export function hostileRequests(shape: RequestShape, hint?: Hint): fc.Arbitrary<FuzzRequest> {
  const { doc, method } = shape;
  const declared = bodyOf(doc);
  const jsonObjectBody = declared && !shape.rawBody && declared.schema.type === "object";
  const mutations: Array<fc.Arbitrary<{ label: string; apply: Mutation }>> = [];

  // One path or query parameter made hostile, or a required one left out.
  for (const p of [...pathParams(doc), ...queryParams(doc)]) {
    mutations.push(
      hostileParamFor(p.schema).map((v) =>
        named(`${p.in}.${p.name} ← ${preview(v, 40)}`, (r) =>
          p.in === "path" ? { ...r, params: { ...r.params, [p.name]: v } } : { ...r, query: [...r.query.filter(([k]) => k !== p.name), [p.name, v]] },
        ),
      ),
    );
    if (p.in === "query") {
      mutations.push(fc.constant(named(`query.${p.name} left out`, (r) => ({ ...r, query: r.query.filter(([k]) => k !== p.name) }))));
      mutations.push(fc.constant(named(`query.${p.name} repeated`, (r) => ({ ...r, query: [...r.query, [p.name, "1"], [p.name, "2"]] }))));
    }
  }
  // Query parameters nobody declared.
  mutations.push(
    fc
      .constantFrom<Array<[string, string]>>(
        [["__proto__", "x"]],
        [["page", "-1"]],
        [
          ["debug", "1"],
          ["admin", "true"],
        ],
        [["x\u0000", "\u0000"]],
      )
      .map((extra) => named(`unknown query ${preview(extra, 40)}`, (r) => ({ ...r, query: [...r.query, ...extra] }))),
  );

  if (declared && jsonObjectBody) {
    const props = Object.entries(declared.schema.properties ?? {});
    for (const [name, schema] of props) {
      mutations.push(hostileValueFor(schema).map((v) => named(`body.${name} ← ${preview(v, 40)}`, (r) => withBodyField(r, name, v))));
    }
    for (const name of declared.schema.required ?? []) mutations.push(fc.constant(named(`body.${name} left out`, (r) => withoutBodyField(r, name))));
    // Somewhere deeper: an item of an array or a value of a nested object made hostile.
    mutations.push(
      fc.tuple(fc.nat(), hostileValueFor({})).map(([pick, v]) =>
        named(`a nested value ← ${preview(v, 40)}`, (r) => {
          const spots = nestedSpots(r.bodyValue);
          if (!spots.length) return withBodyField(r, "nested", { deeper: [v] });
          const [parent, key] = spots[pick % spots.length]!;
          const next = structuredClone(r.bodyValue) as Record<string, unknown>;
          (followPath(next, parent) as Record<string | number, unknown>)[key] = v;
          return { ...r, bodyValue: next, body: jsonBody(next) };
        }),
      ),
    );
    mutations.push(fc.constantFrom(...UNKNOWN_FIELDS).map((extra) => named(`unknown body fields ${preview(extra, 50)}`, (r) => withBodyFields(r, extra))));
  }
  if (declared && !shape.rawBody) {
    // The body as a whole: the wrong JSON type, broken or hostile JSON, or none at all.
    mutations.push(
      fc
        .constantFrom<[string, FuzzBody | null]>(
          ["no body", null],
          ["empty body", { kind: "text", text: "", contentType: "application/json" }],
          ["body: JSON null", jsonBody(null)],
          ["body: a JSON array", jsonBody([{ a: 1 }])],
          ["body: a JSON string", jsonBody("just a string")],
          ["body: a JSON number", jsonBody(42)],
          ["body: invalid JSON", { kind: "text", text: '{"a": ', contentType: "application/json" }],
          ["body: trailing garbage", { kind: "text", text: "{} {}", contentType: "application/json" }],
          ["body: duplicate keys", { kind: "text", text: '{"a":1,"a":2}', contentType: "application/json" }],
          [`body: arrays nested ${DEEP} deep`, { kind: "text", text: deepArrayText(DEEP), contentType: "application/json" }],
          [`body: objects nested ${DEEP} deep`, { kind: "text", text: deepObjectText(DEEP), contentType: "application/json" }],
          ["body: text/plain", { kind: "text", text: "{}", contentType: "text/plain" }],
          ["body: form-encoded", { kind: "text", text: "a=1&b=2", contentType: "application/x-www-form-urlencoded" }],
          ["body: over 1 MB", { kind: "text", text: `{"x":"${"a".repeat(1_050_000)}"}`, contentType: "application/json" }],
          ["body: a byte-order mark first", { kind: "text", text: "\ufeff{}", contentType: "application/json" }],
        )
        .map(([label, body]) => named(label, (r) => ({ ...r, bodyValue: undefined, body: body ?? { kind: "none" } }))),
    );
    if (jsonObjectBody)
      mutations.push(
        fc.constantFrom(...Object.keys(declared.schema.properties ?? { a: {} })).map((name) =>
          named(`body.${name} nested ${DEEP} deep (raw)`, (r) => ({
            ...r,
            bodyValue: undefined,
            body: { kind: "text", text: `{${JSON.stringify(name)}:${deepArrayText(DEEP)}}`, contentType: "application/json" },
          })),
        ),
      );
  }
  if (shape.rawBody) {
    // Raw bodies: anything at all, including what JSON parsers choke on.
    mutations.push(
      fc
        .constantFrom<[string, string | null, string | null]>(
          ["no body", null, null],
          ["body: invalid JSON", "{", "application/json"],
          ["body: deep nesting", deepArrayText(DEEP), "application/json"],
          ["body: control characters", "a=\u0000&b=\u0001\ud800", "application/x-www-form-urlencoded"],
          ["body: JSON with control characters", '{"a":"\\u0000\\ud800"}', "application/json"],
          ["body: over 1 MB", "a".repeat(1_050_000), "text/plain"],
          ["body: form, repeated keys", "a=1&a=2&a=3", "application/x-www-form-urlencoded"],
          ["body: no content type given (sent as text/plain)", "{}", null],
        )
        .map(([label, text, type]) =>
          named(label, (r) => ({ ...r, bodyValue: undefined, body: text === null ? { kind: "none" } : { kind: "text", text, contentType: type ?? "" } })),
        ),
    );
  }
  if (!declared && method !== "GET") {
    // A body nobody asked for: ignored, or refused for its type.
    mutations.push(
      fc
        .constantFrom<[string, FuzzBody]>(
          ["unexpected JSON body", jsonBody({ privilege: "OWNER" })],
          ["unexpected text/plain body", { kind: "text", text: "hi", contentType: "text/plain" }],
        )
        .map(([label, body]) => named(label, (r) => ({ ...r, body }))),
    );
  }
  // Headers: an unsafe request id, credentials that are garbage, a request from another site.
  mutations.push(
    fc
      .constantFrom<[string, Record<string, string>]>(
        ["x-request-id with spaces and a header", { "x-request-id": "abc Set-Cookie: x=1" }],
        ["bogus bearer token", { authorization: "Bearer not.a.jwt" }],
        ["bearer, empty", { authorization: "Bearer " }],
        ["bogus session cookie", { cookie: "session=AAAA" }],
        ["overlong session cookie", { cookie: `session=${"A".repeat(4_000)}` }],
        ["cross-site browser request (CSRF)", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }],
      )
      .map(([label, headers]) => named(label, (r) => ({ ...r, headers: { ...r.headers, ...headers } }))),
  );

  return fc.tuple(validRequests(shape, hint), fc.oneof(...mutations)).map(([r, m]) => ({ ...m.apply(r), valid: false, label: m.label }));
}

/** [path of the container, key] of every value below the top level of a JSON value. */
function nestedSpots(value: unknown, path: Array<string | number> = [], out: Array<[Array<string | number>, string | number]> = []) {
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      const key = Array.isArray(value) ? Number(k) : k;
      if (path.length) out.push([path, key]);
      nestedSpots(v, [...path, key], out);
    }
  }
  return out;
}
const followPath = (value: unknown, path: Array<string | number>) => path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);

function objectOf(r: FuzzRequest): Record<string, unknown> {
  return r.bodyValue && typeof r.bodyValue === "object" && !Array.isArray(r.bodyValue) ? { ...(r.bodyValue as Record<string, unknown>) } : {};
}

function withBodyFields(r: FuzzRequest, extra: Record<string, unknown>): FuzzRequest {
  // Object.assign would run a __proto__ setter; copy as own properties instead.
  const next = objectOf(r);
  for (const k of Object.keys(extra)) Object.defineProperty(next, k, { value: extra[k], enumerable: true, writable: true, configurable: true });
  return { ...r, bodyValue: next, body: jsonBody(next, r.body.kind === "text" ? r.body.contentType : "application/json") };
}
const withBodyField = (r: FuzzRequest, name: string, value: unknown) => withBodyFields(r, { [name]: value });
function withoutBodyField(r: FuzzRequest, name: string): FuzzRequest {
  const next = objectOf(r);
  delete next[name];
  return { ...r, bodyValue: next, body: jsonBody(next) };
}

/** Short printable form of any value: long strings and deep nesting summarised, controls escaped. */
export function preview(value: unknown, max = 300): string {
  const depthOf = (v: unknown) => {
    let depth = 0;
    for (; Array.isArray(v) && v.length === 1; v = v[0]) depth++;
    return depth;
  };
  if (depthOf(value) > 50) return `<array nested ${depthOf(value)} deep>`;
  let text: string;
  try {
    text =
      JSON.stringify(value, (_k, v: unknown) => {
        if (v instanceof RawJson) return `<raw ${v.text.length > 40 ? `${v.text.slice(0, 12)}…${v.text.length} chars` : v.text}>`;
        if (typeof v === "string" && v.length > 60) return `${v.slice(0, 24)}…<${v.length} chars>`;
        if (depthOf(v) > 50) return `<array nested ${depthOf(v)} deep>`;
        if (v && typeof v === "object" && !Array.isArray(v) && Object.keys(v).length > 20) return `<object with ${Object.keys(v).length} keys>`;
        return v;
      }) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
