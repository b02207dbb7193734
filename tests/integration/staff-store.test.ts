import { beforeAll, describe, expect, it } from "vitest";
import * as categories from "@/app/api/v1/staff/store/categories/route";
import * as category from "@/app/api/v1/staff/store/categories/[id]/route";
import * as packages from "@/app/api/v1/staff/store/packages/route";
import * as pkg from "@/app/api/v1/staff/store/packages/[id]/route";
import * as products from "@/app/api/v1/staff/store/products/route";
import * as product from "@/app/api/v1/staff/store/products/[id]/route";
import { db } from "@/lib/server/db";
import { createSessionToken, createUser } from "../factories/users";
import { call, SAME_ORIGIN } from "./helpers";

// The staff catalogue editor against the real database: each action works for an
// administrator and is in the audit log with what changed; bad input is a 400 naming the field
// and writes nothing.

let admin: { id: number };
let session: string;
beforeAll(async () => {
  admin = await createUser({ privilege: "ADMINISTRATOR" });
  session = await createSessionToken(admin.id);
});

const as = (opts: { method?: string; body?: unknown; id?: number }) => ({
  method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
  body: opts.body,
  cookies: { session },
  headers: SAME_ORIGIN,
  ...(opts.id !== undefined ? { params: { id: String(opts.id) } } : {}),
});
const lastAudit = (targetType: string, targetId: number) =>
  db.auditLog.findFirstOrThrow({ where: { actorId: admin.id, targetType, targetId: String(targetId) }, orderBy: { id: "desc" } });
const auditsByAdmin = () => db.auditLog.count({ where: { actorId: admin.id } });

async function newCategory(name = `Cat ${Math.random().toString(36).slice(2, 8)}`) {
  const r = await call(categories.POST, as({ body: { name, sortOrder: 5 } }));
  expect(r.status).toBe(201);
  return r.json as { id: number; name: string; hidden: boolean };
}
const productBody = (categoryId: number) => ({
  name: "Dragon claws",
  imageHref: "https://cdn.example/claws.png",
  price: 400,
  sale: "MEDIUM",
  ironman: false,
  description: "Sharp.",
  categoryId,
  gameItemId: 13652,
  quantity: 1,
});

