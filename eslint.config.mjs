import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Boundaries from docs/architecture.md / CONTRIBUTING.md, enforced here.
const prismaImports = {
  paths: [{ name: "@prisma/client", message: "Use the one client in lib/server/db.ts." }],
  patterns: [{ group: ["**/generated/prisma", "**/generated/prisma/*"], message: "Prisma is used only inside lib/server/ (docs/architecture.md)." }],
};

// Floors of lib/server (docs/architecture.md, "Dependencies"): a folder imports only from its own
// floor or the floors below, never up. The root files (db, env, log, errors, paging, …) are the
// ground floor; app/ and components/ stand above all of them.
const FLOORS = [
  ["sql", "security", "jobs", "audit"],
  ["sessions", "mail", "captcha", "notifications"],
  ["accounts", "credits", "hiscores", "votes", "forums", "news", "content", "game", "payments", "store", "tickets", "competitions", "digest"],
  ["http", "staff", "worker", "health"],
];
const folder = (name) => `./lib/server/${name}`;
const upwardZones = [
  // The root files import no folder of lib/server.
  {
    target: "./lib/server/*.ts",
    from: FLOORS.flat().map(folder),
    message: "The root files of lib/server are the ground floor: they import no domain (docs/architecture.md).",
  },
  ...FLOORS.flatMap((floor, i) =>
    floor.map((name) => ({
      target: folder(name),
      from: FLOORS.slice(i + 1)
        .flat()
        .map(folder),
      message: `lib/server/${name} is on floor ${i + 1}: it must not import a folder of a higher floor (docs/architecture.md).`,
    })),
  ),
  // News is built on forums and reaches them through one published module; forums never import news.
  { target: folder("news"), from: folder("forums"), except: ["./public.ts"], message: "News imports forums only through lib/server/forums/public.ts." },
  { target: folder("forums"), from: folder("news"), message: "Forums must not import news: news is built on forums." },
  // Players' HTML on its way to storage (content/prepare-content.ts), for forums and news alike:
  // it uses the forums' allowlist and image registry and nothing else of theirs, and no news.
  {
    target: folder("content"),
    from: folder("forums"),
    except: ["./sanitize.ts", "./sql/images.ts"],
    message: "content uses only the forums' sanitize.ts and sql/images.ts.",
  },
  { target: folder("content"), from: folder("news"), message: "content must not import news: news is built on it." },
];

const RAW_SQL_MESSAGE = "Write SQL in a query module, lib/server/<domain>/sql/<concern>.ts, with its row types beside it; call its function here.";

// One meaning of "banned": a ban is in force while it is set and either permanent or not ended
// (isBanned in lib/bans.ts; BANNED_NOW and notBannedAt in lib/server/sql/bans.ts for queries). A
// check that reads the stored column itself (`user.bannedAt`, a `bannedAt: null` filter,
// "bannedAt" in SQL) would keep a temporary ban whose end has passed in force until the lift-ban
// job runs. Only these files touch the column: the predicate, its query twins, the ban and unban
// writes with their audit, the punishments' writer of the columns, the lift-ban job, and the
// staff view of the stored fields.
const BAN_COLUMN_FILES = [
  "lib/bans.ts",
  "lib/server/sql/bans.ts",
  "lib/server/accounts/admin-actions.ts",
  "lib/server/accounts/lift-expired-ban.ts",
  "lib/server/punishments/ban-record.ts", // the one writer of the columns, beside the ban punishments they mirror
  "lib/server/staff/player-dto.ts",
  "app/(site)/staff/players/[[]id]/page.tsx", // [[]id] is the folder "[id]" (a glob)
];
const BAN_COLUMN_MESSAGE =
  "Ask whether a player is banned with isBanned (lib/bans.ts), or BANNED_NOW / notBannedAt (lib/server/sql/bans.ts) in a query: a raw bannedAt check keeps an ended temporary ban in force.";
