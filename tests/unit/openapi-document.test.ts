import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { buildOpenApi, responsesOf } from "@/lib/schemas/openapi";
import { operations } from "@/lib/schemas/operations";

// The OpenAPI document tells the whole truth: every answer an operation can
// give is declared, ids and numbers carry their ranges, and the document is valid OpenAPI 3.1
// by an independent validator.

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ name: string; schema: Record<string, unknown> }>;
        requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
        responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: Record<string, unknown> }> }>;
      }
    >
  >;
};
const doc = buildOpenApi({ title: "Test", serverUrl: "http://localhost:3000" }) as unknown as Doc;
const opOf = (path: string, method: string) => doc.paths[path]![method.toLowerCase()]!;

describe("the OpenAPI document", () => {
  it("is valid OpenAPI 3.1 for an independent validator", async () => {
    const result = await new Validator().validate(JSON.parse(JSON.stringify(doc)));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("types every id as an integer from 1 to 2^31-1, in paths, queries and bodies", () => {
    const ticket = opOf("/api/v1/tickets/{id}", "GET").parameters!.find((p) => p.name === "id")!;
    expect(ticket.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 2147483647 });
    const purchase = opOf("/api/v1/store/purchase", "POST").requestBody!.content["application/json"]!.schema as { properties: Record<string, unknown> };
    expect(purchase.properties.id).toMatchObject({ type: "integer", minimum: 1, maximum: 2147483647 });
    // No parameter anywhere is left as "number or string".
    const loose = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.values(methods).flatMap((o) => (o.parameters ?? []).filter((p) => JSON.stringify(p.schema).includes('"anyOf"')).map((p) => `${path} ${p.name}`)),
    );
    expect(loose).toEqual([]);
  });

  it("gives query numbers their range", () => {
    const page = opOf("/api/v1/tickets", "GET").parameters!.find((p) => p.name === "page")!;
    expect(page.schema).toMatchObject({ type: "integer", minimum: 1 });
    const year = opOf("/api/v1/news", "GET").parameters!.find((p) => p.name === "year")!;
    expect(year.schema).toMatchObject({ type: "integer", minimum: 2000, maximum: 2100 });
    const amount = opOf("/api/v1/news/latest", "GET").parameters!.find((p) => p.name === "amount")!;
    expect(amount.schema).toMatchObject({ type: "integer", minimum: 1 });
    expect(amount.schema.maximum).toEqual(expect.any(Number));
  });

  it("says token/refresh takes refresh or refreshToken", () => {
    const body = opOf("/api/v1/token/refresh", "POST").requestBody!.content["application/json"]!.schema;
    expect(body.anyOf).toEqual([{ required: ["refresh"] }, { required: ["refreshToken"] }]);
  });

  it("declares 429 with Retry-After on every rate-limited operation, and on no other", () => {
    for (const op of operations) {
      const r = responsesOf(op);
      if (op.rateLimited) expect(r["429"]?.headers, `${op.method} ${op.path}`).toHaveProperty("Retry-After");
      else expect(r["429"], `${op.method} ${op.path}`).toBeUndefined();
    }
    expect(operations.filter((op) => op.rateLimited).length).toBeGreaterThanOrEqual(28);
  });

  it("declares the auth mode's refusals: 401 when a credential is needed, 403 where one can fall short", () => {
    for (const op of operations) {
      const codes = Object.keys(responsesOf(op));
      const who = `${op.method} ${op.path}`;
      if (op.auth !== "none" && op.auth !== "optional") expect(codes, who).toContain("401");
      if (op.auth === "user" && !op.storeSession) expect(codes, who).toContain("403");
      if (op.auth === "moderator" || op.auth === "administrator" || op.auth === "owner" || op.auth === "game") expect(codes, who).toContain("403");
      if (op.body) expect(codes, who).toEqual(expect.arrayContaining(["400", "413"]));
      if (op.params) expect(codes, who).toContain("404");
    }
  });

  it("lists both error keys where the client of docs/product.md §7 reads `error` (purchase, 2FA)", () => {
    for (const path of ["/api/v1/store/purchase", "/api/v1/2fa/activate", "/api/v1/2fa/deactivate"]) {
      const schema = opOf(path, "POST").responses["400"]!.content!["application/json"]!.schema as { properties: Record<string, unknown>; required: string[] };
      expect(Object.keys(schema.properties), path).toEqual(expect.arrayContaining(["details", "error"]));
      expect(schema.required, path).toEqual(expect.arrayContaining(["details", "error"]));
    }
  });
});
