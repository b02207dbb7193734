// Inputs a careless or malicious client sends: wrong types, numbers at and past every limit,
// control characters and broken Unicode, overlong text, deep nesting, JSON that JavaScript
// cannot round-trip. Each arbitrary here is meant to be refused (4xx) or ignored, never to 5xx.
import fc from "fast-check";
import { type JsonSchema, typesOf } from "./json-schema";

/** A JSON literal JSON.stringify cannot produce (1e400, NaN, -0, duplicate keys…), spliced into the body text. */
export class RawJson {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

/** JSON text of `value`, with every RawJson written as its literal text. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  // A placeholder no generated string can equal: it carries a fresh random part each call.
  const tag = `@@raw-${Math.random().toString(36).slice(2)}-`;
  const text = JSON.stringify(value, (_k, v: unknown) => (v instanceof RawJson ? `${tag}${raws.push(v.text) - 1}@@` : v));
  return raws.length ? text.replace(new RegExp(`"${tag}(\\d+)@@"`, "g"), (_m, i: string) => raws[Number(i)]!) : text;
}

/** `{"a":{"a":…}}` `depth` levels deep as JSON text (stringify would recurse as deep). */
export const deepObjectText = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
export const deepArrayText = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

export const DEEP = 5_000;

/** Characters the server must refuse or store safely: C0 controls, DEL, lone surrogates. */
export const CONTROL_STRINGS = [
  "\u0000",
  "a\u0000b",
  "\u0001",
  "\u0008",
  "\u000b",
  "\u000c",
  "\u001b[31mred",
  "\u001f",
  "\u007f",
  "\ud800",
  "x\udc00y",
  "\udfff\ud800",
];

/** Text that has broken parsers, queries, templates and HTML before. */
export const TRICKY_STRINGS = [
  "",
  " ",
  "   \t",
  "%00",
  "%",
  "%zz",
  "../../../../etc/passwd",
  "..\\..\\windows",
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "{{7*7}}",
  "${7*7}",
  "__proto__",
  "constructor",
  "\u202eevil",
  "\u200b",
  "\ufeff",
  "😀".repeat(40),
  "Z\u0351\u0352\u0353".repeat(30),
  "İıǅ",
  "ß".repeat(20),
  "\\",
  '"',
  "\r\n\r\n",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-0",
  "1e3",
  "0x10",
  " 7",
  "7 ",
  "٣",
  "１２",
  "true",
  "[]",
  "{}",
];

/** Numbers past every limit an id, count or amount column has, and the fractions integers refuse. */
export const EDGE_NUMBERS = [
  -1, 0, -0.5, 0.5, 1.5, 2_147_483_647, 2_147_483_648, -2_147_483_649, 4_294_967_296, 9_007_199_254_740_993, 99_999_999_999, 1e21, 1e308, -1e308, 5e-324,
];

/** Literals only a raw body can carry. */
export const RAW_NUMBERS = [
  "1e400",
  "-1e400",
  "NaN",
  "Infinity",
  "-0",
  "1e-400",
  "123456789012345678901234567890",
  "0.0000000000000000000001",
  "01",
  "+1",
  ".5",
  "0x10",
].map((t) => new RawJson(t));

/** Path parameters that are not the ids they stand for. */
export const PATH_STRINGS = [
  "0",
  "-1",
  "99999999999",
  "2147483648",
  "abc",
  "%00",
  "\u0000",
  "1.5",
  "1e3",
  " 1",
  "1 ",
  "+1",
  "0x1",
  "１",
  "NaN",
  "",
  "..",
  "../1",
  "1;2",
  "1,2",
  "9".repeat(400),
  "a".repeat(10_000),
];

/** Overlong text: past every maxLength the document states, and past common column sizes. */
export const overlong = fc.oneof(
  fc.constantFrom(10_001, 65_536, 200_000).map((n) => "a".repeat(n)),
  fc.integer({ min: 10_001, max: 50_000 }).map((n) => "é".repeat(n)),
  fc.constant("😀".repeat(20_000)),
);

/** Values of the wrong JSON type for `schema` (what a client with a stale or buggy model sends). */
export function wrongTypeFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const types = typesOf(schema) ?? [];
  const all: Array<[string, unknown]> = [
    ["string", "not-what-you-expect"],
    ["string", "123"],
    ["number", 42],
    ["number", 1.5],
    ["boolean", true],
    ["boolean", false],
    ["null", null],
    ["array", []],
    ["array", [1, "a", null]],
    ["object", {}],
    ["object", { $gt: "" }],
    ["object", { id: 1 }],
  ];
  const wrong = all.filter(([t, v]) => !types.includes(t as never) && !(t === "number" && types.includes("integer") && Number.isInteger(v))).map(([, v]) => v);
  return fc.constantFrom(...(wrong.length ? wrong : all.map(([, v]) => v)));
}

