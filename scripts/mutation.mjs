#!/usr/bin/env node
// Mutation testing of the code that decides money and access (docs/testing.md, "Mutation testing").
//
//   npm run test:mutation                          every module group, one after another
//   npm run test:mutation -- --only=address,sanitizer
//   npm run test:mutation -- --list                the groups, their code and their tests
//   npm run test:mutation -- --all-tests           run every covering test of each mutant (no bail),
//                                                  so each report names every test that kills it
//   npm run test:mutation -- --incremental         reuse the last report's results for unchanged code and tests
//
// Each group runs Stryker once (scripts/mutation/stryker.mjs builds its options) with its own
// `mutate` list and only the test files that exercise it, so each mutant runs few tests. The
// score of a group is (killed + timeout) / (killed + timeout + survived + no coverage), as
// Stryker counts it; a group below its threshold (80 unless it says otherwise) fails the run.
// Reports: reports/mutation/<group>.json (Stryker's JSON report) and <group>.log.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { GROUPS } from "./mutation/groups.mjs";
import { strykerOptions } from "./mutation/stryker.mjs";

const root = path.resolve(import.meta.dirname, "..");
const REPORTS = path.join(root, "reports/mutation");
const DEFAULT_THRESHOLD = 80;

const args = process.argv.slice(2);
const flag = (name) => args.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
const value = (name) => flag(name)?.split("=").slice(1).join("=");

const only = value("only")
  ?.split(",")
  .map((s) => s.trim())
  .filter(Boolean);
if (only) {
  const unknown = only.filter((n) => !GROUPS.some((g) => g.name === n));
  if (unknown.length) {
    console.error(`Unknown group(s): ${unknown.join(", ")}. Known: ${GROUPS.map((g) => g.name).join(", ")}`);
    process.exit(2);
  }
}
const selected = only ? GROUPS.filter((g) => only.includes(g.name)) : GROUPS;

/** `file` with each listed function or constant as a mutation range (`file:start-end`). */
function mutateEntries(group) {
  return group.mutate.flatMap((m) => {
    if (typeof m === "string") return [m];
    const lines = fs.readFileSync(path.join(root, m.file), "utf8").split("\n");
    return m.names.map((name) => {
      const { start, end } = rangeOf(lines, name, m.file);
      return `${m.file}:${start}-${end}`;
    });
  });
}

/**
 * The lines of one declaration: a top-level `function name` or `const name` (exported or async
 * or not), from its first line to the line where its brackets close and the statement ends. A
 * name that is no identifier is a marker (e.g. ".superRefine("): the block from that line on.
 */
function rangeOf(lines, name, file) {
  const isName = /^[A-Za-z_$][\w$]*$/.test(name);
  const decl = isName && new RegExp(`^(export )?(async )?(function\\*? ${name}\\b|const ${name}\\b)`);
  const i = isName ? lines.findIndex((l) => decl.test(l)) : lines.findIndex((l) => l.includes(name));
  if (i < 0) throw new Error(`${file}: no declaration of ${name} (update scripts/mutation/groups.mjs)`);
  let depth = 0;
  for (let j = i; j < lines.length; j++) {
    // Brackets outside escapes, strings and template text (good enough for formatted code).
    const code = lines[j]
      .replace(/\\./g, "x")
      .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, "")
      .replace(/(^|\s)\/\/.*$/, "");
    for (const ch of code) depth += "([{".includes(ch) ? 1 : ")]}".includes(ch) ? -1 : 0;
    if (depth <= 0 && /[;}]\s*$/.test(code)) return { start: i + 1, end: j + 1 };
  }
  throw new Error(`${file}: cannot find where ${name} ends`);
}

if (flag("list")) {
  for (const g of GROUPS) {
    console.log(`${g.name}: ${g.title}`);
    for (const m of mutateEntries(g)) console.log(`  mutate ${m}`);
    for (const t of g.tests) console.log(`  test   ${t}`);
  }
  process.exit(0);
}

