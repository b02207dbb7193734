import type { TestProject } from "vitest/node";
import { createTestDatabase, startTestServer } from "./test-db.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    adminDatabaseUrl: string;
  }
}

// One migrated database for the integration run; tests isolate by creating their own rows.
export default async function setup(project: TestProject) {
  const server = await startTestServer();
  const db = await createTestDatabase(server.adminUrl, { prefix: "it" });
  project.provide("databaseUrl", db.url);
  project.provide("adminDatabaseUrl", server.adminUrl);
  return async () => {
    await db.drop();
    await server.stop();
  };
}
