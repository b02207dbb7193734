import { describe, expect, it } from "vitest";
import { isSlug, nextFreeSlug, SLUG_MAX, slugify } from "@/lib/server/news/news-slug";

describe("slugify", () => {
  it("keeps lowercase ASCII letters and digits joined by single hyphens", () => {
    expect(slugify("Double XP weekend")).toBe("double-xp-weekend");
    expect(slugify("  Store sale: up to 50% off!  ")).toBe("store-sale-up-to-50-off");
    expect(slugify("Winter Festival: Día 2 — Über Ça")).toBe("winter-festival-dia-2-uber-ca");
    expect(slugify("Don't miss the player's event")).toBe("dont-miss-the-players-event");
    expect(slugify("<script>alert(1)</script>")).toBe("script-alert-1-script");
  });
  it("falls back to 'news' when nothing usable is left", () => {
    for (const t of ["", "!!!", "日本語のニュース", "   "]) expect(slugify(t), t).toBe("news");
  });
  it("stays within the maximum, cut at a word boundary when there is one", () => {
    const s = slugify("dragon ".repeat(30));
    expect(s.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(s).toMatch(/^dragon(-dragon)*$/);
    const word = slugify("a".repeat(200));
    expect(word).toBe("a".repeat(SLUG_MAX));
    for (const t of ["x ".repeat(100), `${"b".repeat(79)}-c`, "Long title ".repeat(20)]) expect(isSlug(slugify(t)), t).toBe(true);
  });
});

describe("nextFreeSlug", () => {
  it("takes the base, else the smallest free -N from 2", () => {
    expect(nextFreeSlug("news", [])).toBe("news");
    expect(nextFreeSlug("news", ["news-2"])).toBe("news");
    expect(nextFreeSlug("news", ["news"])).toBe("news-2");
    expect(nextFreeSlug("news", ["news", "news-2", "news-3", "news-5"])).toBe("news-4");
    expect(nextFreeSlug("news", ["news", "news-2024-recap", "news-2"])).toBe("news-3");
  });
});

describe("isSlug", () => {
  it("accepts only what slugify makes", () => {
    for (const s of ["a", "double-xp-weekend", "news-2"]) expect(isSlug(s), s).toBe(true);
    for (const s of ["", "A", "a--b", "-a", "a-", "a b", "a/b", "ü", "x".repeat(141), "a%20b"]) expect(isSlug(s), s).toBe(false);
  });
});
