import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { verifyPassword } from "@/lib/server/accounts/password-hash";
import { usernameKey, usernameProblem } from "@/lib/usernames";
import { DEMO_ACCOUNTS, DEMO_COMPETITION, DEMO_LADDER_PLAYERS, seedDemo } from "@/prisma/seed-demo";
import { applyMigrations, pendingMigrations } from "@/scripts/lib/migrations.mjs";
import { createTestDatabase } from "../setup/test-db.mjs";

// Table names from the Prisma schema's @@map: every one must exist after the migrations.
const TABLES = [
  "users",
  "sessions",
  "refresh_token_families",
  "refresh_tokens",
  "email_tokens",
  "recovery_codes",
  "store_categories",
  "store_products",
  "credit_packages",
  "credit_purchases",
  "store_orders",
  "credit_ledger",
  "webhook_events",
  "game_deliveries",
  "vote_sites",
  "votes",
  "vote_callbacks",
  "hiscore_stats",
  "forum_categories",
  "forums",
  "forum_threads",
  "forum_posts",
  "news_posts",
  "tickets",
  "ticket_comments",
  "audit_log",
  "rate_limit_buckets",
  "mail_messages",
];

async function tableCounts(url: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const out: Record<string, number> = {};
    for (const t of TABLES) out[t] = Number((await c.query(`SELECT count(*)::int AS n FROM "${t}"`)).rows[0].n);
    return out;
  } finally {
    await c.end();
  }
}

describe("migrations", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(inject("adminDatabaseUrl"), { prefix: "mig", migrate: false });
  });
  afterAll(async () => database.drop());

  it("apply on an empty database and create every table, then have nothing pending", async () => {
    expect((await pendingMigrations(database.url)).length).toBeGreaterThan(0);
    const first = await applyMigrations(database.url);
    expect(first.applied.length).toBeGreaterThan(0);
    expect(await pendingMigrations(database.url)).toEqual([]);
    expect(Object.keys(await tableCounts(database.url))).toEqual(TABLES);
    const again = await applyMigrations(database.url);
    expect(again.applied).toEqual([]);
  });
});

describe("demo seed", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: PrismaClient;
  beforeAll(async () => {
    database = await createTestDatabase(inject("adminDatabaseUrl"), { prefix: "seed" });
    client = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
  });
  afterAll(async () => {
    await client.$disconnect();
    await database.drop();
  });

  // ~300 accounts through the real use cases (argon2id each): slow when the machine is busy.
  it("fills every page's data and is idempotent", { timeout: 120_000 }, async () => {
    expect(await seedDemo(client)).toEqual({ seeded: true });
    const after1 = await tableCounts(database.url);
    expect(await seedDemo(client)).toEqual({ seeded: false });
    const after2 = await tableCounts(database.url);
    expect(after2).toEqual(after1);

    // Every page has something to show.
    for (const t of [
      "store_categories",
      "store_products",
      "credit_packages",
      "forums",
      "forum_threads",
      "forum_posts",
      "news_posts",
      "tickets",
      "vote_sites",
      "votes",
    ]) {
      expect(after1[t], t).toBeGreaterThan(0);
    }
    expect(await client.storeProduct.count({ where: { sale: { not: null } } })).toBeGreaterThan(0);
    // The store's first category has a second page (12 per page).
    expect(await client.storeProduct.count({ where: { categoryId: 1, active: true } })).toBeGreaterThan(12);
    const months = new Set((await client.newsPost.findMany()).map((n) => `${n.publishedAt.getUTCFullYear()}-${n.publishedAt.getUTCMonth()}`));
    expect(months.size).toBeGreaterThan(1);
    const ladder = await client.hiscoreStat.count({ where: { skill: 0, hidden: false } });
    expect(ladder).toBeGreaterThanOrEqual(DEMO_LADDER_PLAYERS);
    // A competition running now, counting everyone's Overall experience (game:sim pushes into it).
    const now = new Date();
    const running = await client.competition.findFirst({ where: { title: DEMO_COMPETITION }, include: { metrics: true } });
    expect(running).toMatchObject({ signup: "EVERYONE", cancelledAt: null, endedAt: null });
    expect(running!.startsAt < now && now < running!.endsAt).toBe(true);
    expect(running!.metrics.map((m) => m.metric)).toEqual([0]);
  });

  it("makes its forum categories and forums with the staff forum editor's use cases (audited as seed)", async () => {
    const made = await client.auditLog.groupBy({ by: ["action"], where: { actorLabel: "seed", action: { startsWith: "forum." } }, _count: { _all: true } });
    expect(Object.fromEntries(made.map((m) => [m.action, m._count._all]))).toEqual({
      "forum.category.created": await client.forumCategory.count(),
      "forum.forum.created": await client.forum.count(),
    });
    expect(await client.forum.count({ where: { isNews: true } })).toBe(1);
  });

  it("creates the README's demo logins with their passwords", async () => {
    for (const a of Object.values(DEMO_ACCOUNTS)) {
      const u = await client.user.findFirstOrThrow({ where: { username: a.username } });
      expect(u.privilege).toBe(a.privilege);
      expect(await verifyPassword(u.passwordHash, a.password)).toBe(true);
    }
  });

  it("makes every account through the real use cases, so the accounts follow the rules", async () => {
    const users = await client.user.findMany({ select: { id: true, username: true, usernameKey: true, privilege: true } });
    expect(users.length).toBe(Object.keys(DEMO_ACCOUNTS).length + DEMO_LADDER_PLAYERS);
    for (const u of users) {
      expect(usernameProblem(u.username), u.username).toBeNull();
      expect(u.usernameKey).toBe(usernameKey(u.username));
    }
    // Registration's core wrote each one (with its audit entry) ...
    const registered = await client.auditLog.findMany({ where: { action: "account.registered" }, select: { targetId: true } });
    expect(new Set(registered.map((a) => a.targetId))).toEqual(new Set(users.map((u) => String(u.id))));
    // ... and the operator's privilege action made the staff, which hides them from the ladders.
    for (const a of Object.values(DEMO_ACCOUNTS).filter((x) => x.privilege !== "PLAYER")) {
      const u = users.find((x) => x.username === a.username)!;
      expect(await client.auditLog.count({ where: { action: "account.privilege_set", actorLabel: "seed", targetId: String(u.id) } })).toBe(1);
      expect(await client.hiscoreStat.count({ where: { userId: u.id, hidden: false } })).toBe(0);
    }
  });

  it("keeps the demo player's credit balance equal to the ledger", async () => {
    const u = await client.user.findFirstOrThrow({ where: { username: DEMO_ACCOUNTS.player.username } });
    const sum = await client.creditLedgerEntry.aggregate({ where: { userId: u.id }, _sum: { delta: true } });
    expect(u.storeCredits).toBe(sum._sum.delta);
    expect(u.storeCredits).toBeGreaterThan(0);
  });
});
