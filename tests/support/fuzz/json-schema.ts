// A small JSON Schema (2020-12, the dialect of OpenAPI 3.1) validator: just the keywords our
// generated document uses, so the fuzz suite can check answers against what a client reads.
// An unknown keyword is an error, not silently ignored: if the document grows one, this file
// has to learn it before the suite can trust its verdicts.

export type JsonSchema = {
  type?: JsonType | JsonType[];
  enum?: readonly unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  not?: JsonSchema;
  if?: JsonSchema;
  then?: JsonSchema;
  else?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minProperties?: number;
  maxProperties?: number;
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  /** Only local references into the root's $defs ("#/$defs/name"): how zod writes recursive types. */
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  // Annotations: no effect on validity.
  description?: string;
  default?: unknown;
  title?: string;
  examples?: unknown[];
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  $schema?: string;
};

export type JsonType = "string" | "integer" | "number" | "boolean" | "array" | "object" | "null";

const KNOWN = new Set([
  "type",
  "enum",
  "const",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "properties",
  "required",
  "minProperties",
  "maxProperties",
  "additionalProperties",
  "propertyNames",
  "items",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "description",
  "default",
  "title",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "$schema",
  "$ref",
  "$defs",
]);

/** The schema a `$ref` points at, in the root's $defs. */
export function resolveRef(ref: string, root: JsonSchema): JsonSchema {
  const name = /^#\/\$defs\/([^/]+)$/.exec(ref)?.[1];
  const target = name !== undefined ? root.$defs?.[name] : undefined;
  if (!target) throw new Error(`JSON Schema $ref "${ref}" is not a local #/$defs/… reference the fuzz suite can follow`);
  return target;
}

/** Throws when the schema uses a keyword this module does not implement (at any depth). */
export function assertSupported(schema: JsonSchema, where = "#", root: JsonSchema = schema): void {
  for (const key of Object.keys(schema)) if (!KNOWN.has(key)) throw new Error(`JSON Schema keyword "${key}" at ${where} is not supported by the fuzz suite`);
  if (schema.$ref !== undefined) resolveRef(schema.$ref, root);
  for (const [k, s] of Object.entries(schema.$defs ?? {})) assertSupported(s, `${where}/$defs/${k}`, root);
  for (const [k, s] of Object.entries(schema.properties ?? {})) assertSupported(s, `${where}/properties/${k}`, root);
  for (const [i, s] of (schema.anyOf ?? []).entries()) assertSupported(s, `${where}/anyOf/${i}`, root);
  for (const [i, s] of (schema.oneOf ?? []).entries()) assertSupported(s, `${where}/oneOf/${i}`, root);
  for (const key of ["not", "if", "then", "else"] as const) if (schema[key]) assertSupported(schema[key], `${where}/${key}`, root);
  if (schema.items) assertSupported(schema.items, `${where}/items`, root);
  if (schema.propertyNames) assertSupported(schema.propertyNames, `${where}/propertyNames`, root);
  if (typeof schema.additionalProperties === "object") assertSupported(schema.additionalProperties, `${where}/additionalProperties`, root);
}

export const typesOf = (schema: JsonSchema): JsonType[] | undefined =>
  schema.type === undefined ? undefined : Array.isArray(schema.type) ? schema.type : [schema.type];

function typeOfValue(v: unknown): JsonType | "undefined" | "other" {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  switch (typeof v) {
    case "string":
      return "string";
    case "boolean":
      return "boolean";
    case "number":
      return Number.isFinite(v) ? "number" : "other";
    case "object":
      return "object";
    case "undefined":
      return "undefined";
    default:
      return "other";
  }
}

function matchesType(v: unknown, t: JsonType): boolean {
  const actual = typeOfValue(v);
  if (t === "integer") return actual === "number" && Number.isInteger(v);
  return actual === t;
}

/** Length as JSON Schema counts it: in Unicode code points, not UTF-16 units. */
export const codePoints = (s: string): number => [...s].length;

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const FORMATS: Record<string, (s: string) => boolean> = {
  ipv4: (s) => /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(s),
  ipv6: (s) => /^[0-9a-fA-F:.]+$/.test(s) && s.includes(":"),
  email: (s) => /^[^\s@]+@[^\s@]+$/.test(s),
  date: (s) => /^\d{4}-\d\d-\d\d$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
  "date-time": (s) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d\d-\d\dT/.test(s),
  uri: (s) => {
    try {
      new URL(s);
      return true;
    } catch {
      return false;
    }
  },
};

