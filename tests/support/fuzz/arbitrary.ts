// JSON Schema → fast-check arbitrary: values a client could send believing the document.
// Covers the keywords our OpenAPI document uses (see json-schema.ts); anything else throws, so a
// schema the generator does not understand is noticed instead of fuzzed wrongly.
import fc from "fast-check";
import { assertSupported, codePoints, type JsonSchema, type JsonType, resolveRef, typesOf, validate } from "./json-schema";

/** Where a value sits in the input, e.g. ["body", "forum_id"] or ["query", "page"]. */
export type SchemaPath = readonly (string | number)[];

/**
 * A caller's say over one node: an arbitrary to use there instead of the generic one (e.g. ids
 * of real rows for an "id" field), or undefined to let the converter decide.
 */
export type Hint = (schema: JsonSchema, path: SchemaPath) => fc.Arbitrary<unknown> | undefined;

export type ArbitraryOptions = {
  hint?: Hint;
  /** Longest string made for a schema without maxLength (a schema's own maxLength always wins). */
  maxStringLength?: number;
  /** Longest array made for a schema without maxItems. */
  maxItems?: number;
};

const INT32 = 2 ** 31 - 1;
/** How many times a recursive $ref is followed before only its non-recursive alternatives are used. */
const MAX_REF_DEPTH = 3;
const mentionsRef = (s: JsonSchema) => JSON.stringify(s).includes('"$ref"');

const FORMAT_ARBITRARIES: Record<string, () => fc.Arbitrary<string>> = {
  ipv4: () => fc.ipV4(),
  ipv6: () => fc.ipV6(),
  email: () => fc.emailAddress(),
  uri: () => fc.webUrl(),
  date: () =>
    fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  "date-time": () => fc.date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString()),
  uuid: () => fc.uuid(),
};

/** Spaces, punctuation, letters and digits: what a pattern for free text lets through. */
const PRINTABLE_PROBE = "Plain text, 42 words: ok?";

function stringArbitrary(schema: JsonSchema, opts: Required<Omit<ArbitraryOptions, "hint">>, root: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength;
  const cap = Math.max(min, max ?? opts.maxStringLength);
  // Both readings of "length" must hold: JSON Schema counts code points, zod (the server) UTF-16 units.
  const fits = (s: string) => codePoints(s) >= min && (max === undefined || s.length <= max) && validate(schema, s, "$", root).length === 0;
  const sized = (unit: "grapheme" | "grapheme-ascii", lo: number, hi: number) => fc.string({ unit, minLength: lo, maxLength: hi });
  const plain = fc.oneof(
    { weight: 4, arbitrary: sized("grapheme-ascii", min, Math.min(cap, min + 24)) },
    { weight: 2, arbitrary: sized("grapheme", min, Math.min(cap, min + 12)) },
    // Right at the limits: where off-by-one and column-size bugs live.
    { weight: 1, arbitrary: sized("grapheme-ascii", cap, cap) },
    { weight: 1, arbitrary: sized("grapheme-ascii", min, min) },
  );
  const format = schema.format ? FORMAT_ARBITRARIES[schema.format] : undefined;
  if (format) return format().filter(fits);
  if (schema.pattern === undefined) return plain.filter(fits);
  // Text from the pattern, and plain text where the pattern lets it through (the text rule's
  // pattern lets most through): the plain kinds keep their lengths at the limits. A pattern that
  // refuses plain printable text (a base64 field, digits only) gets text from the pattern alone:
  // random text of hundreds of thousands of characters would almost never pass the filter, and
  // each try would cost as much as the string is long.
  const pattern = new RegExp(schema.pattern);
  const fromPattern = fc.stringMatching(pattern, { maxLength: cap });
  return (pattern.test(PRINTABLE_PROBE) ? fc.oneof(fromPattern, plain) : fromPattern).filter(fits);
}

function integerArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  let lo = schema.minimum ?? -INT32 - 1;
  let hi = schema.maximum ?? INT32;
  if (schema.exclusiveMinimum !== undefined) lo = Math.max(lo, Math.floor(schema.exclusiveMinimum) + 1);
  if (schema.exclusiveMaximum !== undefined) hi = Math.min(hi, Math.ceil(schema.exclusiveMaximum) - 1);
  lo = Math.max(Math.ceil(lo), Number.MIN_SAFE_INTEGER);
  hi = Math.min(Math.floor(hi), Number.MAX_SAFE_INTEGER);
  if (lo > hi) throw new Error(`integer schema with an empty range: ${JSON.stringify(schema)}`);
  const edges = [lo, hi, 0, 1, -1].filter((n) => n >= lo && n <= hi);
  const choices: fc.WeightedArbitrary<number>[] = [
    { weight: 3, arbitrary: fc.integer({ min: lo, max: hi }) },
    { weight: 2, arbitrary: fc.constantFrom(...edges) },
  ];
  // Small values (the ids and counts real clients send) when the range has any.
  if (lo <= 100 && hi >= -100) choices.push({ weight: 3, arbitrary: fc.integer({ min: Math.max(lo, -100), max: Math.min(hi, 100) }) });
  return fc.oneof(...choices);
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.exclusiveMinimum ?? schema.minimum;
  const max = schema.exclusiveMaximum ?? schema.maximum;
  const double = fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    ...(min !== undefined ? { min, minExcluded: schema.exclusiveMinimum !== undefined } : { min: -1e15 }),
    ...(max !== undefined ? { max, maxExcluded: schema.exclusiveMaximum !== undefined } : { max: 1e15 }),
  });
  // -0 serialises as 0 and is no use to send; whole numbers are the common case for our ids.
  return fc
    .oneof(double, integerArbitrary({ ...schema, type: "integer" }))
    .map((n) => (Object.is(n, -0) ? 0 : n))
    .filter((n) => validate(schema, n).length === 0);
}

