import { describe, expect, it } from "vitest";
import { buildOpenApi } from "@/lib/schemas/openapi";

describe("POST /api/v1/token/refresh in the OpenAPI document", () => {
  it("records refresh-token rotation as a deliberate departure from the product contract, with the reason", () => {
    const doc = buildOpenApi({ title: "t", serverUrl: "http://localhost" }) as { paths: Record<string, Record<string, { description?: string }>> };
    const text = doc.paths["/api/v1/token/refresh"]?.post?.description ?? "";
    expect(text).toMatch(/Deliberate departure from the product contract/);
    expect(text).toMatch(/NEW refresh token/);
    expect(text).toMatch(/logged out on its second refresh/);
  });
});
