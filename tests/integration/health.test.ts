import { afterEach, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as openapi } from "@/app/api/v1/openapi.json/route";
import { resetEnvCache } from "@/lib/server/env";
import { call } from "./helpers";

const g = globalThis as unknown as { prisma?: { $disconnect(): Promise<void> } };
const realUrl = process.env.DATABASE_URL;

async function swapDatabase(url: string | undefined) {
  await g.prisma?.$disconnect();
  delete g.prisma;
  process.env.DATABASE_URL = url;
  resetEnvCache();
}

afterEach(async () => {
  await swapDatabase(realUrl);
});

describe("GET /api/health", () => {
  it("answers 200 with the database up and migrations current", async () => {
    const r = await call(health, { path: "/api/health" });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ status: "ok", database: "up", migrations: "current" });
  });

  it("answers 503 when the database is unreachable", async () => {
    await swapDatabase("postgresql://nobody:nothing@127.0.0.1:9/none");
    const r = await call(health, { path: "/api/health" });
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ status: "unavailable", database: "down" });
  });
});

describe("GET /api/v1/openapi.json", () => {
  it("describes the API from the zod contracts", async () => {
    const r = await call(openapi, { path: "/api/v1/openapi.json" });
    expect(r.status).toBe(200);
    expect(r.json.openapi).toBe("3.1.0");
    const paths = r.json.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
    expect(paths["/api/health"]?.get?.responses["503"]).toBeDefined();
    expect(Object.keys(paths)).toContain("/api/v1/openapi.json");
  });
});
