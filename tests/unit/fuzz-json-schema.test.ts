// The API fuzz suite's own parts (tests/support/fuzz): the JSON Schema validator, the schema →
// fast-check converter, the hostile values and the request builders. If these are wrong, the
// fuzz suite's verdicts are too.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildOpenApi } from "@/lib/schemas/openapi";
import { arbitraryFor } from "../support/fuzz/arbitrary";
import { deepArrayText, EDGE_NUMBERS, pastLimitsFor, RawJson, toJsonText, wrongTypeFor } from "../support/fuzz/hostile";
import { assertSupported, type JsonSchema, validate } from "../support/fuzz/json-schema";
import { hostileRequests, type OpenApiDoc, preview, validRequests } from "../support/fuzz/requests";

const SCHEMAS: Record<string, JsonSchema> = {
  "bounded string": { type: "string", minLength: 3, maxLength: 12 },
  "string with a pattern": { type: "string", pattern: "^\\d{1,6}$", maxLength: 6 },
  "ipv4 or ipv6": {
    anyOf: [
      { type: "string", format: "ipv4" },
      { type: "string", format: "ipv6" },
    ],
  },
  "integer in a range": { type: "integer", minimum: -5, maximum: 7 },
  "integer with exclusive bounds": { type: "integer", exclusiveMinimum: 0, exclusiveMaximum: 3 },
  "a positive id": { type: "integer", minimum: 1, maximum: 2_147_483_647 },
  "number in a range": { type: "number", minimum: 0.5, maximum: 2.5 },
  "number or string": { type: ["number", "string"] },
  enum: { type: "string", enum: ["a", "b", "c"] },
  const: { const: "fixed" },
  "nullable enum": { anyOf: [{ type: "string", enum: ["LOW", "HIGH"] }, { type: "null" }] },
  "oneOf with overlap": {
    oneOf: [
      { type: "integer", minimum: 0, maximum: 10 },
      { type: "integer", minimum: 5, maximum: 20 },
    ],
  },
  "array with bounds": { type: "array", items: { type: "integer", minimum: 0, maximum: 9 }, minItems: 2, maxItems: 3 },
  "closed object": {
    type: "object",
    properties: { a: { type: "string", maxLength: 4 }, b: { type: "boolean" }, c: { type: "array", items: { type: "null" } } },
    required: ["a"],
    additionalProperties: false,
  },
  "map of message lists": { type: "object", properties: { details: { type: "string" } }, additionalProperties: { type: "array", items: { type: "string" } } },
  "map with key names": {
    type: "object",
    propertyNames: { type: "string", enum: ["x", "y"] },
    additionalProperties: { type: "integer", minimum: 0, maximum: 5 },
  },
  anything: {},
  "integer but not 0": { type: "integer", minimum: -3, maximum: 3, not: { const: 0 } },
  "a day": { type: "string", format: "date", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
  "ids without repeats": { type: "array", items: { type: "integer", minimum: 1, maximum: 4 }, minItems: 1, maxItems: 4, uniqueItems: true },
  "a patch of at least one field": {
    type: "object",
    properties: { a: { type: "string" }, b: { type: "boolean" } },
    minProperties: 1,
    anyOf: [{ required: ["a"] }, { required: ["b"] }],
  },
  "a reason when hidden": {
    type: "object",
    properties: { hidden: { type: "boolean" }, reason: { type: "string", minLength: 1 } },
    required: ["hidden"],
    if: { properties: { hidden: { const: true } }, required: ["hidden"] },
    then: { required: ["reason"] },
  },
  // How zod writes a recursive type (a JSON value): a local $ref into the root's $defs.
  "recursive JSON value": {
    type: "object",
    properties: { payload: { $ref: "#/$defs/json" } },
    required: ["payload"],
    $defs: {
      json: {
        anyOf: [
          { type: "string" },
          { type: "number" },
          { type: "boolean" },
          { type: "null" },
          { type: "array", items: { $ref: "#/$defs/json" } },
          { type: "object", propertyNames: { type: "string" }, additionalProperties: { $ref: "#/$defs/json" } },
        ],
      },
    },
  },
};

/**
 * The time limit of a test that walks every schema of the API document (over 200, five samples
 * each) or builds hundreds of hostile requests: 0.6-2.9 s on the shared two-core machine (2.9 s
 * beside a CPU burner), too close to the 5 s default. The work grows with the API, so the
 * limit is set for it rather than left to the default.
 */
const DOCUMENT_WALK = { timeout: 30_000 };

describe("validate", () => {
  const cases: Array<[string, JsonSchema, unknown]> = [
    ["a wrong type", { type: "string" }, 1],
    ["a fraction for an integer", { type: "integer" }, 1.5],
    ["NaN for a number", { type: "number" }, NaN],
    ["too short", { type: "string", minLength: 2 }, "a"],
    ["too long (code points)", { type: "string", maxLength: 2 }, "abc"],
    ["a pattern miss", { type: "string", pattern: "^a+$" }, "ab"],
    ["a bad ipv4", { type: "string", format: "ipv4" }, "300.1.1.1"],
    ["below the minimum", { type: "integer", minimum: 1 }, 0],
    ["above the maximum", { type: "integer", maximum: 1 }, 2],
    ["at an exclusive bound", { type: "integer", exclusiveMinimum: 1 }, 1],
    ["not in the enum", { enum: ["a"] }, "b"],
    ["not the constant", { const: 1 }, 2],
    ["no anyOf match", { anyOf: [{ type: "string" }, { type: "null" }] }, 1],
    ["two oneOf matches", { oneOf: [{ type: "integer" }, { type: "number" }] }, 1],
    ["too few items", { type: "array", minItems: 1 }, []],
    ["too many items", { type: "array", maxItems: 1 }, [1, 2]],
    ["a bad item", { type: "array", items: { type: "string" } }, ["a", 1]],
    ["a missing property", { type: "object", required: ["a"] }, {}],
    ["an unexpected property", { type: "object", properties: {}, additionalProperties: false }, { x: 1 }],
    ["a bad extra property", { type: "object", additionalProperties: { type: "string" } }, { x: 1 }],
    ["a bad key", { type: "object", propertyNames: { enum: ["a"] } }, { b: 1 }],
    ["a bad nested value", { type: "object", properties: { a: { type: "object", properties: { b: { type: "integer" } } } } }, { a: { b: "1" } }],
    ["a value under not", { type: "integer", not: { const: 0 } }, 0],
    ["a bad date", { type: "string", format: "date" }, "2025-02-29"],
    ["an item twice", { type: "array", uniqueItems: true }, [1, { a: 1 }, { a: 1 }]],
    ["too few properties", { type: "object", minProperties: 1 }, {}],
    ["too many properties", { type: "object", maxProperties: 1 }, { a: 1, b: 2 }],
    ["a miss of then", { type: "object", if: { properties: { a: { const: true } }, required: ["a"] }, then: { required: ["b"] } }, { a: true }],
    ["a miss of else", { type: "object", if: { properties: { a: { const: true } }, required: ["a"] }, else: { required: ["c"] } }, { a: false }],
    [
      "a bad value deep in a recursive type",
      { $ref: "#/$defs/list", $defs: { list: { type: "array", items: { anyOf: [{ type: "integer" }, { $ref: "#/$defs/list" }] } } } },
      [1, [2, [3, ["x"]]]],
    ],
  ];
  it.each(cases)("finds %s", (_name, schema, value) => {
    expect(validate(schema, value).length).toBeGreaterThan(0);
  });

  it("passes conforming values and names the place of an error", () => {
    expect(validate({ type: "object", properties: { a: { type: ["integer", "null"] } }, required: ["a"] }, { a: null })).toEqual([]);
    expect(validate({ type: "string", maxLength: 1 }, "😀")).toEqual([]);
    // The twins of the keywords above: each passes what it should.
    expect(validate({ type: "integer", not: { const: 0 } }, -1)).toEqual([]);
    expect(validate({ type: "string", format: "date" }, "2024-02-29")).toEqual([]);
    expect(validate({ type: "array", uniqueItems: true }, [1, "1", { a: 1 }, { a: 2 }])).toEqual([]);
    const ifThen: JsonSchema = { type: "object", if: { properties: { a: { const: true } }, required: ["a"] }, then: { required: ["b"] } };
    expect([validate(ifThen, { a: true, b: 1 }), validate(ifThen, { a: false }), validate(ifThen, {})]).toEqual([[], [], []]);
    expect(validate({ type: "object", properties: { list: { type: "array", items: { type: "integer" } } } }, { list: [1, "x"] })).toEqual([
      "$.list[1]: expected integer, got string",
    ]);
  });

  it("refuses a schema with a keyword it does not implement", () => {
    expect(() => assertSupported({ allOf: [] } as JsonSchema)).toThrow(/allOf/);
    expect(() => assertSupported({ type: "object", properties: { a: { $ref: "#/x" } } })).toThrow(/\$ref "#\/x"/);
    expect(() => assertSupported({ type: "object", properties: { a: { $ref: "#/$defs/missing" } } })).toThrow(/missing/);
  });
});

describe("arbitraryFor", () => {
  it.each(Object.entries(SCHEMAS))("makes only values that conform: %s", (_name, schema) => {
    for (const v of fc.sample(arbitraryFor(schema), { seed: 42, numRuns: 200 })) expect(validate(schema, v), JSON.stringify(v)).toEqual([]);
  });

  it("reaches the limits and the optional fields, not only the middle", () => {
    const strings = fc.sample(arbitraryFor({ type: "string", minLength: 1, maxLength: 30 }), { seed: 7, numRuns: 300 }) as string[];
    expect(strings.some((s) => s.length === 30)).toBe(true);
    expect(strings.some((s) => s.length === 1)).toBe(true);
    const ints = fc.sample(arbitraryFor({ type: "integer", minimum: 1, maximum: 2_147_483_647 }), { seed: 7, numRuns: 300 }) as number[];
    expect(ints).toContain(2_147_483_647);
    expect(ints).toContain(1);
    const objects = fc.sample(arbitraryFor(SCHEMAS["closed object"]!), { seed: 7, numRuns: 100 }) as Array<Record<string, unknown>>;
    expect(objects.some((o) => "b" in o)).toBe(true);
    expect(objects.some((o) => !("b" in o))).toBe(true);
  });

  it("lets a hint choose the value of a field", () => {
    const schema: JsonSchema = { type: "object", properties: { id: { type: "integer" }, name: { type: "string" } }, required: ["id", "name"] };
    const hint = (_s: JsonSchema, path: readonly (string | number)[]) => (path.at(-1) === "id" ? fc.constant(77) : undefined);
    for (const v of fc.sample(arbitraryFor(schema, { hint }), { seed: 1, numRuns: 20 })) expect((v as { id: number }).id).toBe(77);
  });

  it("is repeatable from a seed", () => {
    const arb = arbitraryFor(SCHEMAS["closed object"]!);
    expect(fc.sample(arb, { seed: 99, numRuns: 20 })).toEqual(fc.sample(arb, { seed: 99, numRuns: 20 }));
  });

  it("handles every schema of the API document, and what it makes conforms", DOCUMENT_WALK, () => {
    const doc = buildOpenApi({ title: "t", serverUrl: "http://localhost" }) as unknown as OpenApiDoc;
    let schemas = 0;
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods)) {
        const all = [
          ...(op.parameters ?? []).map((p) => p.schema),
          ...Object.values(op.requestBody?.content ?? {}).map((c) => c.schema),
          ...Object.values(op.responses).flatMap((r) => Object.values(r.content ?? {}).map((c) => c.schema)),
        ];
        for (const schema of all) {
          schemas += 1;
          for (const v of fc.sample(arbitraryFor(schema), { seed: 3, numRuns: 5 })) expect(validate(schema, v), `${method} ${path}: ${preview(v)}`).toEqual([]);
        }
      }
    expect(schemas).toBeGreaterThan(200);
  });

  it("finds the document's answer schemas strict enough to catch a wrong body", DOCUMENT_WALK, () => {
    // Not a vacuous check: a body missing the declared fields, or with one too many, fails.
    const doc = buildOpenApi({ title: "t", serverUrl: "http://localhost" }) as unknown as OpenApiDoc;
    let strict = 0;
    for (const methods of Object.values(doc.paths))
      for (const op of Object.values(methods))
        for (const r of Object.values(op.responses)) {
          const schema = r.content?.["application/json"]?.schema;
          if (!schema?.required?.length) continue;
          expect(validate(schema, {})).not.toEqual([]);
          if (schema.additionalProperties === false)
            expect(validate(schema, { ...(fc.sample(arbitraryFor(schema), { seed: 1, numRuns: 1 })[0] as object), unexpected: 1 })).not.toEqual([]);
          strict += 1;
        }
    expect(strict).toBeGreaterThan(50);
  });
});

