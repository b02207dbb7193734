import type { TestProject } from "vitest/node";
import { createTestDatabase, startTestServer } from "./test-db.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database every integration test file is copied from (tests/setup/integration-env.ts). */
    templateDatabase: string;
    adminDatabaseUrl: string;
  }
}

// The integration run migrates one database, once. Each test file then runs in a copy of its
// own (integration-env.ts), so no file sees another's rows: counts and orders hold whatever
// runs beside it, and files may run in any order.
export default async function setup(project: TestProject) {
  const server = await startTestServer();
  const template = await createTestDatabase(server.adminUrl, { prefix: "it_template" });
  project.provide("templateDatabase", template.name);
  project.provide("adminDatabaseUrl", server.adminUrl);
  return async () => {
    await template.drop();
    await server.stop();
  };
}
