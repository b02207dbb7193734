import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildOpenApi } from "@/lib/schemas/openapi";
import { operations } from "@/lib/schemas/operations";

// Every route handler under app/api is described by an operation, and vice versa, so the
// OpenAPI document cannot drift from the code. The one exception is the catch-all that answers
// unmatched paths under /api/v1 with the API's 404 (app/api/v1/[[...path]]): not an operation.

const CATCH_ALL = /^\[\[?\.\.\./;

const API_DIR = path.join(import.meta.dirname, "../../app/api");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? routeFiles(p) : e.name === "route.ts" ? [p] : [];
  });
}

function handlers(): string[] {
  return routeFiles(API_DIR).flatMap((file) => {
    if (
      path
        .relative(API_DIR, path.dirname(file))
        .split(path.sep)
        .some((seg) => CATCH_ALL.test(seg))
    )
      return [];
    const url =
      "/api/" +
      path
        .relative(API_DIR, path.dirname(file))
        .split(path.sep)
        .map((seg) => seg.replace(/^\[(.+)\]$/, "{$1}"))
        .join("/");
    const methods = [...readFileSync(file, "utf8").matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]);
    return methods.map((m) => `${m} ${url}`);
  });
}

describe("OpenAPI document", () => {
  it("lists exactly the route handlers that exist", () => {
    const documented = operations.map((op) => `${op.method} ${op.path}`).sort();
    expect(documented).toEqual(handlers().sort());
  });

  it("has one catch-all route, for unmatched paths under /api/v1, and no operation under it", () => {
    const catchAlls = routeFiles(API_DIR)
      .map((f) => path.relative(API_DIR, f))
      .filter((f) => f.split(path.sep).some((seg) => CATCH_ALL.test(seg)));
    expect(catchAlls).toEqual([path.join("v1", "[[...path]]", "route.ts")]);
    expect(operations.filter((op) => op.path.includes("..."))).toEqual([]);
  });

  it("has unique operation ids and a JSON schema for every request body", () => {
    const doc = buildOpenApi({ title: "t", serverUrl: "http://localhost" }) as {
      paths: Record<string, Record<string, { operationId: string; requestBody?: { content: Record<string, { schema: { type?: string } }> } }>>;
    };
    const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(new Set(ids).size).toBe(ids.length);
    const register = doc.paths["/api/v1/users"]?.post;
    expect(register?.requestBody?.content["application/json"]?.schema.type).toBe("object");
  });
});