/** Values just outside the schema's own bounds (minLength − 1, maximum + 1, a fraction for an integer…). */
export function pastLimitsFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  const out: unknown[] = [];
  if (schema.maxLength !== undefined) out.push("x".repeat(schema.maxLength + 1), "é".repeat(schema.maxLength + 1), "😀".repeat(schema.maxLength + 1));
  if (schema.minLength !== undefined && schema.minLength > 0) out.push("x".repeat(schema.minLength - 1));
  if (schema.minimum !== undefined) out.push(schema.minimum - 1, schema.minimum - 0.5);
  if (schema.maximum !== undefined) out.push(schema.maximum + 1, schema.maximum + 0.5);
  if (schema.minItems !== undefined && schema.items) out.push([]);
  if (schema.maxItems !== undefined) out.push(Array.from({ length: schema.maxItems + 1 }, () => 1));
  // Many items, still under the 1 MB body limit: work per item must stay bounded.
  if (typesOf(schema)?.includes("array")) out.push(Array.from({ length: 200_000 }, () => 1));
  if (schema.enum)
    out.push(
      ...schema.enum.filter((e): e is string => typeof e === "string").flatMap((e) => [e.toUpperCase() === e ? e.toLowerCase() : e.toUpperCase(), ` ${e}`]),
    );
  if (schema.pattern !== undefined) out.push("not matching!", "1".repeat(50));
  if (typesOf(schema)?.includes("integer")) out.push(1.5, -0.5);
  return out.length ? fc.constantFrom(...out) : fc.constantFrom(...EDGE_NUMBERS);
}

/**
 * Text at a string's maxLength as JSON Schema counts it (code points) but twice that in UTF-16
 * units, which is what zod and JavaScript count: the two readings of "length" disagree here.
 */
export function atLengthLimitFor(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.constant("😀".repeat(schema.maxLength ?? 300));
}

/** Any hostile value for a field of `schema`: wrong types, past its limits, bad text, huge numbers, deep nesting. */
export function hostileValueFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 1, arbitrary: atLengthLimitFor(schema) },
    { weight: 3, arbitrary: wrongTypeFor(schema) },
    { weight: 3, arbitrary: pastLimitsFor(schema) },
    { weight: 3, arbitrary: fc.constantFrom(...CONTROL_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_NUMBERS) },
    { weight: 1, arbitrary: overlong },
    // As raw text: JSON.stringify (with a replacer) would overflow the stack at this depth.
    { weight: 1, arbitrary: fc.constantFrom(new RawJson(deepArrayText(DEEP)), new RawJson(deepObjectText(DEEP))) },
    { weight: 1, arbitrary: fc.constant({ [`a${"\u0000"}`]: 1 }) },
  );
}

/** Hostile text for a query or path parameter (always a string on the wire). */
export function hostileParamFor(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...PATH_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom(...CONTROL_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
    { weight: 2, arbitrary: pastLimitsFor(schema).map((v) => (typeof v === "string" ? v : JSON.stringify(v))) },
    { weight: 1, arbitrary: fc.constantFrom(...EDGE_NUMBERS).map(String) },
    { weight: 1, arbitrary: overlong.map((s) => s.slice(0, 20_000)) },
  );
}

/** Fields no operation declares: mass-assignment probes, prototype keys, keys with bad characters. */
export const UNKNOWN_FIELDS: Array<Record<string, unknown>> = [
  { privilege: "OWNER", isStaff: true, is_staff: true, role: "admin" },
  { userId: 1, user_id: 1, id: 1, ownerId: 1 },
  { storeCredits: 999999, credits: 999999, balance: 999999, price: 0 },
  { verified: true, emailVerifiedAt: "2020-01-01T00:00:00Z", isActive: true },
  JSON.parse('{"__proto__": {"polluted": true, "isStaff": true}}') as Record<string, unknown>,
  { constructor: { prototype: { polluted: true } } },
  { "": "empty key", " ": 1, "a.b": 1, "a[b]": 1 },
  { "k\u0000": "nul key" },
  Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`extra${i}`, i])),
];
