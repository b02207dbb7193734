import { defineConfig } from "vitest/config";
import base from "../../vitest.config";
import LoadFailureReporter from "./load-failure-reporter";

// The vitest configuration of a mutation run (scripts/mutation.mjs): the project's own, narrowed
// to the test files of one module group (MUTATION_TEST_FILES, a comma list), plus a reporter
// that counts a test file that fails to load as a failed test. Narrowing here rather than with
// Stryker's `testFiles` keeps static mutants (module-level values) activated before the module
// loads: with `testFiles`, Stryker 9.6 activates them too late (https://github.com/stryker-mutator/stryker-js/issues/6144). Integration
// files share one database per Stryker worker (scripts/mutation/integration-env.ts).

const files = (process.env.MUTATION_TEST_FILES ?? "").split(",").filter(Boolean);
if (files.length === 0) throw new Error("MUTATION_TEST_FILES is empty: run mutation tests through scripts/mutation.mjs");

type Project = { test: { name: string; include: string[]; setupFiles?: string[] } };
const SETUP = { "tests/setup/integration-env.ts": "scripts/mutation/integration-env.ts" } as Record<string, string>;
const projects = (base.test?.projects ?? []) as Project[];
const narrowed = projects
  .map((p) => {
    const dir = p.test.include[0]!.replace(/\*\*.*$/, "");
    // One database per Stryker worker instead of one per test file run (scripts/mutation/integration-env.ts).
    const setupFiles = p.test.setupFiles?.map((f) => SETUP[f] ?? f);
    return { ...p, test: { ...p.test, ...(setupFiles ? { setupFiles } : {}), include: files.filter((f) => f.startsWith(dir)) } };
  })
  .filter((p) => p.test.include.length > 0);

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: narrowed,
    reporters: ["default", new LoadFailureReporter()],
  },
});
