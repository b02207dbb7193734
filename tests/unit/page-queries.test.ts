import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { PAGE_QUERIES } from "@/lib/schemas/page-queries";
import { FORBIDDEN_TEXT_MESSAGE } from "@/lib/schemas/text-rule";
import { isAppError } from "@/lib/server/errors";
import { parsePageQuery, type SearchParams } from "@/lib/server/http/page-query";
import { parseOrThrow } from "@/lib/server/http/route";
import { CONTROL_STRINGS, TRICKY_STRINGS } from "../support/fuzz/hostile";

// Pages read their query as the API does (lib/server/http/page-query.ts): the text rule, then
// the schema of lib/schemas/page-queries.ts. Every registered page query gets hostile values in
// every field and must answer field errors, never throw; and every page that reads a query must
// be registered, or be listed below as one whose query never reaches a use case as text.

/** Pages that read a query without the parser, and why that is safe (each value is matched against fixed values or a pattern first). */
const LENIENT: Record<string, string> = {
  "/hiscores": "mode, xp and page fall back to the defaults (docs/product.md §4: a page below 1 or not a number is 1)",
  "/hiscores/{skill}": "as /hiscores",
  "/hiscores/gains": "as /hiscores; period and metric are matched against the fixed lists, else the defaults",
  "/hiscores/records": "as /hiscores/gains",
  "/hiscores/player/{username}/gains": "period and metric are matched against the fixed lists, else the defaults",
  "/hiscores/player/{username}/log": "page only, as /hiscores",
  "/competitions": "status is matched against the fixed list, else ongoing (the API's default); page as /hiscores",
  "/competitions/{id}": "page only, as /hiscores; an id that is not a positive whole number is the 404 page",
  "/news": "year and month must match a pattern and a range, else the current month",
  "/forums/{id}": "page only, read by pageNumber (docs/product.md §9: page default 1)",
  "/forums/thread/{id}": "page only, read by the thread's own page rule",
  "/account/tickets": "tab is compared with one value; page by pageNumber",
  "/tickets/create": "type is used only when it is one of the ticket types",
  "/ticket/{id}": "rate only preselects a choice when it is one of the ratings; an id that is not a positive whole number is the 404 page",
  "/credits": "via is compared with one value",
  "/store-link": "the token must match the token pattern before any lookup",
  "/account/reset-password": "uid and token go to the form only; the API checks them when it is sent",
  "/appeal": "type is used only when it is one of the two appeal types",
  "/appeal/ticket": "the token goes to the page's POST only; the API checks it",
};

/** Every page file under app/ with its URL path (route groups dropped, [x] → {x}). */
function pageFiles(dir = path.resolve("app"), segments: string[] = []): Array<{ route: string; file: string }> {
  const out: Array<{ route: string; file: string }> = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === "api" && segments.length === 0) continue;
      const group = /^\(.+\)$/.test(entry.name);
      out.push(...pageFiles(full, group ? segments : [...segments, entry.name.replace(/^\[(.+)\]$/, "{$1}")]));
    } else if (/^page\.tsx?$/.test(entry.name)) out.push({ route: `/${segments.join("/")}`, file: full });
  }
  return out;
}

/** What a query needs besides the field under test to be accepted (the search's words). */
const BASE: Partial<Record<string, Record<string, string>>> = { "/forums/search": { q: "slayer" } };

const FIELDS_OF = (schema: z.ZodType) => Object.keys((schema as unknown as z.ZodObject).shape);
const ENTRIES = Object.entries(PAGE_QUERIES) as Array<[string, z.ZodType]>;

/** What the API's parser answers for the same query: null when it accepts it, else its field errors. */
function apiVerdict(schema: z.ZodType, query: Record<string, string>) {
  try {
    parseOrThrow(schema, query);
    return null;
  } catch (e) {
    if (!isAppError(e)) throw e;
    return e.fields ?? {};
  }
}

