import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The dependency rules of eslint.config.mjs (docs/architecture.md, "Dependencies"), run through
// ESLint itself on real files of the tree with one import added: each rule must fire on the
// import it exists to stop, and stay quiet on the file as it is and on an allowed import.

// ignore: false: the fixtures below sit in folders the project's lint ignores (eslint.config.mjs),
// so that `npm run lint`, running beside this test, never reads a file as it is deleted.
const eslint = new ESLint({ cwd: process.cwd(), ignore: false });

/**
 * Each test's time limit, sized for the first lint of a run: whichever test comes first (the
 * order may be shuffled) parses every module the linted file reaches, for import/no-cycle and the
 * TypeScript resolver. That took 7-32 s on the shared two-core machine (32 s at load 8 beside a
 * CPU burner, half the former 60 s limit); the tests after it take 1-5 s.
 */
const LINT_BUDGET_MS = 180_000;

/** The rule ids ESLint reports for `file` with `extra` lines added after its imports. */
async function rulesFired(file: string, extra: string): Promise<string[]> {
  const source = readFileSync(file, "utf8");
  const [result] = await eslint.lintText(`${extra}\n${source}`, { filePath: file });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

/** The rule ids ESLint reports for a new file at `filePath` holding `text` (written, linted, removed). */
async function rulesFiredOn(filePath: string, text: string): Promise<string[]> {
  mkdirSync(path.dirname(filePath), { recursive: true });
  writeFileSync(filePath, `${text}\n`);
  try {
    return (await eslint.lintFiles([filePath]))[0]!.messages.map((m) => m.ruleId ?? m.message);
  } finally {
    rmSync(filePath, { force: true });
  }
}

describe("dependency rules", () => {
  it(
    "a file of the tree as it is: no dependency rule fires",
    async () => {
      expect(await rulesFired("lib/server/forums/forum-counters.ts", "")).toEqual([]);
      expect(await rulesFired("lib/server/jobs/enqueue.ts", "")).toEqual([]);
    },
    LINT_BUDGET_MS,
  );

  it(
    "an import cycle fails the lint; the same two files without the cycle pass",
    async () => {
      // Real files on disk: the rule follows imports through the files ESLint reads from disk.
      const dir = `lib/server/forums/lint-fixture-${process.pid}`;
      mkdirSync(dir, { recursive: true });
      try {
        // (Fresh names for each case: the import plugin caches what it has read of a file.)
        writeFileSync(`${dir}/a.ts`, 'import { b } from "./b";\nexport const a = () => b();\n');
        writeFileSync(`${dir}/b.ts`, 'import { a } from "./a";\nexport const b = (): number => (a ? 1 : 0);\n');
        writeFileSync(`${dir}/c.ts`, 'import { d } from "./d";\nexport const c = () => d();\n');
        writeFileSync(`${dir}/d.ts`, "export const d = () => 1;\n");
        const lint = async (file: string) => (await eslint.lintFiles([file]))[0]!.messages.map((m) => m.ruleId);
        expect(await lint(`${dir}/a.ts`)).toContain("import/no-cycle");
        expect(await lint(`${dir}/c.ts`)).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    LINT_BUDGET_MS,
  );

  it(
    "an upward import fails the lint: jobs (floor 1) may not import accounts (floor 3), a root file no domain",
    async () => {
      expect(await rulesFired("lib/server/jobs/enqueue.ts", 'import { login } from "../accounts/login";\nvoid login;')).toContain("import/no-restricted-paths");
      expect(await rulesFired("lib/server/paging.ts", 'import { recordAudit } from "./audit/record-audit";\nvoid recordAudit;')).toContain(
        "import/no-restricted-paths",
      );
      // The domains may not reach up into the API frame or the worker either.
      expect(await rulesFired("lib/server/votes/vote-metrics.ts", 'import { clientIp } from "../http/route";\nvoid clientIp;')).toContain(
        "import/no-restricted-paths",
      );
      expect(await rulesFired("lib/server/accounts/login.ts", 'import { taskList } from "../worker/task-list";\nvoid taskList;')).toContain(
        "import/no-restricted-paths",
      );
    },
    LINT_BUDGET_MS,
  );

  it(
    "a downward or same-floor import is allowed (the positive twin)",
    async () => {
      expect(await rulesFired("lib/server/accounts/login.ts", 'import { enqueue } from "../jobs/enqueue";\nvoid enqueue;')).not.toContain(
        "import/no-restricted-paths",
      );
      expect(
        await rulesFired(
          "lib/server/store/list-catalogue.ts",
          'import { INSUFFICIENT_CREDITS } from "../credits/apply-credit-change";\nvoid INSUFFICIENT_CREDITS;',
        ),
      ).not.toContain("import/no-restricted-paths");
    },
    LINT_BUDGET_MS,
  );

  it(
    "news reaches forums only through forums/public.ts, and forums never import news",
    async () => {
      expect(await rulesFired("lib/server/news/news-forum.ts", 'import { insertThread } from "../forums/create-thread";\nvoid insertThread;')).toContain(
        "import/no-restricted-paths",
      );
      expect(await rulesFired("lib/server/news/news-forum.ts", 'import { insertThread } from "../forums/public";\nvoid insertThread;')).not.toContain(
        "import/no-restricted-paths",
      );
      expect(await rulesFired("lib/server/forums/edit-post.ts", 'import { announcesNews } from "../news/announce-news";\nvoid announcesNews;')).toContain(
        "import/no-restricted-paths",
      );
    },
    LINT_BUDGET_MS,
  );

  it(
    "content uses only the forums' allowlist and image registry, and no news; forums and news use content",
    async () => {
      const file = "lib/server/content/prepare-content.ts";
      expect(await rulesFired(file, "")).toEqual([]);
      expect(await rulesFired(file, 'import { createPost } from "../forums/create-post";\nvoid createPost;')).toContain("import/no-restricted-paths");
      expect(await rulesFired(file, 'import { announcesNews } from "../news/announce-news";\nvoid announcesNews;')).toContain("import/no-restricted-paths");
      expect(await rulesFired(file, 'import { htmlToText } from "../forums/sanitize";\nvoid htmlToText;')).not.toContain("import/no-restricted-paths");
      expect(
        await rulesFired("lib/server/news/news-forum.ts", 'import { prepareContent } from "../content/prepare-content";\nvoid prepareContent;'),
      ).not.toContain("import/no-restricted-paths");
    },
    LINT_BUDGET_MS,
  );

  it(
    "SQL is written only in a query module: inline in a use case fails, in lib/server/<domain>/sql/ passes",
    async () => {
      const fixture = `lib/server/tickets/lint-fixture-${process.pid}`;
      const inline = 'import { db } from "../db";\nexport const n = () => db.$queryRaw`SELECT 1`;';
      try {
        expect(await rulesFiredOn(`${fixture}/count-tickets.ts`, inline)).toContain("no-restricted-syntax");
        expect(await rulesFiredOn(`${fixture}/count-tickets.ts`, 'import { Prisma } from "../db";\nexport const f = Prisma.sql`SELECT 1`;')).toContain(
          "no-restricted-syntax",
        );
        expect(await rulesFiredOn(`${fixture}/sql/count-tickets.ts`, inline)).not.toContain("no-restricted-syntax");
        // The rule set for lib/server still refuses process.env outside env.ts.
        expect(await rulesFiredOn(`${fixture}/count-tickets.ts`, "export const e = process.env.X;")).toContain("no-restricted-syntax");
      } finally {
        rmSync(fixture, { recursive: true, force: true });
      }
    },
    LINT_BUDGET_MS,
  );
});

describe("one way to call the API from the browser", () => {
  it(
    "a component importing callApi fails the lint; api() from the same module passes",
    async () => {
      const file = "components/game/players-online-client.tsx";
      expect(await rulesFired(file, 'import { callApi } from "@/lib/client/api";\nvoid callApi;')).toContain("no-restricted-imports");
      expect(await rulesFired(file, 'import { api } from "@/lib/client/api";\nvoid api;')).not.toContain("no-restricted-imports");
      // The same rule still keeps Prisma out of components.
      expect(await rulesFired(file, 'import { PrismaClient } from "@prisma/client";\nvoid PrismaClient;')).toContain("no-restricted-imports");
    },
    LINT_BUDGET_MS,
  );
});

describe("one meaning of banned", () => {
  const RULE = "bans/one-meaning";
  const fired = async (file: string, text: string) => (await rulesFiredOn(file, text)).filter((id) => id === RULE).length;

  it(
    "a raw bannedAt check fails the lint; the same check through isBanned passes",
    async () => {
      const fixture = `lib/server/votes/lint-fixture-bans-${process.pid}`;
      const file = `${fixture}/check-voter.ts`;
      const row = "type Row = { bannedAt: Date | null; bannedUntil: Date | null };";
      try {
        expect(await fired(file, `${row}\nexport const f = (u: Row) => (u.bannedAt ? 1 : 0);`)).toBe(1);
        expect(await fired(file, `${row}\nexport const f = (u: Row | null) => (u?.bannedAt !== null ? 1 : 0);`)).toBe(1);
        expect(await fired(file, `${row}\nexport const f = (u: Row) => (u["bannedAt"] ? 1 : 0);`)).toBe(1);
        expect(await fired(file, `${row}\nexport const f = ({ bannedAt }: Row) => (bannedAt ? 1 : 0);`)).toBe(1);
        // The allowed twin: the same row, asked through the one predicate.
        expect(await fired(file, `import { isBanned } from "@/lib/bans";\n${row}\nexport const f = (u: Row) => (isBanned(u) ? 1 : 0);`)).toBe(0);
      } finally {
        rmSync(fixture, { recursive: true, force: true });
      }
    },
    LINT_BUDGET_MS,
  );

  it(
    "a query filter on the column fails; notBannedAt and a plain select pass",
    async () => {
      const fixture = `lib/server/votes/lint-fixture-bans-${process.pid}`;
      const file = `${fixture}/count-voters.ts`;
      const head = 'import { db } from "../../db";\nimport { notBannedAt } from "../../sql/bans";\nvoid notBannedAt;';
      try {
        expect(await fired(file, `${head}\nexport const n = () => db.user.count({ where: { bannedAt: null } });`)).toBe(1);
        expect(await fired(file, `${head}\nexport const n = () => db.user.count({ where: { bannedAt: { not: null } } });`)).toBe(1);
        expect(await fired(file, `${head}\nexport const n = () => db.user.count({ where: notBannedAt(new Date()) });`)).toBe(0);
        expect(await fired(file, `${head}\nexport const n = () => db.user.findMany({ select: { bannedAt: true, bannedUntil: true } });`)).toBe(0);
      } finally {
        rmSync(fixture, { recursive: true, force: true });
      }
    },
    LINT_BUDGET_MS,
  );

  it(
    '"bannedAt" in SQL fails, even in a query module; BANNED_NOW passes',
    async () => {
      const fixture = `lib/server/votes/lint-fixture-bans-${process.pid}`;
      const file = `${fixture}/sql/voters.ts`;
      const head = 'import type { Tx } from "../../../db";\nimport { BANNED_NOW } from "../../../sql/bans";\nvoid BANNED_NOW;';
      try {
        expect(await fired(file, `${head}\nexport const q = (tx: Tx) => tx.$queryRaw\`SELECT id FROM users WHERE "bannedAt" IS NULL\`;`)).toBe(1);
        expect(await fired(file, `${head}\nexport const q = (tx: Tx) => tx.$queryRawUnsafe('SELECT "bannedAt" FROM users');`)).toBe(1);
        expect(await fired(file, `${head}\nexport const q = (tx: Tx) => tx.$queryRaw\`SELECT id FROM users WHERE NOT \${BANNED_NOW}\`;`)).toBe(0);
      } finally {
        rmSync(fixture, { recursive: true, force: true });
      }
    },
    LINT_BUDGET_MS,
  );

  it(
    "the files that own the column, and the checks that use the predicate, pass as they are",
    async () => {
      for (const file of [
        "lib/bans.ts",
        "lib/server/sql/bans.ts",
        "lib/server/accounts/admin-actions.ts",
        "lib/server/accounts/lift-expired-ban.ts",
        "lib/server/votes/sql/voters.ts",
        "lib/server/game/sql/hiscore-push.ts",
        "lib/server/game/create-store-link.ts",
        "lib/server/accounts/request-password-reset.ts",
      ])
        expect(await rulesFired(file, ""), file).not.toContain(RULE);
      // The rule does check those query modules: one raw read added to each fails.
      const raw = "export const raw = (u: { bannedAt: Date | null }) => u.bannedAt !== null;";
      expect(await rulesFired("lib/server/votes/sql/voters.ts", raw)).toContain(RULE);
      expect(await rulesFired("lib/server/game/create-store-link.ts", raw)).toContain(RULE);
      // ... and stays quiet on the files that own the column.
      expect(await rulesFired("lib/server/accounts/lift-expired-ban.ts", raw)).not.toContain(RULE);
    },
    LINT_BUDGET_MS,
  );
});
