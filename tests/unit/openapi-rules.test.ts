import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Operation } from "@/lib/schemas/api";
import { checkInput } from "@/lib/schemas/check-input";
import { buildOpenApi } from "@/lib/schemas/openapi";
import { operations } from "@/lib/schemas/operations";
import { ALLOWED_TEXT_PATTERN, FORBIDDEN_TEXT_MESSAGE, hasForbiddenText } from "@/lib/schemas/text-rule";
import { type JsonSchema, validate } from "../support/fuzz/json-schema";
import type { OpenApiDoc } from "../support/fuzz/requests";

// The OpenAPI document is as strict as the server: what the server refuses, the document does not
// allow, so a client generated from it (or a fuzzer reading it) cannot send it believing it valid.
// Each rule is checked three ways: the document carries its keyword, a value that breaks it is
// refused both by the document and by the schema the route parses with (checkInput, exactly as
// lib/server/http/route.ts does), and its twin that keeps the rule passes both.

const doc = buildOpenApi({ title: "Test", serverUrl: "http://localhost:3000" }) as unknown as OpenApiDoc;
const opAt = (method: Operation["method"], path: string) => operations.find((o) => o.method === method && o.path === path)!;
const docOf = (op: Operation) => doc.paths[op.path]![op.method.toLowerCase()]!;
const bodyOf = (op: Operation) => Object.values(docOf(op).requestBody!.content)[0]!.schema;
const paramOf = (op: Operation, name: string) => docOf(op).parameters!.find((p) => p.name === name)!.schema;
const parse = (schema: unknown, value: unknown) => checkInput(schema as Parameters<typeof checkInput>[0], value);

/** Every schema a client sends (parameters and bodies), with where it is. */
function inputSchemas(): Array<{ where: string; schema: JsonSchema }> {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, op]) => [
      ...(op.parameters ?? []).map((p) => ({ where: `${method.toUpperCase()} ${path} ${p.in} ${p.name}`, schema: p.schema })),
      ...Object.entries(op.requestBody?.content ?? {}).map(([type, c]) => ({ where: `${method.toUpperCase()} ${path} body (${type})`, schema: c.schema })),
    ]),
  );
}

/** Each node of a schema that describes the value or a part of it (not the conditions under not/if); `nested` below the top. */
function* nodes(schema: JsonSchema, where: string, nested = false): Generator<{ where: string; node: JsonSchema; nested: boolean }> {
  yield { where, node: schema, nested };
  for (const [k, s] of Object.entries(schema.properties ?? {})) yield* nodes(s, `${where}.${k}`, true);
  for (const [i, s] of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].entries()) yield* nodes(s, `${where}|${i}`, nested);
  if (schema.items) yield* nodes(schema.items, `${where}[]`, true);
  if (typeof schema.additionalProperties === "object") yield* nodes(schema.additionalProperties, `${where}{*}`, true);
}

const types = (s: JsonSchema) => [s.type ?? []].flat();

/** The characters the text rule refuses, one of each kind, and the ones beside them that pass. */
const REFUSED = ["\u0000", "\u0008", "\u000b", "\u000c", "\u000e", "\u001f", "\u007f", "\ud800", "\udbff", "\udc00", "\udfff"];
const PASSING = ["a", " ", "\t", "\n", "\r", "\u0080", "é", "😀", "\ufffd", "\uffff"];