function runStryker(group) {
  fs.mkdirSync(REPORTS, { recursive: true });
  const configFile = path.join(REPORTS, `${group.name}.config.json`);
  const options = strykerOptions({
    group,
    mutate: mutateEntries(group),
    reportFile: path.relative(root, path.join(REPORTS, `${group.name}.json`)),
    incremental: Boolean(flag("incremental")),
    disableBail: Boolean(flag("all-tests")),
  });
  fs.writeFileSync(configFile, `${JSON.stringify(options, null, 2)}\n`);
  const log = fs.createWriteStream(path.join(REPORTS, `${group.name}.log`));
  const bin = path.join(root, "node_modules/@stryker-mutator/core/bin/stryker.js");
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, "run", configFile], {
      cwd: root,
      env: { ...process.env, MUTATION_TEST_FILES: group.tests.join(","), FORCE_COLOR: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let last = 0;
    const progress = (chunk) => {
      log.write(chunk);
      // One progress line a minute at most, so a long group shows it is alive.
      const m = /Mutation testing \d+% \(elapsed: [^)]*\) \d+\/\d+ tested[^\n]*/.exec(chunk.toString());
      if (m && Date.now() - last > 60_000) {
        last = Date.now();
        console.log(`  ${group.name}: ${m[0]}`);
      }
    };
    child.stdout.on("data", progress);
    child.stderr.on("data", progress);
    child.on("close", (code) => log.end(() => resolve(code)));
  });
}

function countsOf(reportFile) {
  const report = JSON.parse(fs.readFileSync(reportFile, "utf8"));
  const c = { mutants: 0, killed: 0, timeout: 0, survived: 0, noCoverage: 0, other: 0, survivors: [] };
  for (const [file, f] of Object.entries(report.files)) {
    const lines = f.source.split("\n");
    for (const m of f.mutants) {
      if (m.status === "Killed") c.killed++;
      else if (m.status === "Timeout") c.timeout++;
      else if (m.status === "Survived") c.survived++;
      else if (m.status === "NoCoverage") c.noCoverage++;
      else {
        c.other++; // compile or runtime errors, ignored: not valid mutants
        continue;
      }
      c.mutants++;
      if (m.status === "Survived" || m.status === "NoCoverage") {
        const at = `${file}:${m.location.start.line}:${m.location.start.column}`;
        const { start, end } = m.location;
        const original =
          start.line === end.line ? lines[start.line - 1].slice(start.column - 1, end.column - 1) : lines[start.line - 1].slice(start.column - 1);
        const short = (s) => {
          const t = s.replace(/\s+/g, " ").trim();
          return t.length > 90 ? `${t.slice(0, 87)}...` : t;
        };
        c.survivors.push(
          `${m.status === "NoCoverage" ? "no coverage" : "survived"} ${at} ${m.mutatorName}${m.static ? " (static)" : ""}: ${short(original)}  =>  ${short(m.replacement)}`,
        );
      }
    }
  }
  c.score = c.mutants ? (100 * (c.killed + c.timeout)) / c.mutants : 100;
  return c;
}

const fmtTime = (ms) => `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, "0")}s`;

const started = Date.now();
const rows = [];
for (const group of selected) {
  const t0 = Date.now();
  console.log(`[mutation] ${group.name}: ${group.title} (${group.tests.length} test file(s))`);
  const code = await runStryker(group);
  const ms = Date.now() - t0;
  const reportFile = path.join(REPORTS, `${group.name}.json`);
  if (code !== 0 || !fs.existsSync(reportFile)) {
    console.log(`[mutation] ${group.name}: Stryker failed (exit ${code}); see reports/mutation/${group.name}.log`);
    rows.push({ group, failed: true, ms });
    continue;
  }
  const c = countsOf(reportFile);
  rows.push({ group, c, ms });
  console.log(`[mutation] ${group.name}: ${c.score.toFixed(1)}% of ${c.mutants} mutants in ${fmtTime(ms)}`);
  for (const s of c.survivors) console.log(`    ${s}`);
}

const header = ["module", "mutants", "killed", "timeout", "survived", "no coverage", "score", "threshold", "time"];
const table = rows.map(({ group, c, ms, failed }) =>
  failed
    ? [group.name, "-", "-", "-", "-", "-", "failed", String(group.threshold ?? DEFAULT_THRESHOLD), fmtTime(ms)]
    : [
        group.name,
        c.mutants,
        c.killed,
        c.timeout,
        c.survived,
        c.noCoverage,
        `${c.score.toFixed(1)}%`,
        String(group.threshold ?? DEFAULT_THRESHOLD),
        fmtTime(ms),
      ].map(String),
);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
const line = (cells) => cells.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join("  ");
console.log(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
for (const r of table) console.log(line(r));
const below = rows.filter(({ group, c, failed }) => failed || c.score < (group.threshold ?? DEFAULT_THRESHOLD));
console.log(
  `\nTotal time ${fmtTime(Date.now() - started)}. ${below.length ? `Below threshold or failed: ${below.map((r) => r.group.name).join(", ")}` : "Every module meets its threshold."}`,
);
process.exit(below.length ? 1 : 0);