const patternCache = new Map<string, RegExp>();
function regexOf(pattern: string): RegExp {
  let re = patternCache.get(pattern);
  if (!re) {
    // The `u` flag is what JSON Schema means; zod's own patterns work either way.
    try {
      re = new RegExp(pattern, "u");
    } catch {
      re = new RegExp(pattern);
    }
    patternCache.set(pattern, re);
  }
  return re;
}

/** Every way `value` breaks `schema`, as "path: message" lines; empty when it conforms. */
export function validate(schema: JsonSchema, value: unknown, path = "$", root: JsonSchema = schema): string[] {
  const errors: string[] = [];
  const fail = (msg: string) => errors.push(`${path}: ${msg}`);
  const nested = (s: JsonSchema, v: unknown, p: string) => validate(s, v, p, root);
  if (schema.$ref !== undefined) errors.push(...nested(resolveRef(schema.$ref, root), value, path));

  if (schema.const !== undefined && !deepEqual(schema.const, value)) fail(`expected the constant ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.some((e) => deepEqual(e, value)))
    fail(`${JSON.stringify(value)?.slice(0, 60)} is not one of ${JSON.stringify(schema.enum).slice(0, 120)}`);
  if (schema.anyOf && !schema.anyOf.some((s) => nested(s, value, path).length === 0)) fail(`matches none of the ${schema.anyOf.length} anyOf alternatives`);
  if (schema.oneOf) {
    const n = schema.oneOf.filter((s) => nested(s, value, path).length === 0).length;
    if (n !== 1) fail(`matches ${n} of the oneOf alternatives (exactly 1 wanted)`);
  }
  if (schema.not && nested(schema.not, value, path).length === 0) fail(`matches the schema under not (${JSON.stringify(schema.not).slice(0, 60)})`);
  if (schema.if) {
    const branch = nested(schema.if, value, path).length === 0 ? schema.then : schema.else;
    if (branch) errors.push(...nested(branch, value, path));
  }

  const types = typesOf(schema);
  if (types && !types.some((t) => matchesType(value, t))) {
    fail(`expected ${types.join(" or ")}, got ${typeOfValue(value)}`);
    return errors; // the keywords below would only repeat the same complaint
  }

  if (typeof value === "string") {
    const len = codePoints(value);
    if (schema.minLength !== undefined && len < schema.minLength) fail(`shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && len > schema.maxLength) fail(`longer than ${schema.maxLength} (${len})`);
    if (schema.pattern !== undefined && !regexOf(schema.pattern).test(value)) fail(`does not match /${schema.pattern}/`);
    if (schema.format !== undefined && FORMATS[schema.format] && !FORMATS[schema.format]!(value)) fail(`is not a valid ${schema.format}`);
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) fail(`below the minimum ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) fail(`above the maximum ${schema.maximum}`);
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) fail(`not above ${schema.exclusiveMinimum}`);
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) fail(`not below ${schema.exclusiveMaximum}`);
    if (schema.multipleOf !== undefined && !Number.isInteger(value / schema.multipleOf)) fail(`not a multiple of ${schema.multipleOf}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) fail(`fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) fail(`more than ${schema.maxItems} items`);
    if (schema.items) value.forEach((item, i) => errors.push(...nested(schema.items!, item, `${path}[${i}]`)));
    if (schema.uniqueItems && value.some((item, i) => value.slice(0, i).some((earlier) => deepEqual(earlier, item)))) fail("has an item twice (uniqueItems)");
  }
  if (typeOfValue(value) === "object") {
    const obj = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!Object.hasOwn(obj, key)) fail(`missing required property "${key}"`);
    const count = Object.keys(obj).length;
    if (schema.minProperties !== undefined && count < schema.minProperties) fail(`fewer than ${schema.minProperties} properties`);
    if (schema.maxProperties !== undefined && count > schema.maxProperties) fail(`more than ${schema.maxProperties} properties`);
    for (const [key, v] of Object.entries(obj)) {
      const sub = schema.properties?.[key];
      if (schema.propertyNames) errors.push(...nested(schema.propertyNames, key, `${path}{${key}}`));
      if (sub) errors.push(...nested(sub, v, `${path}.${key}`));
      else if (schema.additionalProperties === false) fail(`unexpected property "${key}"`);
      else if (typeof schema.additionalProperties === "object") errors.push(...nested(schema.additionalProperties, v, `${path}.${key}`));
    }
  }
  return errors;
}
