import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { gameModeOfSegment } from "@/lib/hiscores";
import { OFFICIAL_MODE_SEGMENTS } from "@/lib/hiscores-layout";
import { isImageUrl } from "@/lib/image-url";
import type { Operation } from "@/lib/schemas/api";
import { checkInput } from "@/lib/schemas/check-input";
import { HIDE_POST_NEEDS_REASON, HIDE_THREAD_NEEDS_REASON } from "@/lib/schemas/forums";
import { IMAGE_URL_PATTERN } from "@/lib/schemas/news";
import { buildOpenApi } from "@/lib/schemas/openapi";
import { operations } from "@/lib/schemas/operations";
import { NO_METHOD, NO_PACKAGE } from "@/lib/schemas/payments";
import { IMAGE_HREF_PATTERN, isImageHref } from "@/lib/schemas/staff-store";
import { ALLOWED_TEXT_PATTERN, FORBIDDEN_TEXT_MESSAGE, hasForbiddenText } from "@/lib/schemas/text-rule";
import { TYPE_MESSAGE } from "@/lib/schemas/tickets";
import { siteConfig } from "@/lib/site-config";
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
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...REFUSED, ...PASSING, "\ud83d", "\ude00")).map((a) => a.join("")),
        agrees,
      ),
      { seed: 2, numRuns: 500 },
    );
    // A thousand generated texts: seconds, not milliseconds, on a loaded 2-core machine.
  }, 30_000);

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
      for (const sample of fc.sample(fc.stringMatching(new RegExp(pattern), { maxLength: 128 }), { seed: 3, numRuns: 20 }))
        for (const c of REFUSED)
          expect(re.test(sample.slice(0, 1) + c + sample.slice(1)) || re.test(sample + c), `${at}: ${JSON.stringify(sample)} + ${JSON.stringify(c)}`).toBe(
            false,
          );
    }
  });

  it("covers the operations that take text: the document refuses a refused character where the server does, and passes its twin", () => {
    const operationsWithText = new Set(
      inputSchemas().flatMap(({ where, schema }) =>
        [...nodes(schema, where)].filter(({ node }) => node.pattern === ALLOWED_TEXT_PATTERN).map(() => where.split(" ").slice(0, 2).join(" ")),
      ),
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
    expect([parse(search.query, { q: "slayer" }).ok, parse(search.query, { q: "sla\u007fyer" })]).toEqual([
      true,
      expect.objectContaining({ ok: false, fields: { q: [FORBIDDEN_TEXT_MESSAGE] } }),
    ]);
  });
});

/**
 * One rule: where it is (a body, or a query/path parameter), the keyword the document carries,
 * a value that breaks it with the server's refusal (field → messages), and a twin that keeps it.
 */
type Rule = {
  op: [Operation["method"], string];
  /** The body, or the name of a query or path parameter. */
  in: "body" | { param: string };
  keyword: Record<string, unknown>;
  bad: unknown;
  refusal: Record<string, string[]>;
  good: unknown;
};

const PATCH_ONE_FIELD = "Send at least one field to change.";
const ticket = { type: "WEBSITE_SUPPORT", title: "Help", description: "Please help." };

