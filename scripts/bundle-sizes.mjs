#!/usr/bin/env node
// First-load JavaScript of pages, from a production build's own manifests (Next 16 no longer
// prints sizes after `next build`).
//
//   node scripts/bundle-sizes.mjs [--dist=.next] [--json] [--all] [--find=TEXT] [--verify-url=URL] [routes…]
//
// Routes default to the public pages below; --all lists every page. A page's first load is what
// its HTML asks for with <script src>: the runtime files every page loads (build-manifest.json
// `rootMainFiles`) and the client chunks of the root layout, every layout on its path and the page
// itself (`entryJSFiles` of server/app/<page>_client-reference-manifest.js). Not counted: the
// noModule polyfills (modern browsers skip them), the chunks of not-found and global-error (loaded
// only when one is shown), and chunks loaded later by dynamic import() — which is how a library
// kept off the first load (the staff charts) stays out. Sizes are bytes on disk and gzip level 9,
// as Next's old table gave them.
//
// The method checks itself: for every prerendered page (server/app/<route>.html) the computed
// set must equal the HTML's own <script src> list, and the script fails when it does not.
// --verify-url=http://localhost:3000 does the same against a running server for every route.
// --find=TEXT lists the chunks whose code contains TEXT and which routes load them first.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";

const PUBLIC_ROUTES = ["/", "/rules", "/login", "/register", "/hiscores", "/forums", "/store"];
/** Boundaries whose chunks load only when they are shown. */
const ON_DEMAND = /\/(not-found|global-error|forbidden|unauthorized)$/;

const args = process.argv.slice(2);
const opt = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const dist = path.resolve(opt("dist") ?? process.env.NEXT_DIST_DIR ?? ".next");
const asJson = args.includes("--json");
const find = opt("find");
const verifyUrl = opt("verify-url");

const readJson = (file) => JSON.parse(readFileSync(path.join(dist, file), "utf8"));
if (!existsSync(path.join(dist, "build-manifest.json"))) {
  console.error(`bundle-sizes: no build in ${dist} (run next build with NEXT_DIST_DIR, or pass --dist=)`);
  process.exit(2);
}
const rootMainFiles = readJson("build-manifest.json").rootMainFiles;
/** "/(site)/rules/page" → "/rules" */
const appPaths = readJson("app-path-routes-manifest.json");
const pageOf = new Map(
  Object.entries(appPaths)
    .filter(([p]) => p.endsWith("/page"))
    .map(([p, route]) => [route, p]),
);

const requested = args.filter((a) => !a.startsWith("--"));
// The framework's own /_not-found and /_global-error pages are those boundaries themselves: left out of --all.
const routes = args.includes("--all") ? [...pageOf.keys()].filter((r) => !r.startsWith("/_")).sort() : requested.length ? requested : PUBLIC_ROUTES;

/** The chunk files a page's HTML loads at first, relative to the dist folder. */
function firstLoadFiles(route) {
  const appPath = pageOf.get(route);
  if (!appPath) throw new Error(`bundle-sizes: no page for ${route} in ${dist}/app-path-routes-manifest.json`);
  const file = path.join(dist, "server", "app", `${appPath}_client-reference-manifest.js`);
  const sandbox = {};
  vm.runInNewContext(readFileSync(file, "utf8"), sandbox);
  const manifest = sandbox.__RSC_MANIFEST[appPath];
  const files = new Set(rootMainFiles);
  for (const [entry, chunks] of Object.entries(manifest.entryJSFiles)) if (!ON_DEMAND.test(entry)) for (const c of chunks) files.add(c);
  return [...files].sort();
}

const sizeCache = new Map();
function sizeOf(file) {
  if (!sizeCache.has(file)) {
    const buf = readFileSync(path.join(dist, file));
    sizeCache.set(file, { bytes: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
  }
  return sizeCache.get(file);
}

/** The script files an HTML document loads (module scripts; noModule polyfills left out). */
function scriptsOf(html) {
  return [...html.matchAll(/<script\b[^>]*\bsrc="\/_next\/([^"]+)"[^>]*>/g)]
    .filter((m) => !/\bnoModule\b/i.test(m[0]))
    .map((m) => m[1])
    .sort();
}

const problems = [];
function compare(route, computed, loaded, where) {
  const a = computed.join("\n");
  const b = loaded.join("\n");
  if (a !== b)
    problems.push(
      `${route}: computed ${computed.length} files, ${where} loads ${loaded.length}: ${computed
        .filter((f) => !loaded.includes(f))
        .concat(loaded.filter((f) => !computed.includes(f)))
        .join(", ")}`,
    );
}

const rows = [];
for (const route of routes) {
  const files = firstLoadFiles(route);
  const total = files.reduce((t, f) => ({ bytes: t.bytes + sizeOf(f).bytes, gzip: t.gzip + sizeOf(f).gzip }), { bytes: 0, gzip: 0 });
  const html = path.join(dist, "server", "app", `${route === "/" ? "index" : route.slice(1)}.html`);
  let verified = "";
  if (existsSync(html)) {
    compare(route, files, scriptsOf(readFileSync(html, "utf8")), "its prerendered HTML");
    verified = "html";
  }
  if (verifyUrl && !route.includes("[")) {
    const res = await fetch(new URL(route, verifyUrl), { redirect: "manual" });
    if (res.status === 200) {
      compare(route, files, scriptsOf(await res.text()), `GET ${route}`);
      verified = verified ? `${verified}+server` : "server";
    } else problems.push(`${route}: GET answered ${res.status}, not checked`);
  }
  rows.push({ route, files: files.length, bytes: total.bytes, gzip: total.gzip, verified });
}

let found;
if (find) {
  const chunkDir = path.join(dist, "static", "chunks");
  const hits = readdirSync(chunkDir).filter((f) => f.endsWith(".js") && readFileSync(path.join(chunkDir, f), "utf8").includes(find));
  const loadedBy = new Map(hits.map((h) => [h, []]));
  for (const route of pageOf.keys()) for (const f of firstLoadFiles(route)) loadedBy.get(f.replace(/^static\/chunks\//, ""))?.push(route);
  found = hits.map((h) => ({ chunk: `static/chunks/${h}`, ...sizeOf(`static/chunks/${h}`), firstLoadOf: loadedBy.get(h) }));
}

const kB = (n) => (n / 1024).toFixed(1);
if (asJson) console.log(JSON.stringify({ dist, rows, found, problems }, null, 2));
else {
  console.log(`First-load JS in ${dist} (kB = 1024 bytes; gzip level 9)`);
  console.log(["route".padEnd(32), "files".padStart(5), "raw kB".padStart(9), "gzip kB".padStart(9), "  checked"].join(" "));
  for (const r of rows)
    console.log([r.route.padEnd(32), String(r.files).padStart(5), kB(r.bytes).padStart(9), kB(r.gzip).padStart(9), `  ${r.verified || "-"}`].join(" "));
  if (found) {
    console.log(`\nChunks containing ${JSON.stringify(find)}:`);
    if (!found.length) console.log("  none");
    for (const f of found)
      console.log(
        `  ${f.chunk}  ${kB(f.bytes)} kB raw, ${kB(f.gzip)} kB gzip; first load of: ${f.firstLoadOf.length ? f.firstLoadOf.join(", ") : "no page (loaded on demand only)"}`,
      );
  }
  for (const p of problems) console.error(`MISMATCH ${p}`);
}
process.exit(problems.some((p) => !p.includes("not checked")) ? 1 : 0);
