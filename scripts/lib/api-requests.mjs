// What the server entry (scripts/server.mjs) settles for /api requests before Next sees them:
// - a method the path does not have: 405 with `Allow` and a JSON body (Next's own 405 has
//   neither, which RFC 9110 §15.5.6 requires);
// - the trailing-slash spellings of docs/product.md §7 (`/forums/`, `/news/{id}/`, …): answered directly as the
//   path without the slash, instead of Next's 308 redirect, which costs every client a round
//   trip and which some clients do not follow on a POST. Pages keep their canonical URL.
import { readFileSync } from "node:fs";

/** @typedef {{ path: string; pattern: RegExp; dynamic: number; methods: string[] }} ApiRoute */

/**
 * The API routes from lib/api-methods.json, most specific first (fewer {params}), as Next
 * prefers a static segment over a dynamic one.
 * @param {Record<string, string[]>} table
 * @returns {ApiRoute[]}
 */
export function compileApiRoutes(table) {
  return Object.entries(table)
    .map(([path, methods]) => {
      const parts = path.split("/").map((seg) => (/^\{\w+\}$/.test(seg) ? "[^/]+" : seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
      return { path, pattern: new RegExp(`^${parts.join("/")}$`), dynamic: (path.match(/\{/g) ?? []).length, methods };
    })
    .sort((a, b) => a.dynamic - b.dynamic || a.path.localeCompare(b.path));
}

/** @returns {ApiRoute[]} */
export function loadApiRoutes() {
  return compileApiRoutes(JSON.parse(readFileSync(new URL("../../lib/api-methods.json", import.meta.url), "utf8")));
}

/**
 * The methods allowed on an API path when `method` is not one of them; null when it is, or the
 * path is no API route (Next answers those: 404).
 * @param {ApiRoute[]} routes @param {string} method @param {string} pathname
 * @returns {string[] | null}
 */
export function disallowedMethod(routes, method, pathname) {
  const route = routes.find((r) => r.pattern.test(pathname));
  if (!route || route.methods.includes(method)) return null;
  return route.methods;
}

/**
 * The request URL with one trailing slash dropped from an /api path (`/api/v1/forums/?x=1` →
 * `/api/v1/forums?x=1`); any other URL unchanged.
 * @param {string} url
 */
export function withoutApiTrailingSlash(url) {
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  if (!path.startsWith("/api/") || path.length <= 5 || !path.endsWith("/") || path.endsWith("//")) return url;
  return path.slice(0, -1) + (q === -1 ? "" : url.slice(q));
}

/** The JSON 405 answer's body. @param {string[]} allow */
export function methodNotAllowedBody(allow) {
  return `${JSON.stringify({ details: `Method not allowed here. Use ${allow.join(", ")}.` })}\n`;
}
