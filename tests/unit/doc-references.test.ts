import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every document the repository names is in the repository. A comment explains itself or points
// at a file a reader of a clone can open (docs/product.md for the product contract,
// docs/architecture.md, CONTRIBUTING.md, the other docs/*.md); it never points at a tracker
// entry, a brief or a spec kept somewhere else.
//
// Three kinds of problem, reported as file:line:
// - a `*.md` path (bare, relative to the file's folder or to the repository root, in a markdown
//   link with or without an anchor) that is no tracked file;
// - a `§N` on a line naming docs/product.md that it has no `## N.` heading for;
// - wording that points outside: a section of an outside spec, a brief, a numbered issue.

// Applied migrations stay byte for byte as they were: Prisma records each file's checksum in
// `_prisma_migrations`, so rewording a comment in one would make every existing database report
// a modified migration. Their first comment lines keep the tracker numbers they were applied with.
const APPLIED_MIGRATIONS_KEPT_AS_IS = new Set([
  "prisma/migrations/20261123200000_game_bridge_and_votes/migration.sql",
  "prisma/migrations/20261124000000_hiscore_ranking/migration.sql",
  "prisma/migrations/20261127000000_forum_moderation_search/migration.sql",
  "prisma/migrations/20261130300000_image_fetch_backoff/migration.sql",
  "prisma/migrations/20261202000000_temporary_bans/migration.sql",
  "prisma/migrations/20261203000000_forum_structure_hidden/migration.sql",
  "prisma/migrations/20261204000000_staff_payments_deliveries/migration.sql",
  "prisma/migrations/20261205000000_players_online_history/migration.sql",
]);

const BINARY = /\.(png|jpe?g|gif|webp|avif|ico|woff2?|ttf|otf|eot|pdf|zip|gz|tgz|wasm|mp[34]|webm)$/i;
const SKIPPED = (file: string) =>
  file.includes("node_modules/") || file.startsWith("lib/generated/") || /(^|\/)(package-lock\.json|pnpm-lock\.yaml|yarn\.lock)$/.test(file);

// Each pattern is built from pieces so that this file does not match its own rules.
const WORDING: { pattern: RegExp; what: string }[] = [
  { pattern: new RegExp("\\b" + "spec" + "(?:'s)?\\s*" + "§", "i"), what: "a section of an outside spec" },
  { pattern: new RegExp("\\bthe " + "spec\\b", "i"), what: "an outside spec" },
  { pattern: new RegExp("\\(" + 'spec(?=[:\\s"])|\\b' + "spec (?:section|order|labels?|types?|fields?|pages?)\\b", "i"), what: "an outside spec" },
  { pattern: new RegExp("\\b" + "BRI" + "EF\\d*\\b"), what: "a brief" },
  { pattern: new RegExp("\\b" + "issues?" + "\\s+#?\\d+", "i"), what: "an issue number" },
  { pattern: new RegExp("/work/" + "shared\\b"), what: "a folder outside the repository" },
];

// A path ending in .md: not inside a URL, not a glob.
const MD_PATH = /(?<![\w./@*~:-])((?:\.{1,2}\/|\/)?(?:[\w@.-]+\/)*[\w-][\w.-]*\.md)(?:#[\w-]*)?(?![\w/])/g;
const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;

export type Problem = { line: number; text: string; why: string };

/**
 * The problems of one file's text. `exists` answers for a repository-relative path;
 * `productSections`, when given, are the numbered sections of docs/product.md, and a line that
 * names docs/product.md may cite only those (`§N`).
 */
export function findReferenceProblems(file: string, text: string, exists: (repoPath: string) => boolean, productSections?: ReadonlySet<number>): Problem[] {
  const problems: Problem[] = [];
  const folder = path.posix.dirname(file);
  text.split("\n").forEach((raw, i) => {
    const line = raw.replace(URL_PATTERN, " ");
    for (const { pattern, what } of WORDING) {
      if (pattern.test(line)) problems.push({ line: i + 1, text: raw.trim(), why: `names ${what}` });
    }
    for (const [, ref = ""] of line.matchAll(MD_PATH)) {
      const candidates = ref.startsWith("/")
        ? [path.posix.normalize(ref.slice(1))]
        : [path.posix.normalize(path.posix.join(folder, ref)), path.posix.normalize(ref)];
      if (!candidates.some(exists)) problems.push({ line: i + 1, text: raw.trim(), why: `names ${ref}, which is not in the repository` });
    }
    if (productSections && /\bproduct\.md\b/.test(line)) {
      for (const [, n] of line.matchAll(/§(\d+)/g)) {
        if (!productSections.has(Number(n))) problems.push({ line: i + 1, text: raw.trim(), why: `cites §${n} of docs/product.md, which has no such section` });
      }
    }
  });
  return problems;
}

/** Tracked files, and new ones not yet committed (so a doc added in the same change counts). */
function trackedFiles(): string[] {
  return execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 })
    .split("\0")
    .filter(Boolean);
}

