import { afterAll, inject } from "vitest";
import { applyIntegrationSettings, disconnectAppDb } from "./integration-settings";
import { cloneTestDatabase } from "./test-db.mjs";

// Configuration for integration tests, set before any lib/server module reads it. Every test
// file gets a database of its own, copied from the run's migrated template (global-db.ts) and
// dropped when the file ends.
const own = await cloneTestDatabase(inject("adminDatabaseUrl"), inject("templateDatabase"), { prefix: "it" });
applyIntegrationSettings(own.url);

afterAll(async () => {
  await disconnectAppDb();
  await own.drop();
});
