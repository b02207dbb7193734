import { describe, expect, it } from "vitest";
import { findBalanceMismatches } from "@/lib/server/credits/reconcile-balances";
import { db } from "@/lib/server/db";
import { creditsFactory } from "../factories/credits";
import { createUser } from "../factories/users";

// The e2e journeys give players credits and products through this factory: its rows must be
// what the real code writes, or the journeys would test a state the site never reaches.
const factory = creditsFactory((text, values) => db.$queryRawUnsafe(text, ...values));

describe("credits factory", () => {
  it("grants credits as a ledger entry with the balance it leaves, so balances reconcile", async () => {
    const u = await createUser();
    expect(await factory.grantCredits(u.id, 500)).toBe(500);
    expect(await factory.grantCredits(u.id, -120)).toBe(380);
    expect(await factory.balanceOf(u.id)).toBe(380);
    const entries = await db.creditLedgerEntry.findMany({ where: { userId: u.id }, orderBy: { id: "asc" } });
    expect(entries.map((e) => [e.delta, e.balanceAfter, e.kind])).toEqual([
      [500, 500, "ADJUSTMENT"],
      [-120, 380, "ADJUSTMENT"],
    ]);
    expect(entries.every((e) => /^grant:[0-9a-f-]{36}$/.test(e.idempotencyKey))).toBe(true);
    expect((await findBalanceMismatches()).filter((m) => m.userId === u.id)).toEqual([]);
  });

  it("creates a category with products at sale prices from their tier", async () => {
    const { categoryId, products } = await factory.createCategoryWithProducts("Factory test", [
      { name: "Plain item", price: 100 },
      { name: "Sale item", price: 200, sale: "MEDIUM", ironman: false },
    ]);
    const rows = await db.storeProduct.findMany({ where: { categoryId }, orderBy: { sortOrder: "asc" } });
    expect(rows.map((r) => [r.name, r.price, r.salePrice, r.sale, r.ironman, r.active])).toEqual([
      ["Plain item", 100, null, null, true, true],
      ["Sale item", 200, 150, "MEDIUM", false, true],
    ]);
    expect(products.map((p) => p.id)).toEqual(rows.map((r) => r.id));
  });
});