/** An arbitrary of values that conform to `schema`. */
export function arbitraryFor(schema: JsonSchema, options: ArbitraryOptions = {}, path: SchemaPath = []): fc.Arbitrary<unknown> {
  assertSupported(schema);
  const opts = { maxStringLength: options.maxStringLength ?? 40, maxItems: options.maxItems ?? 4 };
  const root = schema;
  const ok = (s: JsonSchema, v: unknown) => validate(s, v, "$", root).length === 0;
  const build = (s: JsonSchema, p: SchemaPath, refDepth = 0): fc.Arbitrary<unknown> => {
    const hinted = options.hint?.(s, p);
    if (hinted) return hinted;
    // Keywords that only take values away (not, if/then/else, counts of properties): values of
    // the rest, kept when they meet these too.
    if (s.not || s.if || s.minProperties !== undefined || s.maxProperties !== undefined) {
      const { not: _n, if: _i, then: _t, else: _e, minProperties: _min, maxProperties: _max, ...rest } = s;
      return build(rest, p, refDepth).filter((v) => ok(s, v));
    }
    if (s.$ref !== undefined) {
      const { $ref, ...rest } = s;
      return build({ ...rest, ...resolveRef($ref, root) }, p, refDepth + 1);
    }
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    // Alternatives: each must also meet the keywords beside them (and oneOf exactly one). Deep
    // in a recursive type, only the alternatives that do not recurse again.
    const all = s.anyOf ?? s.oneOf;
    const alternatives = all && refDepth >= MAX_REF_DEPTH ? all.filter((alt) => !mentionsRef(alt)) : all;
    if (alternatives) {
      if (!alternatives.length) throw new Error(`a recursive schema with no way out: ${JSON.stringify(s).slice(0, 200)}`);
      const { anyOf: _a, oneOf: _o, $defs: _d, ...rest } = s;
      return fc.oneof(...alternatives.map((alt) => build({ ...rest, ...alt }, p, refDepth))).filter((v) => ok(s, v));
    }
    const types: JsonType[] = typesOf(s) ?? (s.properties || s.additionalProperties !== undefined ? ["object"] : s.items ? ["array"] : []);
    if (!types.length) return fc.jsonValue({ maxDepth: 2 });
    if (types.length > 1) return fc.oneof(...types.map((t) => build({ ...s, type: t }, p, refDepth)));
    switch (types[0]!) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer":
        return integerArbitrary(s);
      case "number":
        return numberArbitrary(s);
      case "string":
        return stringArbitrary(s, opts, root);
      case "array": {
        const minLength = s.minItems ?? 0;
        const maxLength = Math.max(minLength, Math.min(s.maxItems ?? opts.maxItems, Math.max(opts.maxItems, minLength)));
        const items = s.items ? build(s.items, [...p, 0], refDepth) : fc.jsonValue({ maxDepth: 1 });
        if (s.uniqueItems) return fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) });
        return fc.array(items, { minLength, maxLength });
      }
      case "object": {
        const props = Object.entries(s.properties ?? {});
        const model = Object.fromEntries(props.map(([k, sub]) => [k, build(sub, [...p, k], refDepth)]));
        const requiredKeys = (s.required ?? []).filter((k) => k in model);
        const record = fc.record(model, { requiredKeys });
        if (typeof s.additionalProperties !== "object") return record;
        // A map-like object (e.g. `{ field: [messages] }`): a few extra keys of the allowed shape.
        const keys = (s.propertyNames ? build(s.propertyNames, [...p, "*key"], refDepth) : fc.string({ minLength: 1, maxLength: 12 })) as fc.Arbitrary<string>;
        const extra = fc.dictionary(
          keys.filter((k) => !(k in model)),
          build(s.additionalProperties, [...p, "*"], refDepth),
          { maxKeys: 3 },
        );
        return fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r }));
      }
    }
  };
  return build(schema, path);
}
