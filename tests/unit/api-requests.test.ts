import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { apiMethodsOf } from "@/lib/schemas/api-methods";
import { endpointsSource } from "@/lib/schemas/endpoints-source";
import { operations } from "@/lib/schemas/operations";
import { compileApiRoutes, disallowedMethod, loadApiRoutes, withoutApiTrailingSlash } from "../../scripts/lib/api-requests.mjs";

// The server entry's own answers for /api requests (scripts/lib/api-requests.mjs): 405 with
// Allow from the operations' methods, and the trailing-slash spellings of docs/product.md §7 served directly.

describe("lib/api-methods.json", () => {
  it("lists exactly the operations' methods (run `npm run api:methods` after adding a route)", () => {
    const file = JSON.parse(readFileSync(new URL("../../lib/api-methods.json", import.meta.url), "utf8"));
    expect(file).toEqual(apiMethodsOf(operations));
  });
});

describe("lib/client/endpoints.ts", () => {
  it("is generated from the operations as they are now (run `npm run api:methods`)", () => {
    const loaded = import.meta.glob<Record<string, unknown>>("../../lib/schemas/*.ts", { eager: true });
    const modules = Object.fromEntries(
      Object.entries(loaded)
        .map(([file, exports]) => [file.replace(/^.*\/(.+)\.ts$/, "$1"), exports] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
    const file = readFileSync(new URL("../../lib/client/endpoints.ts", import.meta.url), "utf8");
    expect(file).toBe(endpointsSource(operations, modules));
  });
});

describe("405 for a method the path lacks", () => {
  const routes = loadApiRoutes();
  it("answers the path's methods, with HEAD for GET and OPTIONS always", () => {
    expect(disallowedMethod(routes, "PUT", "/api/v1/tickets/5")).toEqual(["GET", "HEAD", "OPTIONS", "PATCH"]);
    expect(disallowedMethod(routes, "DELETE", "/api/v1/forums")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(disallowedMethod(routes, "GET", "/api/v1/webhooks/stripe")).toEqual(["OPTIONS", "POST"]);
  });
  it("lets the path's own methods through, and unknown paths to Next's 404", () => {
    for (const [m, p] of [
      ["GET", "/api/v1/tickets/5"],
      ["PATCH", "/api/v1/tickets/5"],
      ["HEAD", "/api/v1/forums"],
      ["OPTIONS", "/api/v1/forums"],
      ["POST", "/api/v1/forums/threads"],
    ])
      expect(disallowedMethod(routes, m!, p!), `${m} ${p}`).toBeNull();
    expect(disallowedMethod(routes, "PUT", "/api/v1/no-such-thing")).toBeNull();
    expect(disallowedMethod(routes, "PUT", "/api/v1/tickets/5/extra")).toBeNull();
  });
  it("prefers a static path to a dynamic one, as Next routes them", () => {
    const table = { "/api/v1/x/{id}": ["DELETE", "OPTIONS"], "/api/v1/x/latest": ["GET", "HEAD", "OPTIONS"] };
    const compiled = compileApiRoutes(table);
    expect(disallowedMethod(compiled, "GET", "/api/v1/x/latest")).toBeNull();
    expect(disallowedMethod(compiled, "DELETE", "/api/v1/x/latest")).toEqual(["GET", "HEAD", "OPTIONS"]);
    expect(disallowedMethod(compiled, "GET", "/api/v1/x/7")).toEqual(["DELETE", "OPTIONS"]);
  });
});

describe("trailing-slash spellings of the API paths of docs/product.md §7", () => {
  it("drop one trailing slash from an /api path, keeping the query", () => {
    expect(withoutApiTrailingSlash("/api/v1/forums/")).toBe("/api/v1/forums");
    expect(withoutApiTrailingSlash("/api/v1/hiscores/?page=2")).toBe("/api/v1/hiscores?page=2");
    expect(withoutApiTrailingSlash("/api/v1/forums")).toBe("/api/v1/forums");
    expect(withoutApiTrailingSlash("/rules/")).toBe("/rules/");
    expect(withoutApiTrailingSlash("/api/")).toBe("/api/");
    expect(withoutApiTrailingSlash("/api/v1/forums//")).toBe("/api/v1/forums//");
    expect(withoutApiTrailingSlash("/api/v1/x?next=/a/")).toBe("/api/v1/x?next=/a/");
  });
  // The spellings of docs/product.md §7: each reaches a real GET operation once its slash is dropped.
  it.each([
    "/api/v1/hiscores/?page=2",
    "/api/v1/forums/",
    "/api/v1/forums/categories/",
    "/api/v1/forums/thread/5/?page=2",
    "/api/v1/news/?year=2025",
    "/api/v1/news/5/",
    "/api/v1/store/products/3/?page=2",
  ])("%s is answered by its GET operation", (spelling) => {
    const routes = loadApiRoutes();
    const path = withoutApiTrailingSlash(spelling).split("?")[0]!;
    const route = routes.find((r) => r.pattern.test(path));
    expect(route?.methods, spelling).toContain("GET");
  });
});
