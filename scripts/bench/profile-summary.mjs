#!/usr/bin/env node
// Where a worker's CPU time went: reads V8 .cpuprofile files (node --cpu-prof) and prints the
// share of sampled time by package (self time) and the functions with the most self time.
//
//   node scripts/bench/profile-summary.mjs <file.cpuprofile|folder> [--top 25]
//
// Made for `BENCH_PROFILE=<folder> npm run bench:cpu` (docs/performance.md, "Where the time goes").
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt >= 0 ? Number(args[topAt + 1]) : 25;
const target = args.find((a, i) => !a.startsWith("--") && (topAt < 0 || i !== topAt + 1));
if (!target) {
  console.error("usage: node scripts/bench/profile-summary.mjs <file.cpuprofile|folder> [--top N]");
  process.exit(2);
}
const files = statSync(target).isDirectory()
  ? readdirSync(target)
      .filter((f) => f.endsWith(".cpuprofile"))
      .map((f) => path.join(target, f))
  : [target];

/** A readable bucket for a script URL: the npm package, Next's server chunks, our code, node itself. */
function bucket(url) {
  if (!url) return "(native / V8)";
  if (url.startsWith("node:")) return "node core";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.includes("/.next") && url.includes("/server/chunks/")) return "app server chunks (ours + bundled packages)";
  if (url.includes("/.next")) return "app build (.next)";
  return path.relative(process.cwd(), url.replace(/^file:\/\//, "")) || url;
}

const byBucket = new Map();
const byFunction = new Map();
/** Samples with the bucket / function anywhere on their stack (inclusive time). */
const underBucket = new Map();
const underFunction = new Map();
let total = 0;
let idle = 0;
for (const file of files) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keyOf = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    return `${functionName || "(anonymous)"}  ${bucket(url)}${url ? `:${lineNumber + 1}` : ""}`;
  };
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  for (const [id, n] of counts) {
    const node = nodes.get(id);
    const { functionName, url } = node.callFrame;
    if (functionName === "(idle)") {
      idle += n;
      continue;
    }
    total += n;
    const b = functionName === "(garbage collector)" ? "(garbage collector)" : functionName === "(program)" ? "(program)" : bucket(url);
    byBucket.set(b, (byBucket.get(b) ?? 0) + n);
    const key = keyOf(node);
    byFunction.set(key, (byFunction.get(key) ?? 0) + n);
    const buckets = new Set();
    const fns = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const frame = nodes.get(at);
      if (!frame.callFrame.url) continue;
      buckets.add(bucket(frame.callFrame.url));
      fns.add(keyOf(frame));
    }
    for (const b of buckets) underBucket.set(b, (underBucket.get(b) ?? 0) + n);
    for (const f of fns) underFunction.set(f, (underFunction.get(f) ?? 0) + n);
  }
}
const pct = (n) => `${((n / total) * 100).toFixed(1)}%`.padStart(6);
console.log(`${files.length} profile(s), ${total} busy samples (${((idle / (idle + total)) * 100).toFixed(0)}% idle left out)\n`);
console.log("By package (self time):");
for (const [b, n] of [...byBucket].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`  ${pct(n)}  ${b}`);
console.log("\nBy package, inclusive (samples with the package anywhere on the stack):");
for (const [b, n] of [...underBucket].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`  ${pct(n)}  ${b}`);
console.log("\nFunctions with the most self time:");
for (const [f, n] of [...byFunction].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`  ${pct(n)}  ${f}`);
const ours = [...underFunction].filter(([f]) => !/ node core| next| react|\(native/.test(f));
console.log("\nFunctions outside Next, React and Node with the most inclusive time:");
for (const [f, n] of ours.sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`  ${pct(n)}  ${f}`);
