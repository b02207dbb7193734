// The one rule for text that reaches the server (docs/architecture.md, "Pages read their query as the API does"): a NUL or
// another C0 control character, DEL, or a lone UTF-16 surrogate is refused with a 400 naming the
// field, before any schema or use case sees it. PostgreSQL refuses NUL in text and lone
// surrogates in jsonb, so without this such input became a 500 deep inside a write. Tab, line
// feed and carriage return pass: multi-line text (posts, tickets) needs them.

/** The refused controls, as the inside of a character class: C0 but tab, LF and CR, and DEL. */
const CONTROLS = "\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F";
const FORBIDDEN = new RegExp(`[${CONTROLS}]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]`);

/**
 * The same rule as a JSON Schema `pattern` (the OpenAPI document puts it on every string a client
 * sends, lib/schemas/openapi.ts): text of allowed characters only, surrogates only in pairs. It
 * reads the same with or without the `u` flag, and needs no lookaround, so generators can use it.
 */
export const ALLOWED_TEXT_PATTERN = `^(?:[^${CONTROLS}\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$`;

export const FORBIDDEN_TEXT_MESSAGE = "Contains a character that is not allowed (a control character or a broken Unicode sequence).";

/** True when `s` holds a character the rule refuses. */
export function hasForbiddenText(s: string): boolean {
  return FORBIDDEN.test(s);
}

/**
 * The top-level fields of `data` (a parsed JSON body, query or path parameters) whose value holds
 * a refused character anywhere inside it, strings and object keys alike; "details" for a bare
 * string. Iterative, so a deeply nested body cannot overflow the stack.
 */
export function fieldsWithForbiddenText(data: unknown): string[] {
  const found = new Set<string>();
  const stack: Array<{ value: unknown; field: string }> = [];
  if (typeof data === "string") return hasForbiddenText(data) ? ["details"] : [];
  if (data && typeof data === "object") for (const [k, v] of Object.entries(data)) stack.push({ value: v, field: hasForbiddenText(k) ? "details" : k });
  while (stack.length) {
    const { value, field } = stack.pop()!;
    if (found.has(field)) continue;
    if (typeof value === "string") {
      if (hasForbiddenText(value)) found.add(field);
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (hasForbiddenText(k)) found.add(field);
        else stack.push({ value: v, field });
      }
    }
  }
  return [...found];
}
