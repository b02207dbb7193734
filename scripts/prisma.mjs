#!/usr/bin/env node
// Runs the installed Prisma CLI with our offline schema engine.
//
//   node scripts/prisma.mjs <prisma args>     (npm run prisma -- <prisma args>)
//
// The Prisma CLI downloads a native `schema-engine` binary before any command,
// which fails without internet. PRISMA_SCHEMA_ENGINE_BINARY makes it use
// scripts/prisma-engine/schema-engine.mjs instead: a Node program hosting the
// WebAssembly build of the same engine (the nearest published build of it: see
// that file's header). An engine set in the environment wins.
// Telemetry and update checks are turned off (they would only time out here).
import { spawn } from "node:child_process";
import { accessSync, chmodSync, constants } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

let cli;
try {
  cli = path.join(path.dirname(require.resolve("prisma/package.json")), "build", "index.js");
} catch {
  console.error("scripts/prisma.mjs: the `prisma` package is not installed (run `npm install`).");
  process.exit(1);
}

const env = { ...process.env };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY) {
  const engine = path.join(here, "prisma-engine", "schema-engine.mjs");
  // The CLI executes the engine file directly (it has a `#!/usr/bin/env node` line): it must
  // be executable, which a checkout without file modes (zip, core.fileMode=false) loses.
  try {
    accessSync(engine, constants.X_OK);
  } catch {
    chmodSync(engine, 0o755);
  }
  env.PRISMA_SCHEMA_ENGINE_BINARY = engine;
}
env.CHECKPOINT_DISABLE ??= "1"; // no telemetry / version check
env.PRISMA_HIDE_UPDATE_MESSAGE ??= "1";
env.PRISMA_ENGINES_CHECKSUM_IGNORE_MISSING ??= "1";

const child = spawn(process.execPath, [cli, ...process.argv.slice(2)], { stdio: "inherit", env });

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("error", (err) => {
  console.error(`scripts/prisma.mjs: could not start the Prisma CLI: ${err.message}`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  if (signal) {
    console.error(`scripts/prisma.mjs: the Prisma CLI was killed by ${signal}`);
    process.exit(1);
  }
  process.exit(code ?? 1);
});