describe("the text rule (lib/schemas/text-rule.ts) in the document", () => {
  it("as a pattern refuses exactly what the server's check refuses, read with or without the u flag", () => {
    const plain = new RegExp(ALLOWED_TEXT_PATTERN);
    const unicode = new RegExp(ALLOWED_TEXT_PATTERN, "u");
    const agrees = (s: string) => plain.test(s) === !hasForbiddenText(s) && unicode.test(s) === !hasForbiddenText(s);
    for (const c of REFUSED) expect(agrees(c) && !plain.test(`ok${c}ok`), JSON.stringify(c)).toBe(true);
    for (const c of PASSING) expect(agrees(c) && plain.test(`ok${c}ok`), JSON.stringify(c)).toBe(true);
    // Any UTF-16 text, lone surrogates included, and text dense with the characters at the edges.
    fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 30 }), agrees), { seed: 1, numRuns: 500 });
    fc.assert(fc.property(fc.array(fc.constantFrom(...REFUSED, ...PASSING, "\ud83d", "\ude00")).map((a) => a.join("")), agrees), { seed: 2, numRuns: 500 });
  });

  it("is on every string a client sends and the keys of nested objects, or the string's own pattern or values leave the refused characters out", () => {
    const missing: string[] = [];
    const ownPatterns = new Map<string, string>();
    let withRule = 0;
    // The vote callback's form: its values arrive percent-encoded, past the rule (which reads the raw text).
    for (const { where, schema } of inputSchemas().filter((s) => !s.where.includes("x-www-form-urlencoded")))
      for (const { where: at, node, nested } of nodes(schema, where)) {
        if (nested && types(node).includes("object") && node.propertyNames?.pattern !== ALLOWED_TEXT_PATTERN) missing.push(`${at} (keys)`);
        if (!types(node).includes("string")) continue;
        if (node.enum || node.const !== undefined) {
          for (const v of node.enum ?? [node.const]) expect(hasForbiddenText(String(v)), at).toBe(false);
        } else if (node.pattern === ALLOWED_TEXT_PATTERN) withRule += 1;
        else if (node.pattern !== undefined) ownPatterns.set(node.pattern, at);
        else missing.push(at);
      }
    expect(missing).toEqual([]);
    expect(withRule).toBeGreaterThan(80);
    // A string with a pattern of its own (a date, an address, an order id): no text it allows holds a refused character.
    for (const [pattern, at] of ownPatterns) {
      const re = new RegExp(pattern, "u");
      for (const sample of fc.sample(fc.stringMatching(new RegExp(pattern), { maxLength: 40 }), { seed: 3, numRuns: 20 }))
        for (const c of REFUSED) expect(re.test(sample.slice(0, 1) + c + sample.slice(1)) || re.test(sample + c), `${at}: ${JSON.stringify(sample)} + ${JSON.stringify(c)}`).toBe(false);
    }
  });

  it("covers the operations that take text: the document refuses a refused character where the server does, and passes its twin", () => {
    const operationsWithText = new Set(
      inputSchemas().flatMap(({ where, schema }) => [...nodes(schema, where)].filter(({ node }) => node.pattern === ALLOWED_TEXT_PATTERN).map(() => where.split(" ").slice(0, 2).join(" "))),
    );
    expect(operationsWithText.size).toBeGreaterThanOrEqual(54);

    const ticket = opAt("POST", "/api/v1/tickets");
    const twin = { type: "WEBSITE_SUPPORT", title: "Help\twith this", description: "Line one\r\nline two 😀" };
    const bad = { ...twin, title: "Help\u0000" };
    expect(validate(bodyOf(ticket), twin)).toEqual([]);
    expect(validate(bodyOf(ticket), bad)).not.toEqual([]);
    expect(parse(ticket.body, twin).ok).toBe(true);
    expect(parse(ticket.body, bad)).toMatchObject({ ok: false, fields: { title: [FORBIDDEN_TEXT_MESSAGE] } });
    // An unknown field is dropped whatever its name, so the document leaves the body's own keys free.
    expect([validate(bodyOf(ticket), { ...twin, "x\u0001": 1 }), parse(ticket.body, { ...twin, "x\u0001": 1 }).ok]).toEqual([[], true]);
    // A query value.
    const search = opAt("GET", "/api/v1/forums/search");
    expect([validate(paramOf(search, "q"), "slayer"), validate(paramOf(search, "q"), "sla\u007fyer").length > 0]).toEqual([[], true]);
    expect([parse(search.query, { q: "slayer" }).ok, parse(search.query, { q: "sla\u007fyer" })]).toEqual([true, expect.objectContaining({ ok: false, fields: { q: [FORBIDDEN_TEXT_MESSAGE] } })]);
  });
});