const banColumnRule = {
  meta: { type: "problem", schema: [], messages: { raw: BAN_COLUMN_MESSAGE } },
  create(context) {
    const isColumn = (node) => (node.type === "Identifier" && node.name === "bannedAt") || (node.type === "Literal" && node.value === "bannedAt");
    const inSql = (text) => /"bannedAt"/.test(text);
    const report = (node) => context.report({ node, messageId: "raw" });
    return {
      // user.bannedAt, user?.bannedAt, user["bannedAt"]
      MemberExpression(node) {
        if (isColumn(node.property) && (node.computed || node.property.type === "Identifier")) report(node.property);
      },
      // const { bannedAt } = user; a query filter: { bannedAt: null }, { bannedAt: { not: null } }
      Property(node) {
        if (node.computed || !isColumn(node.key)) return;
        const filter = (node.value.type === "Literal" && node.value.value === null) || node.value.type === "ObjectExpression";
        if (node.parent.type === "ObjectPattern" || filter) report(node);
      },
      // SQL text: "bannedAt" IS NULL
      TemplateElement(node) {
        if (inSql(node.value.raw)) report(node);
      },
      Literal(node) {
        if (typeof node.value === "string" && inSql(node.value)) report(node);
      },
    };
  },
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    ".next-*/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    "lib/generated/**",
    ".data/**",
    "test-results/**",
    "playwright-report/**",
    "node_modules/**",
    ".stryker-tmp/**",
    "reports/**",
    // tests/unit/lint-rules.test.ts writes these for a moment (it lints them with ignore: false);
    // the lint stage runs beside it and must not read them.
    "lib/**/lint-fixture-*/**",
  ]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    // process.env is read only by lib/server/env.ts in the application code.
    files: ["app/**", "components/**", "lib/**"],
    ignores: ["lib/server/env.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read configuration through getEnv() in lib/server/env.ts." }],
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: "Read configuration through getEnv() in lib/server/env.ts." },
      ],
    },
  },
  {
    // Prisma stays inside lib/server/. The browser calls the API one way: api(endpoints.x, …),
    // useApiGet or useApiForm, typed by the operation; callApi is their transport, not a third.
    files: ["app/**", "components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          ...prismaImports,
          paths: [
            ...prismaImports.paths,
            {
              name: "@/lib/client/api",
              importNames: ["callApi"],
              message: 'Call the API with api(endpoints.x, …), useApiGet or useApiForm: typed by the operation (docs/architecture.md, "Forms in the browser").',
            },
          ],
          patterns: [
            ...prismaImports.patterns,
            { group: ["@/lib/server/db"], message: "Pages and routes call a use case in lib/server/<domain>, never the database." },
          ],
        },
      ],
    },
  },
  {
    // lib/server never reaches up into the UI layers.
    files: ["lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          ...prismaImports,
          patterns: [
            ...prismaImports.patterns,
            { group: ["@/app/*", "@/components/*"], message: "lib/ must not import app/ or components/ (docs/architecture.md)." },
            { group: ["@/lib/server/*"], message: "Schemas and pure helpers import nothing from lib/server (docs/architecture.md)." },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/server/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/app/*", "@/components/*"], message: "lib/server must not import app/ or components/." }] }],
      "import/no-restricted-paths": ["error", { zones: upwardZones }],
    },
  },
  {
    // SQL is written only in the named, typed query modules: lib/server/<domain>/sql/<concern>.ts
    // (docs/architecture.md, "SQL"). A use case calls a function of one; it never writes SQL.
    files: ["lib/server/**"],
    ignores: ["lib/server/env.ts", "lib/server/sql/**", "lib/server/**/sql/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: "Read configuration through getEnv() in lib/server/env.ts." },
        { selector: "MemberExpression[property.name=/^\\$(queryRaw|executeRaw)(Unsafe)?$/]", message: RAW_SQL_MESSAGE },
        { selector: "MemberExpression[object.name='Prisma'][property.name=/^(sql|raw|join|empty)$/]", message: RAW_SQL_MESSAGE },
      ],
    },
  },
  {
    // One meaning of "banned" (above); tests set the column directly and are not checked.
    files: ["app/**", "components/**", "lib/**", "scripts/**", "prisma/**"],
    ignores: BAN_COLUMN_FILES,
    plugins: { bans: { rules: { "one-meaning": banColumnRule } } },
    rules: { "bans/one-meaning": "error" },
  },
  {
    // No import cycles in the application code (tests/unit/lint-rules.test.ts proves the rules fire).
    files: ["app/**", "components/**", "lib/**"],
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
]);
