import { beforeAll, describe, expect, it } from "vitest";
import * as coupons from "@/app/api/v1/staff/store/coupons/route";
import * as couponOne from "@/app/api/v1/staff/store/coupons/[id]/route";
import * as product from "@/app/api/v1/staff/store/products/[id]/route";
import * as sales from "@/app/api/v1/staff/store/sales/route";
import * as saleOne from "@/app/api/v1/staff/store/sales/[id]/route";
import { db } from "@/lib/server/db";
import { createSessionToken, createUser } from "../factories/users";
import { call, SAME_ORIGIN } from "./helpers";
import { createCategory, createProduct } from "./store-fixtures";

// Staff: scheduled sales and coupons. Each write is audited with before and after; bad input is a
// 400 naming the field and writes nothing; a player or moderator is refused.

let admin: { id: number };
let session: string;
beforeAll(async () => {
  admin = await createUser({ privilege: "ADMINISTRATOR" });
  session = await createSessionToken(admin.id);
});

const as = (opts: { method?: string; body?: unknown; id?: number; session?: string }) => ({
  method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
  body: opts.body,
  cookies: { session: opts.session ?? session },
  headers: SAME_ORIGIN,
  ...(opts.id !== undefined ? { params: { id: String(opts.id) } } : {}),
});
const lastAudit = (targetType: string, targetId: number) =>
  db.auditLog.findFirstOrThrow({ where: { actorId: admin.id, targetType, targetId: String(targetId) }, orderBy: { id: "desc" } });
const audits = () => db.auditLog.count({ where: { actorId: admin.id } });
const day = 24 * 3600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

describe("staff sales", () => {
  it("schedules, edits and deletes a sale, each audited with before and after; warns about a recent price change", async () => {
    const cat = await createCategory();
    const p = await createProduct({ categoryId: cat.id, price: 500 });
    const steady = await createProduct({ categoryId: cat.id, price: 800 });
    // The price changed through the editor: dated.
    expect((await call(product.PATCH, as({ method: "PATCH", id: p.id, body: { price: 600 } }))).status).toBe(200);
    expect((await db.storeProduct.findUniqueOrThrow({ where: { id: p.id } })).priceChangedAt).not.toBeNull();
    expect((await db.storeProduct.findUniqueOrThrow({ where: { id: steady.id } })).priceChangedAt).toBeNull();

    const body = { name: "Winter", kind: "PERCENT", value: 30, scope: "CATEGORIES", categoryIds: [cat.id], startsAt: iso(day), endsAt: iso(3 * day) };
    const r = await call(sales.POST, as({ body }));
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      name: "Winter",
      state: "scheduled",
      categoryIds: [cat.id],
      warnings: [{ productId: p.id, priceChangedAt: expect.any(String) }],
    });
    expect((r.json.warnings as unknown[]).length).toBe(1);
    const id = r.json.id as number;
    expect(await lastAudit("store_sale", id)).toMatchObject({ action: "store.sale.created", data: { before: null, after: { name: "Winter", value: 30 } } });

    // Only the steady product: no warning.
    const other = await call(sales.POST, as({ body: { ...body, name: "Steady", scope: "PRODUCTS", categoryIds: [], productIds: [steady.id] } }));
    expect(other).toMatchObject({ status: 201, json: { warnings: [] } });

    const edited = await call(saleOne.PATCH, as({ method: "PATCH", id, body: { value: 40, startsAt: iso(-day) } }));
    expect(edited).toMatchObject({ status: 200, json: { value: 40, state: "active" } });
    expect(await lastAudit("store_sale", id)).toMatchObject({
      action: "store.sale.updated",
      data: { before: { value: 30, state: "scheduled" }, after: { value: 40, state: "active" } },
    });
    const list = await call(sales.GET, as({}));
    expect((list.json.results as { id: number }[]).map((s) => s.id)).toContain(id);

    expect(await call(saleOne.DELETE, as({ method: "DELETE", id }))).toMatchObject({ status: 200, json: { deleted: true } });
    expect(await lastAudit("store_sale", id)).toMatchObject({ action: "store.sale.deleted", data: { before: { name: "Winter", value: 40 }, after: null } });
    expect(await db.storeSale.findUnique({ where: { id } })).toBeNull();
    expect((await call(saleOne.DELETE, as({ method: "DELETE", id }))).status).toBe(404);
  });

  it("refuses bad sales with a 400 naming each field, writing nothing", async () => {
    const before = await audits();
    const count = await db.storeSale.count();
    const base = { name: "Bad", kind: "PERCENT", value: 20, scope: "STORE", startsAt: iso(0), endsAt: iso(day) };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, value: 100 }, "value"],
      [{ ...base, kind: "HALF" }, "kind"],
      [{ ...base, endsAt: iso(-day) }, "endsAt"],
      [{ ...base, startsAt: "tomorrow" }, "startsAt"],
      [{ ...base, scope: "PRODUCTS", productIds: [] }, "productIds"],
      [{ ...base, scope: "PRODUCTS", productIds: [2_000_000_000] }, "productIds"],
      [{ ...base, scope: "CATEGORIES", categoryIds: [2_000_000_000] }, "categoryIds"],
      [{ ...base, name: "" }, "name"],
    ];
    for (const [body, field] of cases) {
      const r = await call(sales.POST, as({ body }));
      expect({ field, status: r.status, has: field in r.json }).toEqual({ field, status: 400, has: true });
    }
    // An edit that would end the sale before its start is checked against the stored start.
    const ok = await call(sales.POST, as({ body: base }));
    expect(ok.status).toBe(201);
    const bad = await call(saleOne.PATCH, as({ method: "PATCH", id: ok.json.id as number, body: { endsAt: iso(-2 * day) } }));
    expect(bad.status).toBe(400);
    expect(bad.json).toHaveProperty("endsAt");
    expect(await db.storeSale.count()).toBe(count + 1);
    expect(await audits()).toBe(before + 1);
    await call(saleOne.DELETE, as({ method: "DELETE", id: ok.json.id as number }));
  });

  it("is for administrators only: a moderator gets 403, a player 403", async () => {
    const mod = await createUser({ privilege: "MODERATOR" });
    const pl = await createUser();
    for (const u of [mod, pl]) {
      const s = await createSessionToken(u.id);
      expect((await call(sales.GET, as({ session: s }))).status).toBeGreaterThanOrEqual(403);
      expect((await call(coupons.GET, as({ session: s }))).status).toBeGreaterThanOrEqual(403);
    }
    expect((await call(sales.GET, as({}))).status).toBe(200);
    expect((await call(coupons.GET, as({}))).status).toBe(200);
  });
});

