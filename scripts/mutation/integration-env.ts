import { afterAll, inject } from "vitest";
import { applyIntegrationSettings, disconnectAppDb } from "../../tests/setup/integration-settings";

// The integration setup of a mutation run, in place of tests/setup/integration-env.ts. That file
// copies the migrated template into a database of its own for every test file; a mutant run is
// one run of one or two files, so it would create and drop a database for every mutant. Here
// every run of a Stryker worker uses that worker's migrated database itself (each worker has its
// own server and template: tests/setup/global-db.ts runs once per worker). The group's test files
// look only at rows they made, as the integration suite's files did before they had a database
// each. The settings are the suite's (tests/setup/integration-settings.ts).
const url = new URL(inject("adminDatabaseUrl"));
url.pathname = `/${inject("templateDatabase")}`;
applyIntegrationSettings(url.toString());

afterAll(disconnectAppDb);
