import { describe, expect, it } from "vitest";
import { GET as categoriesRoute } from "@/app/api/v1/store/category/route";
import { GET as packagesRoute } from "@/app/api/v1/store/credits/products/route";
import { GET as allRoute } from "@/app/api/v1/store/products/all/route";
import { GET as pageRoute } from "@/app/api/v1/store/products/[category]/route";
import { GET as byCategoriesRoute } from "@/app/api/v1/store/products/route";
import { db } from "@/lib/server/db";
import { call } from "./helpers";
import { createCategory, createProduct, uniqueName } from "./store-fixtures";

// The public catalogue reads: the field names of docs/product.md §3, only active products in
// display order, paging 12 per page with the links of docs/product.md §3, and a real name search.

const pageOf = (category: number | string, query = "") =>
  call(pageRoute, { path: `/api/v1/store/products/${category}${query}`, params: { category: String(category) } });
type Product = { id: number; name: string; sale_price: number | null };
const results = (r: { json: Record<string, unknown> }) => r.json.results as Product[];
const asList = (r: { json: Record<string, unknown> }) => r.json as unknown as Product[];

describe("store catalogue", () => {
  it("lists categories as {id, name} in display order, to guests too", async () => {
    const later = await createCategory(uniqueName("Later"), 9000);
    const first = await createCategory(uniqueName("First"), 8999);
    const r = await call(categoriesRoute, { path: "/api/v1/store/category" });
    expect(r.status).toBe(200);
    const list = r.json as unknown as { id: number; name: string }[];
    const mine = list.filter((c) => c.id === later.id || c.id === first.id);
    expect(mine).toEqual([
      { id: first.id, name: first.name },
      { id: later.id, name: later.name },
    ]);
  });

  it("pages a category 12 at a time with absolute previous/next links, active products only, by sortOrder then id", async () => {
    const cat = await createCategory();
    const made = [];
    for (let i = 0; i < 14; i++) made.push(await createProduct({ categoryId: cat.id, sortOrder: 14 - i }));
    await createProduct({ categoryId: cat.id, active: false, sortOrder: -1 });
    const expected = [...made].reverse().map((p) => p.id);

    const one = await pageOf(cat.id);
    expect(one.status).toBe(200);
    expect(results(one).map((p) => p.id)).toEqual(expected.slice(0, 12));
    expect(one.json.previous).toBeNull();
    expect(one.json.next).toBe(`http://localhost:3000/api/v1/store/products/${cat.id}?page=2`);

    const two = await pageOf(cat.id, "?page=2");
    expect(results(two).map((p) => p.id)).toEqual(expected.slice(12));
    expect(two.json.previous).toBe(`http://localhost:3000/api/v1/store/products/${cat.id}`);
    expect(two.json.next).toBeNull();

    // Past the end: empty, pointing back at the last page; an unknown category is empty too.
    expect(await pageOf(cat.id, "?page=5")).toMatchObject({ status: 200, json: { results: [], next: null, previous: expect.stringContaining("page=2") } });
    expect(await pageOf(2147483647)).toMatchObject({ status: 200, json: { results: [], previous: null, next: null } });
  });

  it("answers products with the field names of docs/product.md §3 and the sale price computed from the tier", async () => {
    const cat = await createCategory();
    const onSale = await createProduct({ categoryId: cat.id, price: 450, sale: "MEDIUM", salePrice: 5, sortOrder: 1 });
    const plain = await createProduct({ categoryId: cat.id, price: 100, salePrice: 50, sortOrder: 2 });
    const r = await pageOf(cat.id);
    expect(r.json.results).toEqual([
      {
        id: onSale.id,
        name: onSale.name,
        image_href: "/images/store/test.svg",
        category: cat.id,
        ironman: true,
        description: "A test product.",
        price: 450,
        sale_price: 338,
        sale: "MEDIUM",
        // Additions beside the contract's fields: the product's own tier never ends.
        sale_percent: 25,
        sale_ends_at: null,
      },
      {
        id: plain.id,
        name: plain.name,
        image_href: "/images/store/test.svg",
        category: cat.id,
        ironman: true,
        description: "A test product.",
        price: 100,
        sale_price: null,
        sale: null,
        sale_percent: null,
        sale_ends_at: null,
      },
    ]);
  });

  it("searches product names ignoring case, keeping the search in the page links", async () => {
    const cat = await createCategory();
    const tag = uniqueName("Zq").replace(/\W/g, "");
    for (let i = 0; i < 13; i++) await createProduct({ categoryId: cat.id, name: `Dragon ${tag} ${i}`, sortOrder: i });
    const other = await createProduct({ categoryId: cat.id, name: `Rune ${tag}` });
    const hidden = await createProduct({ categoryId: cat.id, name: `Dragon ${tag} hidden`, active: false });

    const r = await pageOf(cat.id, `?search=${encodeURIComponent(`dRaGoN ${tag.toLowerCase()}`)}`);
    expect(results(r)).toHaveLength(12);
    expect(results(r).every((p) => p.name.startsWith("Dragon"))).toBe(true);
    expect(new URL(String(r.json.next)).searchParams.get("search")).toBe(`dRaGoN ${tag.toLowerCase()}`);
    expect(results(await pageOf(cat.id, `?search=rune+${tag}`)).map((p) => p.id)).toEqual([other.id]);
    // Blank searches everything; wildcard characters are plain text.
    expect(results(await pageOf(cat.id, "?search=%20%20"))).toHaveLength(12);
    expect(results(await pageOf(cat.id, "?search=%25"))).toEqual([]);
    expect(results(await pageOf(cat.id, "?search=_"))).toEqual([]);

    const all = await call(allRoute, { path: `/api/v1/store/products/all?search=${tag}` });
    expect(asList(all).map((p) => p.id)).toHaveLength(14);
    expect(asList(all).map((p) => p.id)).not.toContain(hidden.id);
    expect((await pageOf(cat.id, `?search=${"x".repeat(101)}`)).json.search).toEqual([expect.any(String)]);
  });

  it("lists every active product, and those of several categories", async () => {
    const a = await createCategory();
    const b = await createCategory();
    const c = await createCategory();
    const pa = await createProduct({ categoryId: a.id });
    const pb = await createProduct({ categoryId: b.id });
    const pc = await createProduct({ categoryId: c.id });
    const hidden = await createProduct({ categoryId: a.id, active: false });

    const all = asList(await call(allRoute, { path: "/api/v1/store/products/all" })).map((p) => p.id);
    expect(all).toEqual(expect.arrayContaining([pa.id, pb.id, pc.id]));
    expect(all).not.toContain(hidden.id);

    const two = await call(byCategoriesRoute, { path: `/api/v1/store/products?category=${a.id}&category=${b.id}` });
    expect(two.status).toBe(200);
    expect(
      asList(two)
        .map((p) => p.id)
        .sort(),
    ).toEqual([pa.id, pb.id].sort());
    expect(asList(await call(byCategoriesRoute, { path: `/api/v1/store/products?category=${c.id}` })).map((p) => p.id)).toEqual([pc.id]);
  });

  it("answers 400 naming the field for bad category ids, every repeat checked", async () => {
    for (const bad of ["abc", "0", "-1", "2147483648", "1.5"]) {
      const page = await pageOf(bad);
      expect(page.status, bad).toBe(400);
      expect(page.json.category, bad).toEqual([expect.any(String)]);
    }
    const r = await call(byCategoriesRoute, { path: "/api/v1/store/products?category=abc&category=1" });
    expect(r.status).toBe(400);
    expect(r.json.category).toEqual([expect.any(String)]);
    expect((await call(byCategoriesRoute, { path: "/api/v1/store/products" })).status).toBe(400);
    expect((await pageOf(1, "?page=0")).json.page).toEqual([expect.any(String)]);
  });

  it("lists active credit packages with both field names of docs/product.md §3 and USD prices", async () => {
    const pkg = await db.creditPackage.create({
      data: { credits: 777, bonusCredits: 77, priceCents: 7750, imageUrl: "/images/credits/test.svg", sortOrder: 5000 },
    });
    const off = await db.creditPackage.create({ data: { credits: 1, bonusCredits: 0, priceCents: 100, imageUrl: "/x.svg", active: false } });
    const r = await call(packagesRoute, { path: "/api/v1/store/credits/products" });
    const packages = r.json.packages as { id: number }[];
    expect(packages.find((p) => p.id === pkg.id)).toEqual({
      id: pkg.id,
      credits: 777,
      bonusCredits: 77,
      price: 77.5,
      imageUrl: "/images/credits/test.svg",
      amount: 777,
      bonus_amount: 77,
      gift_card: false,
    });
    expect(packages.some((p) => p.id === off.id)).toBe(false);
  });
});