describe("staff coupons", () => {
  it("creates a coupon (code stored upper case, for one player by username) and edits it, audited with before and after", async () => {
    const pl = await createUser();
    const r = await call(
      coupons.POST,
      as({
        body: {
          code: "spring-25",
          kind: "PERCENT",
          value: 25,
          scope: "BASKET",
          maxRedemptions: 100,
          perPlayerLimit: 1,
          username: pl.username,
          stackable: true,
        },
      }),
    );
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ code: "SPRING-25", value: 25, username: pl.username, uses: 0, storeItems: true, creditPackages: false, active: true });
    const id = r.json.id as number;
    expect(await db.coupon.findUniqueOrThrow({ where: { id } })).toMatchObject({ userId: pl.id });
    expect(await lastAudit("coupon", id)).toMatchObject({ action: "store.coupon.created", data: { before: null, after: { code: "SPRING-25" } } });

    const dup = await call(coupons.POST, as({ body: { code: "Spring-25", kind: "PERCENT", value: 5, scope: "BASKET" } }));
    expect(dup).toMatchObject({ status: 400, json: { code: ["Another coupon already has this code."] } });

    const off = await call(couponOne.PATCH, as({ method: "PATCH", id, body: { active: false, username: null } }));
    expect(off).toMatchObject({ status: 200, json: { active: false, username: null } });
    expect(await lastAudit("coupon", id)).toMatchObject({
      action: "store.coupon.updated",
      data: { before: { active: true, username: pl.username }, after: { active: false, username: null } },
    });
    expect((await call(coupons.GET, as({}))).json.results).toEqual(expect.arrayContaining([expect.objectContaining({ id, active: false })]));
  });

  it("refuses bad coupons with a 400 naming each field, writing nothing", async () => {
    const before = await audits();
    const count = await db.coupon.count();
    const base = { code: "GOODCODE", kind: "PERCENT", value: 10, scope: "BASKET" };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, code: "a b" }, "code"],
      [{ ...base, value: 101 }, "value"],
      [{ ...base, value: 0 }, "value"],
      [{ ...base, storeItems: false, creditPackages: false }, "storeItems"],
      [{ ...base, kind: "FIXED", storeItems: true, creditPackages: true }, "creditPackages"],
      [{ ...base, scope: "PRODUCTS" }, "productIds"],
      [{ ...base, scope: "CATEGORIES" }, "categoryIds"],
      [{ ...base, scope: "PRODUCTS", packageIds: [2_000_000_000] }, "packageIds"],
      [{ ...base, startsAt: iso(day), expiresAt: iso(0) }, "expiresAt"],
      [{ ...base, maxRedemptions: 0 }, "maxRedemptions"],
      [{ ...base, perPlayerLimit: -1 }, "perPlayerLimit"],
      [{ ...base, minOrderCents: 1.5 }, "minOrderCents"],
      [{ ...base, username: "nosuchplayr1" }, "username"],
    ];
    for (const [body, field] of cases) {
      const r = await call(coupons.POST, as({ body }));
      expect({ field, status: r.status, has: field in r.json }).toEqual({ field, status: 400, has: true });
    }
    expect(await db.coupon.count()).toBe(count);
    expect(await audits()).toBe(before);
    expect((await call(couponOne.PATCH, as({ method: "PATCH", id: 2_000_000_000, body: { active: false } }))).status).toBe(404);
  });
});