describe("hostile values", () => {
  it("of the wrong type or past the limits break the schema they are made for", () => {
    // Each distinct value once: both generators draw from short fixed lists, and one entry is a
    // 200,000-item array that cost ~80 ms to validate and preview each of the ~10 times a 30-run
    // sample drew it (2 s on an idle machine, past the 5 s limit on a loaded one).
    for (const schema of [
      SCHEMAS["bounded string"]!,
      SCHEMAS["a positive id"]!,
      SCHEMAS.enum!,
      SCHEMAS["array with bounds"]!,
      SCHEMAS["string with a pattern"]!,
    ]) {
      const values = new Set([...fc.sample(wrongTypeFor(schema), { seed: 5, numRuns: 30 }), ...fc.sample(pastLimitsFor(schema), { seed: 5, numRuns: 30 })]);
      for (const v of values) expect(validate(schema, v), preview(v)).not.toEqual([]);
    }
    expect(EDGE_NUMBERS.filter((n) => validate(SCHEMAS["a positive id"]!, n).length === 0)).toEqual([2_147_483_647]);
  });

  it("write literals JSON.stringify cannot, and nesting deeper than it could", () => {
    expect(toJsonText({ a: new RawJson("1e400"), b: [new RawJson("NaN")], c: "@@raw-0@@" })).toBe(`{"a":1e400,"b":[NaN],"c":"@@raw-0@@"}`);
    const deep = deepArrayText(5_000);
    expect(deep.length).toBe(10_000);
    expect(() => JSON.parse(deep)).not.toThrow();
    expect(preview({ x: new RawJson(deep) })).toContain("10000 chars");
  });
});