/** The page's parse of `sp`, checked against the API's verdict on the same values. */
function parseBoth(schema: z.ZodType, sp: SearchParams) {
  const result = parsePageQuery(schema, sp);
  const flat = Object.fromEntries(
    Object.entries(sp)
      .flatMap(([k, v]) => (v === undefined ? [] : [[k, Array.isArray(v) ? v.at(-1)! : v]]))
      .filter(([, v]) => v !== ""),
  );
  const api = apiVerdict(schema, flat);
  if (api === null) expect(result.ok).toBe(true);
  else expect(result.errors).toEqual(Object.keys(api).length ? api : { details: expect.any(Array) });
  return result;
}

describe("every page that reads a query parses it like the API", () => {
  const pages = pageFiles();

  it("each page reading searchParams parses them through its registered query, or is listed as lenient with a reason", () => {
    const unregistered: string[] = [];
    for (const { route, file } of pages) {
      const source = readFileSync(file, "utf8");
      if (!/searchParams/.test(source)) continue;
      const registered =
        ENTRIES.some(([key]) => key.split("?")[0] === route && source.includes(`PAGE_QUERIES["${key}"]`)) && source.includes("parsePageQuery(");
      if (!registered && !(route in LENIENT)) unregistered.push(`${route} (${path.relative(process.cwd(), file)})`);
      if (registered) expect(LENIENT, `${route} is registered, so it is not lenient`).not.toHaveProperty(route);
    }
    expect(unregistered).toEqual([]);
  });

  it("every registered query and every lenient entry names a page that exists", () => {
    const routes = new Set(pages.map((p) => p.route));
    for (const key of [...ENTRIES.map(([k]) => k.split("?")[0]!), ...Object.keys(LENIENT)]) expect(routes, key).toContain(key);
  });

  for (const [key, schema] of ENTRIES) {
    describe(key, () => {
      const fields = [...FIELDS_OF(schema), "unknownName"];

      it("a control character or a broken surrogate in any field is that field's error, and is not echoed back", () => {
        for (const field of fields) {
          for (const bad of CONTROL_STRINGS) {
            for (const sp of [{ [field]: bad }, { [field]: ["fine", bad] }, { [field]: `a${bad}`.repeat(3) }]) {
              const r = parseBoth(schema, sp);
              expect(r.ok, `${field}=${JSON.stringify(sp[field])}`).toBe(false);
              expect(r.errors).toEqual({ [field]: [FORBIDDEN_TEXT_MESSAGE] });
              expect(r.values).not.toHaveProperty(field);
            }
          }
          // In a name rather than a value: as the API answers (the schema drops a name it does not know), and never shown again.
          const r = parseBoth(schema, { ...BASE[key], [`${field}\u0000`]: "x" });
          expect(Object.keys(r.values).filter((name) => name.includes("\u0000"))).toEqual([]);
        }
      });

      it("an overlong value is its field's error (never a throw); a declared field refuses it", () => {
        for (const field of FIELDS_OF(schema)) {
          for (const long of ["a".repeat(10_001), "😀".repeat(5_000), "9".repeat(400)]) {
            const r = parseBoth(schema, { ...BASE[key], [field]: long });
            expect(r.ok, field).toBe(false);
            expect(Object.keys(r.errors)).toEqual([field]);
            expect(r.errors[field]!.join(" ")).toMatch(/\S/);
          }
        }
      });

      it("tricky text, numbers and repeated names in every field: the API's verdict, naming only known fields", () => {
        for (const field of fields) {
          for (const v of [...TRICKY_STRINGS, "0", "-1", "1", "2", "100001", "1.5", "open", "all", "events", "90"]) {
            for (const sp of [{ [field]: v }, { [field]: [v, v] }, { [field]: ["x", v] }]) {
              const r = parseBoth(schema, sp);
              if (!r.ok) for (const name of Object.keys(r.errors)) expect([...fields, "details"]).toContain(name);
            }
          }
        }
      });

      it("an empty query is accepted, or refused only for a field the page itself treats as no input yet", () => {
        const r = parseBoth(schema, {});
        if (key === "/forums/search") expect(r.errors).toEqual({ q: [expect.any(String)] });
        else expect(r.ok).toBe(true);
        // A GET form's empty fields count as not sent.
        expect(parsePageQuery(schema, Object.fromEntries(FIELDS_OF(schema).map((f) => [f, ""]))).errors).toEqual(r.errors);
      });
    });
  }
});