describe("staff catalogue editor", () => {
  it("creates a category, hides it and shows it again, each step audited with before and after", async () => {
    const c = await newCategory("Weapons");
    expect(c).toMatchObject({ name: "Weapons", hidden: false });
    expect(await lastAudit("store_category", c.id)).toMatchObject({
      action: "store.category.created",
      data: { after: { name: "Weapons", sortOrder: 5, hidden: false } },
    });

    const hidden = await call(category.PATCH, as({ method: "PATCH", id: c.id, body: { hidden: true } }));
    expect(hidden.status).toBe(200);
    expect((await db.storeCategory.findUniqueOrThrow({ where: { id: c.id } })).hidden).toBe(true);
    expect(await lastAudit("store_category", c.id)).toMatchObject({
      action: "store.category.hidden",
      data: { before: { hidden: false }, after: { hidden: true } },
    });

    // The editor still lists it (the public store does not).
    const list = await call(categories.GET, as({}));
    expect((list.json.results as { id: number; hidden: boolean }[]).find((x) => x.id === c.id)).toMatchObject({ hidden: true });

    const renamed = await call(category.PATCH, as({ method: "PATCH", id: c.id, body: { name: "Melee weapons", hidden: false } }));
    expect(renamed.json).toMatchObject({ name: "Melee weapons", hidden: false });
    expect(await lastAudit("store_category", c.id)).toMatchObject({
      action: "store.category.shown",
      data: { before: { name: "Weapons" }, after: { name: "Melee weapons" } },
    });
  });

  it("creates and edits a product (price, sale, hide), keeping the cached sale price in step", async () => {
    const c = await newCategory();
    const r = await call(products.POST, as({ body: productBody(c.id) }));
    expect(r.status).toBe(201);
    const id = r.json.id as number;
    expect(r.json).toMatchObject({ name: "Dragon claws", categoryName: c.name, price: 400, sale: "MEDIUM", ironman: false, active: true });
    expect((await db.storeProduct.findUniqueOrThrow({ where: { id } })).salePrice).toBe(300);
    expect(await lastAudit("store_product", id)).toMatchObject({ action: "store.product.created", data: { after: { price: 400, sale: "MEDIUM" } } });

    const edited = await call(product.PATCH, as({ method: "PATCH", id, body: { price: 250, sale: null, imageHref: "/images/store/claws.png" } }));
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ price: 250, sale: null, imageHref: "/images/store/claws.png" });
    expect(await db.storeProduct.findUniqueOrThrow({ where: { id } })).toMatchObject({ price: 250, sale: null, salePrice: null });
    expect(await lastAudit("store_product", id)).toMatchObject({
      action: "store.product.updated",
      data: { before: { price: 400, sale: "MEDIUM" }, after: { price: 250, sale: null } },
    });

    const hidden = await call(product.PATCH, as({ method: "PATCH", id, body: { active: false } }));
    expect(hidden.json).toMatchObject({ active: false });
    expect(await lastAudit("store_product", id)).toMatchObject({ action: "store.product.hidden" });
    const list = await call(products.GET, as({}));
    expect((list.json.results as { id: number; active: boolean }[]).find((x) => x.id === id)).toMatchObject({ active: false });
  });

  it("creates a product giftable unless told otherwise, and edits giftable with before and after in the audit log; not a boolean is a 400 naming it", async () => {
    const c = await newCategory();
    const r = await call(products.POST, as({ body: productBody(c.id) }));
    const id = r.json.id as number;
    expect(r.json).toMatchObject({ giftable: true });
    const off = await call(product.PATCH, as({ method: "PATCH", id, body: { giftable: false } }));
    expect(off).toMatchObject({ status: 200, json: { giftable: false } });
    expect(await db.storeProduct.findUniqueOrThrow({ where: { id } })).toMatchObject({ giftable: false });
    expect(await lastAudit("store_product", id)).toMatchObject({
      action: "store.product.updated",
      data: { before: { giftable: true }, after: { giftable: false } },
    });
    const audits = await auditsByAdmin();
    expect(await call(product.PATCH, as({ method: "PATCH", id, body: { giftable: "no" } }))).toMatchObject({
      status: 400,
      json: { giftable: ["Giftable must be true or false."] },
    });
    expect(await auditsByAdmin()).toBe(audits);
    const created = await call(products.POST, as({ body: { ...productBody(c.id), giftable: false } }));
    expect(created).toMatchObject({ status: 201, json: { giftable: false } });
  });

  it("creates and edits a credit package", async () => {
    const r = await call(packages.POST, as({ body: { credits: 1000, bonusCredits: 100, priceCents: 1000, imageUrl: "/images/credits/pack-9.svg" } }));
    expect(r.status).toBe(201);
    const id = r.json.id as number;
    expect(r.json).toMatchObject({ credits: 1000, bonusCredits: 100, priceCents: 1000, active: true });
    expect(await lastAudit("credit_package", id)).toMatchObject({ action: "store.package.created" });

    const edited = await call(pkg.PATCH, as({ method: "PATCH", id, body: { priceCents: 999, active: false } }));
    expect(edited.json).toMatchObject({ priceCents: 999, active: false });
    expect(await lastAudit("credit_package", id)).toMatchObject({
      action: "store.package.hidden",
      data: { before: { priceCents: 1000, active: true }, after: { priceCents: 999, active: false } },
    });
    const list = await call(packages.GET, as({}));
    expect((list.json.results as { id: number }[]).some((x) => x.id === id)).toBe(true);
  });

  it("answers bad input with 400 naming the field and writes nothing", async () => {
    const c = await newCategory();
    const p = await call(products.POST, as({ body: productBody(c.id) }));
    const pk = await call(packages.POST, as({ body: { credits: 10, priceCents: 100, imageUrl: "/p.png" } }));
    const before = {
      audits: await auditsByAdmin(),
      products: await db.storeProduct.count({ where: { categoryId: c.id } }),
      product: await db.storeProduct.findUniqueOrThrow({ where: { id: p.json.id as number } }),
    };

    const cases: [string, Parameters<typeof call>[0], ReturnType<typeof as>, string][] = [
      ["price 0", products.POST, as({ body: { ...productBody(c.id), price: 0 } }), "price"],
      ["fractional price", products.POST, as({ body: { ...productBody(c.id), price: 1.5 } }), "price"],
      ["price as text", product.PATCH, as({ method: "PATCH", id: p.json.id as number, body: { price: "100" } }), "price"],
      ["javascript: image", products.POST, as({ body: { ...productBody(c.id), imageHref: "javascript:alert(1)" } }), "imageHref"],
      ["protocol-relative image", product.PATCH, as({ method: "PATCH", id: p.json.id as number, body: { imageHref: "//evil.example/x.png" } }), "imageHref"],
      ["unknown sale tier", product.PATCH, as({ method: "PATCH", id: p.json.id as number, body: { sale: "HUGE" } }), "sale"],
      ["missing name", products.POST, as({ body: { ...productBody(c.id), name: "  " } }), "name"],
      ["missing category", products.POST, as({ body: { ...productBody(c.id), categoryId: undefined } }), "categoryId"],
      ["category that does not exist", products.POST, as({ body: { ...productBody(c.id), categoryId: 2147483000 } }), "categoryId"],
      [
        "moved to a category that does not exist",
        product.PATCH,
        as({ method: "PATCH", id: p.json.id as number, body: { categoryId: 2147483000, price: 1 } }),
        "categoryId",
      ],
      ["package price 0", packages.POST, as({ body: { credits: 10, priceCents: 0, imageUrl: "/p.png" } }), "priceCents"],
      ["package without credits", pkg.PATCH, as({ method: "PATCH", id: pk.json.id as number, body: { credits: 0 } }), "credits"],
      ["negative bonus", pkg.PATCH, as({ method: "PATCH", id: pk.json.id as number, body: { bonusCredits: -5 } }), "bonusCredits"],
      ["category name too long", categories.POST, as({ body: { name: "x".repeat(65) } }), "name"],
      ["hidden not a boolean", category.PATCH, as({ method: "PATCH", id: c.id, body: { hidden: "yes" } }), "hidden"],
    ];
    for (const [label, handler, req, field] of cases) {
      const r = await call(handler, req);
      expect(r.status, label).toBe(400);
      expect(r.json[field], label).toEqual([expect.any(String)]);
    }
    const empty = await call(product.PATCH, as({ method: "PATCH", id: p.json.id as number, body: {} }));
    expect(empty).toMatchObject({ status: 400, json: { details: "Send at least one field to change." } });
    const missing = await call(category.PATCH, as({ method: "PATCH", id: 2147483000, body: { name: "Ghost" } }));
    expect(missing.status).toBe(404);

    expect(await auditsByAdmin()).toBe(before.audits);
    expect(await db.storeProduct.count({ where: { categoryId: c.id } })).toBe(before.products);
    expect(await db.storeProduct.findUniqueOrThrow({ where: { id: p.json.id as number } })).toEqual(before.product);
  });
});
