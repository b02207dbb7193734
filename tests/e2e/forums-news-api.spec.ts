import { isDeepStrictEqual } from "node:util";
import { expect } from "@playwright/test";
import { createE2EUser } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";

// docs/product.md §7 writes the forum and news calls with trailing slashes (GET /forums/, /forums/categories/,
// /forums/thread/{id}/?page=, /news/?year=&month=, /news/{id}/, POST /news/) and the news page as
// /news/{slug}/. Against the running server: each API spelling is answered directly,
// with no redirect, exactly as the path without the slash; the page keeps its canonical address
// after one redirect.

test.describe("the trailing-slash paths of docs/product.md §7", () => {
  test("forum and news calls are answered directly, and the news page after one redirect", async ({ page, request }) => {
    const news = (await (await request.get("/api/v1/news/latest?amount=1")).json()) as Array<{ id: number; slug: string; thread: { id: number } }>;
    expect(news.length).toBe(1);
    const [item] = news;
    for (const path of [
      "/api/v1/forums/",
      "/api/v1/forums/categories/",
      `/api/v1/forums/thread/${item!.thread.id}/?page=1`,
      "/api/v1/news/?year=2026&month=11",
      `/api/v1/news/${item!.id}/`,
    ]) {
      const first = await request.get(path, { maxRedirects: 0 });
      expect(first.status(), path).toBe(200);
      expect(first.headers()["content-type"], path).toContain("application/json");
      const bare = path.replace(/\/(\?|$)/, "$1");
      expect(bare, path).not.toBe(path);
      // Other tests post to the forums meanwhile: the two spellings agree once no write fell between them.
      await expect
        .poll(
          async () => {
            const [slashed, plain] = [await (await request.get(path)).json(), await (await request.get(bare)).json()];
            return isDeepStrictEqual(slashed, plain);
          },
          { message: path },
        )
        .toBe(true);
    }
    const pageAnswer = await page.goto(`/news/${item!.slug}/`);
    expect(pageAnswer?.status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/news/${item!.slug}$`));

    // POST /news/ (docs/product.md §7) from a staff session: answered directly, method and body kept.
    await startSignedIn(page, await createE2EUser({ privilege: "MODERATOR" }));
    const created = await page.request.post("/api/v1/news/", { data: { title: "Slash post", content: "<p>Posted to /news/.</p>" } });
    expect(created.status()).toBe(201);
    expect(((await created.json()) as { title: string }).title).toBe("Slash post");
  });
});
