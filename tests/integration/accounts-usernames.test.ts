import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { POST as register } from "@/app/api/v1/users/route";
import { USERNAME_TAKEN_FIELD } from "@/lib/messages/accounts";
import { applyMigrations } from "@/scripts/lib/migrations.mjs";
import { createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { createTestDatabase } from "../setup/test-db.mjs";
import { call, freshClient } from "./helpers";

const MIGRATION = "20261122030000_username_key_ignores_separators";

describe("lookalike usernames at registration", () => {
  let restore: () => void;
  beforeAll(() => {
    restore = setEnv({ CAPTCHA_PROVIDER: "off", EMAIL_CONFIRMATION: "false", TRUST_PROXY: "true" });
  });
  afterAll(() => restore());

  const attempt = (username: string) => {
    const email = `look${Math.random().toString(36).slice(2, 10)}@test.example`;
    return call(register, {
      method: "POST",
      body: { username, email, password: "Ember!x91z", password_confirmation: "Ember!x91z", captchaToken: "unused" },
      headers: freshClient(),
    });
  };

  it("cannot register a name that differs from a taken one only by separators", async () => {
    const base = `Lk${Math.random().toString(36).slice(2, 8)}`;
    await createUser({ username: base });
    const spaced = `${base.slice(0, 3)} ${base.slice(3)}`;
    for (const lookalike of [spaced, spaced.replace(" ", "-"), spaced.replace(" ", "_").toUpperCase()]) {
      const r = await attempt(lookalike);
      expect(r.status, lookalike).toBe(400);
      expect(r.json.username, lookalike).toEqual([USERNAME_TAKEN_FIELD]);
    }
    const trailing = await attempt(`${base}_`);
    expect(trailing.status).toBe(400);
    expect(trailing.json.username).toEqual(["Usernames cannot start or end with a space, - or _."]);
  });
});

describe(`migration ${MIGRATION}`, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let before: string;
  beforeAll(async () => {
    database = await createTestDatabase(inject("adminDatabaseUrl"), { prefix: "unkey", migrate: false });
    // The migrations up to (not including) this one, to build a database as it was.
    before = mkdtempSync(path.join(os.tmpdir(), "unkey-"));
    cpSync("prisma/migrations/migration_lock.toml", path.join(before, "migration_lock.toml"));
    for (const name of readdirSync("prisma/migrations"))
      if (/^\d{14}_/.test(name) && name < MIGRATION) cpSync(path.join("prisma/migrations", name), path.join(before, name), { recursive: true });
  });
  afterAll(async () => {
    rmSync(before, { recursive: true, force: true });
    await database.drop();
  });

  it("recomputes every key and keeps lookalikes apart, listing them for an operator", async () => {
    await applyMigrations(database.url, { migrationsDir: before });
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      // Keys as the old rule made them: lower case, '_' as a space.
      const rows = [
        ["Ad min", "ad min"],
        ["Admin", "admin"],
        ["Ad-min", "ad-min"],
        ["Zezima_1", "zezima 1"],
        ["Mo_b", "mo b"],
        ["Mo-b", "mo-b"],
      ];
      for (const [i, [username, key]] of rows.entries()) {
        await c.query(`INSERT INTO users ("username", "usernameKey", "email", "emailKey", "passwordHash", "updatedAt") VALUES ($1, $2, $3, $3, 'x', now())`, [
          username,
          key,
          `old${i}@test.example`,
        ]);
      }
      await applyMigrations(database.url);
      const keys = Object.fromEntries((await c.query(`SELECT username, "usernameKey" FROM users`)).rows.map((r) => [r.username, r.usernameKey]));
      expect(keys).toEqual({ "Ad min": "ad min", Admin: "admin", "Ad-min": "ad-min", Zezima_1: "zezima1", Mo_b: "mob", "Mo-b": "mo-b" });
      const listed = (await c.query(`SELECT data FROM audit_log WHERE action = 'account.username_lookalike' ORDER BY "targetId"::int`)).rows.map((r) => [
        r.data.username,
        r.data.lookalikeOf,
      ]);
      expect(listed).toEqual([
        ["Ad min", "Admin"],
        ["Ad-min", "Admin"],
        ["Mo-b", "Mo_b"],
      ]);
    } finally {
      await c.end();
    }
  });
});