const RULES: Record<string, Rule> = {
  "a PATCH sends at least one field (store category)": {
    op: ["PATCH", "/api/v1/staff/store/categories/{id}"],
    in: "body",
    keyword: { minProperties: 1, anyOf: [{ required: ["name"] }, { required: ["sortOrder"] }, { required: ["hidden"] }] },
    bad: {},
    refusal: { details: [PATCH_ONE_FIELD] },
    good: { hidden: true },
  },
  "a PATCH's unknown field is no change (forum)": {
    op: ["PATCH", "/api/v1/staff/forums/forums/{id}"],
    in: "body",
    keyword: { minProperties: 1 },
    bad: { colour: "red" },
    refusal: { details: [PATCH_ONE_FIELD] },
    good: { staffOnly: true },
  },
  "a thread PATCH changes something, the reason alone does not": {
    op: ["PATCH", "/api/v1/staff/forums/threads/{id}"],
    in: "body",
    keyword: { minProperties: 1, anyOf: ["pinned", "closed", "hidden", "forum_id", "title"].map((f) => ({ required: [f] })) },
    bad: { reason: "tidy up" },
    refusal: { details: ["Send pinned, closed, hidden, forum_id or title."] },
    good: { pinned: true, reason: "tidy up" },
  },
  "a product image is an http(s) address or a site path": {
    op: ["PATCH", "/api/v1/staff/store/products/{id}"],
    in: "body",
    keyword: { properties: expect.objectContaining({ imageHref: expect.objectContaining({ pattern: IMAGE_HREF_PATTERN }) }) },
    bad: { imageHref: "javascript:alert(1)" },
    refusal: { imageHref: ["Enter an http(s) address or a path on this site starting with /."] },
    good: { imageHref: "https://cdn.example.com/items/whip.png?v=2" },
  },
  "a news image is an http(s) address of a public host or a site image": {
    op: ["POST", "/api/v1/news"],
    in: "body",
    keyword: {
      properties: expect.objectContaining({
        image: expect.objectContaining({ anyOf: expect.arrayContaining([expect.objectContaining({ pattern: IMAGE_URL_PATTERN })]) }),
      }),
    },
    bad: { title: "News", content: "<p>x</p>", image: "data:image/png;base64,AAAA" },
    refusal: { image: ["The image must be an http(s) address of a public host, or an image on this site (a path starting with /images/)."] },
    good: { title: "News", content: "<p>x</p>", image: "/images/news/launch.png" },
  },
  "a credit grant is not 0": {
    op: ["POST", "/api/v1/staff/credits"],
    in: "body",
    keyword: { properties: expect.objectContaining({ amount: expect.objectContaining({ type: "integer", not: { const: 0 } }) }) },
    bad: { username: "zezima", amount: 0, reason: "ticket 12" },
    refusal: { amount: ["Amount must be a whole number from -1,000,000 to 1,000,000, not 0."] },
    good: { username: "zezima", amount: -5, reason: "ticket 12" },
  },
  "an audit day is a real calendar day": {
    op: ["GET", "/api/v1/staff/audit"],
    in: { param: "from" },
    keyword: { type: "string", format: "date", pattern: expect.stringContaining("-02-29") },
    bad: "2025-02-29",
    refusal: { from: ["Enter a date as YYYY-MM-DD."] },
    good: "2024-02-29",
  },
  "a category order names each id once": {
    op: ["PUT", "/api/v1/staff/forums/categories/order"],
    in: "body",
    keyword: { properties: { ids: expect.objectContaining({ type: "array", uniqueItems: true }) } },
    bad: { ids: [3, 1, 3] },
    refusal: { ids: ["Each id may appear only once."] },
    good: { ids: [3, 1, 2] },
  },
  "a forum order names each id once": {
    op: ["PUT", "/api/v1/staff/forums/forums/order"],
    in: "body",
    keyword: { properties: expect.objectContaining({ ids: expect.objectContaining({ uniqueItems: true }) }) },
    bad: { categoryId: 1, ids: [2, 2] },
    refusal: { ids: ["Each id may appear only once."] },
    good: { categoryId: 1, ids: [2, 4] },
  },
  "hiding a post needs a reason": {
    op: ["PATCH", "/api/v1/staff/forums/posts/{id}"],
    in: "body",
    keyword: { if: { properties: { hidden: { const: true } }, required: ["hidden"] }, then: { required: ["reason"] } },
    bad: { hidden: true },
    refusal: { reason: [HIDE_POST_NEEDS_REASON] },
    good: { hidden: true, reason: "Insults" },
  },
  "showing a post again needs none": {
    op: ["PATCH", "/api/v1/staff/forums/posts/{id}"],
    in: "body",
    keyword: { required: ["hidden"] },
    bad: { reason: "Insults" },
    refusal: { hidden: ["This field is required."] },
    good: { hidden: false },
  },
  "hiding a thread needs a reason": {
    op: ["PATCH", "/api/v1/staff/forums/threads/{id}"],
    in: "body",
    keyword: { if: { properties: { hidden: { const: true } }, required: ["hidden"] }, then: { required: ["reason"] } },
    bad: { hidden: true, pinned: false },
    refusal: { reason: [HIDE_THREAD_NEEDS_REASON] },
    good: { hidden: true, reason: "Spam" },
  },
  "a credit purchase names its package and method": {
    op: ["POST", "/api/v1/store/credits/purchase"],
    in: "body",
    keyword: {
      required: ["id", "method"],
      properties: expect.objectContaining({
        id: expect.objectContaining({ type: "integer" }),
        method: expect.objectContaining({ enum: ["stripe", "paypal", "coinbase"] }),
      }),
    },
    bad: { id: null, method: "" },
    refusal: { id: [NO_PACKAGE], method: [NO_METHOD] },
    good: { id: 4, method: "paypal" },
  },
  "a ticket type is a code or its label": {
    op: ["POST", "/api/v1/tickets"],
    in: "body",
    keyword: {
      properties: expect.objectContaining({ type: expect.objectContaining({ type: "string", enum: expect.arrayContaining(["REPORT_BUG", "Report Bug"]) }) }),
    },
    bad: { ...ticket, type: "Refund Please" },
    refusal: { type: [TYPE_MESSAGE] },
    good: { ...ticket, type: "In-game Support" },
  },
  "a hiscores skill is a skill's name or number": {
    op: ["GET", "/api/v1/hiscores"],
    in: { param: "skill" },
    keyword: { type: "string", enum: expect.arrayContaining(["overall", "attack", "0", "23"]) },
    bad: "sailing",
    refusal: { skill: [expect.stringMatching(/^Must be overall or a skill name \(attack, .*\), or its number 0–23\.$/) as unknown as string] },
    good: "23",
  },
};