describe("requests", () => {
  const doc: OpenApiDoc = {
    paths: {
      "/things/{id}": {
        post: {
          operationId: "postThing",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "integer", minimum: 1, maximum: 9 } },
            { name: "page", in: "query", required: false, schema: { type: "integer", minimum: 1, maximum: 3 } },
          ],
          requestBody: { content: { "application/json": { schema: SCHEMAS["closed object"]! } } },
          responses: { "200": { description: "ok" } },
        },
      },
    },
  };
  const shape = { method: "POST", doc: doc.paths["/things/{id}"]!.post!, rawBody: false };

  it("valid ones carry schema-valid parameters and body", () => {
    for (const r of fc.sample(validRequests(shape), { seed: 11, numRuns: 50 })) {
      expect(r.valid).toBe(true);
      expect(Number(r.params.id)).toBeGreaterThanOrEqual(1);
      for (const [k, v] of r.query) expect([k, Number(v) >= 1 && Number(v) <= 3]).toEqual(["page", true]);
      expect(r.body.kind).toBe("text");
      if (r.body.kind === "text") expect(validate(SCHEMAS["closed object"]!, JSON.parse(r.body.text))).toEqual([]);
    }
  });

  it("a raw form body is written as a form, from its declared fields", () => {
    const form: JsonSchema = {
      type: "object",
      properties: { token: { type: "string", minLength: 1, maxLength: 8 } },
      required: ["token"],
      additionalProperties: { type: "string", maxLength: 4 },
    };
    const raw = {
      method: "POST",
      rawBody: true,
      doc: { operationId: "cb", requestBody: { content: { "application/x-www-form-urlencoded": { schema: form } } }, responses: {} },
    };
    for (const r of fc.sample(validRequests(raw), { seed: 3, numRuns: 30 })) {
      if (r.body.kind !== "text") throw new Error("no body");
      expect(r.body.contentType).toBe("application/x-www-form-urlencoded");
      expect(Object.fromEntries(new URLSearchParams(r.body.text))).toEqual(r.bodyValue);
    }
  });

  it("hostile ones are labelled and cover parameters, fields, whole bodies and headers", DOCUMENT_WALK, () => {
    const labels = fc.sample(hostileRequests(shape), { seed: 11, numRuns: 400 }).map((r) => (expect(r.valid).toBe(false), r.label));
    for (const wanted of [
      /^path\.id ← /,
      /^query\.page ← /,
      /^body\.a ← /,
      /^body\.a left out$/,
      /^unknown body fields /,
      /^no body$|^body: /,
      /nested 5000 deep/,
      /^a nested value ← /,
      /bearer|cookie|x-request-id/,
    ])
      expect(
        labels.some((l) => wanted.test(l)),
        String(wanted),
      ).toBe(true);
  });
});
