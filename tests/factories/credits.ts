// Credits and store catalogue for tests: plain SQL through the same executor as the user
// factory (Prisma in integration tests, `pg` in Playwright, which cannot import server-only
// code). The rows match what applyCreditChange and the staff editor write: a staff grant is
// one ledger entry with a `grant:<uuid>` key and the balance it leaves, so reconciliation holds.
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { SqlExecutor } from "./user-factory";

export type SaleTier = "LOW" | "MEDIUM" | "HIGH";
export type ProductSpec = { name: string; price: number; sale?: SaleTier | null; ironman?: boolean; description?: string; imageHref?: string };
export type CreatedProduct = { id: number; name: string; price: number; salePrice: number | null };

/** As lib/store/sale.ts (kept free of app imports so Playwright can load it). */
const SALE_PERCENT: Record<SaleTier, number> = { LOW: 10, MEDIUM: 25, HIGH: 50 };

export function creditsFactory(sql: SqlExecutor) {
  /** Adds `amount` credits (negative removes) as a staff grant would; returns the new balance. */
  async function grantCredits(userId: number, amount: number, note = "test grant"): Promise<number> {
    if (!Number.isSafeInteger(amount) || amount === 0) throw new Error(`grantCredits: non-zero integer expected, got ${amount}`);
    // One statement: the balance update and its ledger entry commit together.
    const [row] = await sql<{ balanceAfter: number }>(
      `WITH u AS (
         UPDATE users SET "storeCredits" = "storeCredits" + $2, "updatedAt" = (now() AT TIME ZONE 'UTC') WHERE id = $1 RETURNING "storeCredits"
       )
       INSERT INTO credit_ledger ("userId", delta, "balanceAfter", kind, note, "idempotencyKey")
       SELECT $1, $2, u."storeCredits", 'ADJUSTMENT'::"LedgerKind", $3, $4 FROM u
       RETURNING "balanceAfter"`,
      [userId, amount, note, `grant:${randomUUID()}`],
    );
    if (!row) throw new Error(`grantCredits: no user ${userId}`);
    return Number(row.balanceAfter);
  }

  /** A store category of its own with the given products, in that order. */
  async function createCategoryWithProducts(name: string, products: readonly ProductSpec[]): Promise<{ categoryId: number; products: CreatedProduct[] }> {
    const [cat] = await sql<{ id: number }>(`INSERT INTO store_categories (name, "sortOrder") VALUES ($1, 1000) RETURNING id`, [name]);
    if (!cat) throw new Error("createCategoryWithProducts: INSERT returned no row");
    const created: CreatedProduct[] = [];
    for (const [i, p] of products.entries()) {
      const salePrice = p.sale ? Math.round(p.price * (1 - SALE_PERCENT[p.sale] / 100)) : null;
      const [row] = await sql<{ id: number }>(
        `INSERT INTO store_products (name, "imageHref", "categoryId", ironman, description, price, "salePrice", sale, "gameItemId", "sortOrder", "updatedAt")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8::"SaleTier", $9, $10, (now() AT TIME ZONE 'UTC')) RETURNING id`,
        [
          p.name,
          p.imageHref ?? "/images/store/santa-hat.svg",
          cat.id,
          p.ironman ?? true,
          p.description ?? `${p.name}, made for a test.`,
          p.price,
          salePrice,
          p.sale ?? null,
          9000 + i,
          i,
        ],
      );
      if (!row) throw new Error("createCategoryWithProducts: product INSERT returned no row");
      created.push({ id: Number(row.id), name: p.name, price: p.price, salePrice });
    }
    return { categoryId: Number(cat.id), products: created };
  }

  /** The user's balance as stored. */
  async function balanceOf(userId: number): Promise<number> {
    const [row] = await sql<{ storeCredits: number }>(`SELECT "storeCredits" FROM users WHERE id = $1`, [userId]);
    if (!row) throw new Error(`balanceOf: no user ${userId}`);
    return Number(row.storeCredits);
  }

  return { grantCredits, createCategoryWithProducts, balanceOf };
}

/** The factory on the e2e database (one short-lived `pg` connection per statement, as e2e-users.ts). */
export const e2eCredits = creditsFactory(async <T>(text: string, values: readonly unknown[]) => {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error("E2E_DATABASE_URL is not set: run the journeys through `node scripts/test.mjs --only=build,e2e`.");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, [...values])).rows as T[];
  } finally {
    await client.end();
  }
});