describe("each rule the server checks is in the document", () => {
  it.each(Object.entries(RULES))("%s", (_name, rule) => {
    const op = opAt(...rule.op);
    const schema = rule.in === "body" ? bodyOf(op) : paramOf(op, rule.in.param);
    expect(schema).toMatchObject(rule.keyword);
    // What the route parses: the body, or all of the query or path parameters at once.
    const zod =
      rule.in === "body" ? op.body : docOf(op).parameters!.find((p) => p.name === (rule.in as { param: string }).param)!.in === "path" ? op.params : op.query;
    const input = (v: unknown) => (rule.in === "body" ? v : { [rule.in.param]: v });
    expect(validate(schema, rule.bad), "the document refuses the bad value").not.toEqual([]);
    // A whole-object refusal is the answer's `details`; a field's, a list under its name.
    const { details, ...fields } = rule.refusal;
    expect(parse(zod, input(rule.bad))).toMatchObject({ ok: false, fields, ...(details ? { details: details[0] } : {}) });
    expect(validate(schema, rule.good), "the document takes the twin").toEqual([]);
    expect(parse(zod, input(rule.good))).toMatchObject({ ok: true });
  });

  it("says every PATCH body must change something: a required field, or at least one of its fields", () => {
    const patches = operations.filter((op) => op.method === "PATCH" && op.body);
    expect(patches.length).toBeGreaterThanOrEqual(10);
    for (const op of patches) {
      const body = bodyOf(op);
      expect(Boolean(body.required?.length) || (body.minProperties ?? 0) >= 1, `${op.method} ${op.path}`).toBe(true);
      expect(validate(body, {}), `${op.method} ${op.path}`).not.toEqual([]);
      expect(parse(op.body, {}).ok, `${op.method} ${op.path}`).toBe(false);
    }
  });

  it("shows image addresses by a pattern whose every address the server takes", () => {
    // A pattern cannot say "what the URL parser reads": it says a part of it, and nothing outside.
    const addresses = (pattern: string) => fc.sample(fc.stringMatching(new RegExp(pattern), { maxLength: 60 }), { seed: 5, numRuns: 300 });
    for (const href of addresses(IMAGE_HREF_PATTERN)) expect(isImageHref(href), href).toBe(true);
    for (const url of addresses(IMAGE_URL_PATTERN)) expect(isImageUrl(url), url).toBe(true);
    for (const refused of [
      "//evil.example/x.png",
      "https://localhost/x.png",
      "https://intranet.internal/x.png",
      "https://10.0.0.1/x.png",
      "/store-link?token=x",
      "ftp://example.com/x.png",
    ])
      expect(new RegExp(IMAGE_URL_PATTERN, "u").test(refused), refused).toBe(false);
  });

  it("shows an audit day by a pattern that takes exactly the real calendar days", () => {
    const audit = opAt("GET", "/api/v1/staff/audit");
    const re = new RegExp(paramOf(audit, "from").pattern!, "u");
    const real = (d: string) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
    const day = fc
      .tuple(fc.integer({ min: 1600, max: 2500 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
      .map(([y, m, d]) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);
    fc.assert(
      fc.property(day, (d) => re.test(d) === real(d) && parse(audit.query, { from: d }).ok === real(d)),
      { seed: 4, numRuns: 500 },
    );
    for (const d of ["2000-02-29", "1900-02-29", "2100-02-28", "2024-04-31"]) expect(re.test(d), d).toBe(real(d));
  });

  it("lists the path values the server answers for, where any other is its 404", () => {
    const site = paramOf(opAt("POST", "/api/v1/vote/callback/{site}"), "site");
    expect(site.enum).toEqual(siteConfig.voteSites.map((s) => s.key));
    expect(paramOf(opAt("GET", "/api/v1/vote/callback/{site}"), "site").enum).toEqual(site.enum);
    for (const path of ["/api/v1/hiscores/{mode}/index_lite.ws", "/api/v1/hiscores/{mode}/index_lite.json"]) {
      const mode = paramOf(opAt("GET", path), "mode");
      expect(mode.enum).toEqual(Object.keys(OFFICIAL_MODE_SEGMENTS));
      for (const segment of mode.enum as string[]) expect(gameModeOfSegment(segment), segment).not.toBeNull();
      expect([validate(mode, "m=hiscore_oldschool_deadman").length > 0, gameModeOfSegment("m=hiscore_oldschool_deadman")]).toEqual([true, null]);
    }
  });

  it("declares the vote callback's form: each site's own fields, any other as text", () => {
    const body = docOf(opAt("POST", "/api/v1/vote/callback/{site}")).requestBody!.content;
    expect(Object.keys(body)).toEqual(["application/x-www-form-urlencoded"]);
    const form = body["application/x-www-form-urlencoded"]!.schema;
    const names = siteConfig.voteSites.flatMap((s) => Object.values(s.callback));
    expect(form).toMatchObject({ type: "object", additionalProperties: { type: "string" } });
    expect(Object.keys(form.properties ?? {}).sort()).toEqual([...new Set(names)].sort());
    expect(form.properties!.callback!.description).toMatch(/vote incentive token \(runelocus\)/);
    expect(validate(form, { callback: "tok", secret: "s", extra: "1" })).toEqual([]);
    expect(validate(form, { callback: ["a", "b"] })).not.toEqual([]);
  });
});