describe("findReferenceProblems (the checker itself)", () => {
  // Names of documents that do not exist, built here so that this file does not name them.
  const md = (name: string) => name + ".md";
  const tracked = new Set(["README.md", "CONTRIBUTING.md", "docs/product.md", "docs/architecture.md", "docs/testing.md"]);
  const exists = (p: string) => tracked.has(p);
  const check = (file: string, text: string) => findReferenceProblems(file, text, exists).map((p) => `${p.line}: ${p.why}`);

  it("refuses a section of an outside spec, and accepts the same section of docs/product.md", () => {
    expect(check("lib/a.ts", "// Texts of " + "spec " + "§8.")).toEqual(["1: names a section of an outside spec"]);
    expect(check("lib/a.ts", "// Texts of " + "Spec" + "§8, lowercase or not.")).toEqual(["1: names a section of an outside spec"]);
    expect(check("lib/a.ts", "// Texts of docs/product.md §8.")).toEqual([]);
  });

  it("refuses wording that leans on an outside spec, and accepts the product contract", () => {
    expect(check("tests/a.test.ts", 'it("answers with ' + "the " + "spec's" + ' text")')).toEqual(["1: names an outside spec"]);
    expect(check("tests/a.test.ts", 'it("answers with the text of docs/product.md §8")')).toEqual([]);
    expect(check("lib/a.ts", "/** Skills in " + "spec" + " order (" + "spec" + ": 23 of them). */")).toEqual(["1: names an outside spec"]);
    expect(check("lib/a.ts", "/** Skills in the order of docs/product.md §9; drawPlot(el, spec) and fmt(spec.unit) draw them. */")).toEqual([]);
  });

  it("refuses a brief and an issue number, and accepts the same comment in words", () => {
    expect(check("lib/a.ts", "// Store API (" + "BRI" + "EF7 contract).")).toEqual(["1: names a brief"]);
    expect(check("lib/a.ts", "// The audit log (" + "issue" + " 18): every staff action.")).toEqual(["1: names an issue number"]);
    expect(check("lib/a.ts", "// Forums (" + "issues" + " 9 and 17).")).toEqual(["1: names an issue number"]);
    expect(check(md("docs/a"), "Fixed upstream (" + "issue" + " #6150).")).toEqual(["1: names an issue number"]);
    expect(check("lib/a.ts", "// The audit log: every staff action, with the reason given.")).toEqual([]);
    // A link to an upstream tracker is a file the reader can open; the URL's digits are not wording.
    expect(check("lib/a.ts", "// Fixed upstream: https://github.com/stryker-mutator/stryker-js/issues/6150")).toEqual([]);
  });

  it("refuses a document that is not tracked, bare or as a path or link", () => {
    const bare = md("DES" + "IGN");
    expect(check("lib/a.ts", `// Rules of ${bare} §5.`)).toEqual([`1: names ${bare}, which is not in the repository`]);
    expect(check(md("docs/a"), `See [the rules](${md("rules")}#money).`)).toEqual([`1: names ${md("rules")}, which is not in the repository`]);
    expect(check("lib/a.ts", `// see ${md("docs/missing")}`)).toEqual([`1: names ${md("docs/missing")}, which is not in the repository`]);
    expect(check(md("docs/a"), `See [the root](${md("../NOPE")}).`)).toEqual([`1: names ${md("../NOPE")}, which is not in the repository`]);
    // A bare name is looked up beside the file and at the root, nowhere else.
    expect(check("lib/a.ts", `// ${md("testing")}`)).toEqual([`1: names ${md("testing")}, which is not in the repository`]);
  });

  it("accepts a tracked document from the file's folder or from the root, with an anchor, and ignores URLs and globs", () => {
    expect(check(md("docs/a"), `See [testing](${md("testing")}#a-race-test-that-proves-the-lock) and [home](${md("../README")}).`)).toEqual([]);
    expect(check("lib/server/a.ts", "// docs/product.md §2 and CONTRIBUTING.md; see README.md")).toEqual([]);
    expect(check(md("docs/a"), "[x](/docs/architecture.md)")).toEqual([]);
    expect(check("lib/a.ts", "// https://example.com/guide/NOTES.md and every **/*.md file")).toEqual([]);
  });

  it("refuses a section docs/product.md does not have, and accepts the ones it has", () => {
    const sections = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const cite = (text: string) => findReferenceProblems("lib/a.ts", text, exists, sections).map((p) => p.why);
    const missing = "§1" + "2"; // built, so that this file cites no missing section itself
    expect(cite(`// docs/product.md §2 Store, ${missing} limits`)).toEqual([`cites ${missing} of docs/product.md, which has no such section`]);
    expect(cite("// docs/product.md §2 Store, §9 limits")).toEqual([]);
  });

  it("reports each problem with its line", () => {
    const text = ["// fine", "// see " + md("STY" + "LE"), "// fine", "// (" + "issue" + " 3)"].join("\n");
    expect(check("lib/a.ts", text)).toEqual([`2: names ${md("STY" + "LE")}, which is not in the repository`, "4: names an issue number"]);
  });
});

describe("references in the repository", () => {
  it("every tracked text file names only documents that are in the repository", () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(300);
    const tracked = new Set(files);
    for (const kept of APPLIED_MIGRATIONS_KEPT_AS_IS) expect(tracked, `${kept} is still tracked`).toContain(kept);
    // Without docs/product.md every line naming it is reported already; its sections are read when it is there.
    const sections = tracked.has("docs/product.md")
      ? new Set([...readFileSync("docs/product.md", "utf8").matchAll(/^## (\d+)\./gm)].map((m) => Number(m[1])))
      : undefined;
    const found: string[] = [];
    for (const file of files) {
      if (SKIPPED(file) || BINARY.test(file) || APPLIED_MIGRATIONS_KEPT_AS_IS.has(file)) continue;
      let text: string;
      try {
        text = readFileSync(file, "utf8");
      } catch {
        continue; // deleted in the work tree, not yet in the index
      }
      if (text.includes("\0")) continue;
      for (const p of findReferenceProblems(file, text, (repoPath) => tracked.has(repoPath), sections))
        found.push(`${file}:${p.line}: ${p.why}: ${p.text.slice(0, 120)}`);
    }
    expect(found).toEqual([]);
  });
});
