import os from "node:os";

// Stryker's options for one module group (scripts/mutation.mjs). Option names: the Stryker
// configuration reference (stryker-mutator.io/docs/stryker-js/configuration) and its vitest
// runner page (…/vitest-runner).

/** Two workers at most: integration tests share one PostgreSQL server per worker and the machine has 2 cores. */
export const CONCURRENCY = Math.max(1, Math.min(2, os.availableParallelism()));

export function strykerOptions({ group, mutate, reportFile, incremental, disableBail }) {
  return {
    $schema: "../../node_modules/@stryker-mutator/core/schema/stryker-schema.json",
    testRunner: "vitest",
    // Our config narrows the project's own to the group's test files (MUTATION_TEST_FILES);
    // `related` would look for tests through imports, which route-level tests do not always have.
    vitest: { configFile: "scripts/mutation/vitest.config.ts", related: false },
    // Each mutant runs only the tests that reached it in the initial run.
    coverageAnalysis: "perTest",
    // Log lines and message texts are left out of the score (scripts/mutation/ignore-messages.mjs).
    appendPlugins: ["./scripts/mutation/ignore-messages.mjs"],
    ignorers: ["messages"],
    mutate,
    concurrency: CONCURRENCY,
    // The machine is shared and integration tests wait on PostgreSQL: allow slow runs before calling a mutant a timeout.
    timeoutMS: group.integration ? 20_000 : 10_000,
    timeoutFactor: 2,
    dryRunTimeoutMinutes: 15,
    // Static mutants (values computed when a module loads) are run too, with every test of the group.
    ignoreStatic: false,
    incremental,
    disableBail,
    incrementalFile: reportFile.replace(/\.json$/, ".incremental.json"),
    reporters: ["json", "clear-text", "progress-append-only"],
    jsonReporter: { fileName: reportFile },
    clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
    allowConsoleColors: false,
    thresholds: { high: 90, low: group.threshold ?? 80, break: null },
    ignorePatterns: ["/.next*", "/test-results", "/playwright-report", "/reports", "/tests/e2e", "/tests/smoke", "/.data", "/coverage"],
    tempDirName: ".stryker-tmp",
    cleanTempDir: true,
  };
}
