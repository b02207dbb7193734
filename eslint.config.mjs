import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

// Boundaries from DESIGN.md §2 / STYLE.md 9, enforced here.
const prismaImports = {
  paths: [{ name: "@prisma/client", message: "Use the one client in lib/server/db.ts." }],
  patterns: [{ group: ["**/generated/prisma", "**/generated/prisma/*"], message: "Prisma is used only inside lib/server/ (DESIGN.md §1)." }],
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", ".next-*/**", "out/**", "build/**", "next-env.d.ts", "lib/generated/**", ".data/**", "test-results/**", "playwright-report/**", "node_modules/**"]),
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
    // Prisma stays inside lib/server/.
    files: ["app/**", "components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          ...prismaImports,
          patterns: [...prismaImports.patterns, { group: ["@/lib/server/db"], message: "Pages and routes call a use case in lib/server/<domain>, never the database." }],
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
            { group: ["@/app/*", "@/components/*"], message: "lib/ must not import app/ or components/ (DESIGN.md §2)." },
            { group: ["@/lib/server/*"], message: "Schemas and pure helpers import nothing from lib/server (DESIGN.md §2)." },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/server/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/app/*", "@/components/*"], message: "lib/server must not import app/ or components/." }] }],
    },
  },
]);
