import "server-only";
import type { z } from "zod";
import { checkInput } from "@/lib/schemas/check-input";
import { hasForbiddenText } from "@/lib/schemas/text-rule";

// A page's query, parsed the way the API parses one (lib/schemas/check-input.ts: the text rule,
// then the schema, usually the API operation's own, from lib/schemas/page-queries.ts). A page
// cannot answer 400, so a refusal comes back as field errors for the page to show beside its
// form (components/ui/invalid-query.tsx) instead of reaching a use case, where a NUL or a broken
// surrogate in a search would have been a 500 from PostgreSQL.

export type SearchParams = Record<string, string | string[] | undefined>;

export type PageQuery<T> =
  /** `values`: the raw text of each field sent, to show again in the form. */
  | { ok: true; query: T; values: Record<string, string>; errors: Record<string, never> }
  /** `errors`: messages per field ("details" for the query as a whole); `values` leaves out text the rule refused. */
  | { ok: false; query: null; values: Record<string, string>; errors: Record<string, string[]> };

/**
 * One value per name, as the API reads a query (the last of a repeated name); an empty value is
 * no value, since a GET form sends its empty fields (an empty filter filters nothing).
 */
function flatten(searchParams: SearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(searchParams)) {
    const value = Array.isArray(v) ? v.at(-1) : v;
    if (value !== undefined && value !== "") out[name] = value;
  }
  return out;
}

export function parsePageQuery<S extends z.ZodType>(schema: S, searchParams: SearchParams): PageQuery<z.output<S>> {
  const raw = flatten(searchParams);
  const checked = checkInput(schema, raw);
  const values = Object.fromEntries(Object.entries(raw).filter(([k, v]) => !hasForbiddenText(k) && !hasForbiddenText(v)));
  if (checked.ok) return { ok: true, query: checked.data, values, errors: {} };
  const errors = { ...checked.fields };
  if (!Object.keys(errors).length) errors.details = [checked.details];
  return { ok: false, query: null, values, errors };
}
