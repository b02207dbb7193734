import type { RunnerTask, RunnerTestCase, RunnerTestFile } from "vitest";
import type { Reporter, Vitest } from "vitest/node";

// Stryker's vitest runner (9.6.1) builds a mutant's result from the tests it collected. A test
// file that fails to load (a mutant that makes a module throw on import) collects none, so the
// mutant would count as survived although the suite catches it (https://github.com/stryker-mutator/stryker-js/issues/6150). This
// reporter, used only by mutation runs, gives such a file one failed test carrying its error.

function hasTests(task: RunnerTask): boolean {
  return task.type === "test" || (task.type === "suite" && task.tasks.some(hasTests));
}

export default class LoadFailureReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(): void {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== "fail" || file.tasks.some(hasTests)) continue;
      file.tasks.push(failedLoad(file));
    }
  }
}

function failedLoad(file: RunnerTestFile): RunnerTestCase {
  // Only the fields Stryker and vitest's state read once the run is over.
  return {
    type: "test",
    id: `${file.id}_load`,
    name: "(test file failed to load)",
    mode: "run",
    file,
    suite: file,
    meta: {},
    timeout: 0,
    annotations: [],
    artifacts: [],
    fullName: `${file.name} > (test file failed to load)`,
    context: undefined as unknown as RunnerTestCase["context"],
    result: { state: "fail", errors: file.result?.errors ?? [{ message: "test file failed to load" }] },
  } as unknown as RunnerTestCase;
}
