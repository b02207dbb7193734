// Prisma CLI configuration (Prisma 7). Run the CLI as `npm run prisma -- <command>`:
// scripts/prisma.mjs supplies the schema engine offline (docs/database.md).
import { existsSync } from "node:fs";
import { defineConfig } from "prisma/config";

// Prisma 7 no longer reads .env by itself; do what `npm start` does.
if (!process.env.DATABASE_URL && existsSync(".env")) process.loadEnvFile(".env");

export default defineConfig({
  // One file per domain (multi-file schema): prisma/schema/*.prisma.
  schema: "prisma/schema",
  migrations: {
    path: "prisma/migrations",
    seed: "tsx prisma/seed.ts",
  },
  datasource: {
    // Not `env("DATABASE_URL")`: that throws when the variable is unset, and `prisma generate`
    // (run on postinstall) must work without a database. Commands that need one say so.
    url: process.env.DATABASE_URL ?? "",
  },
});
