import { expect } from "@playwright/test";
import { createE2EUser } from "../factories/e2e-users";
import { signIn, test } from "./support/accounts";
import { askLink } from "./support/store-link";

// An attack once possible: a player put their own ::store link in a forum post as an image, so every
// reader's browser fetched it and was signed in as the attacker. Now the link's GET only asks,
// and the sanitiser keeps no image that points at a site path other than an image's. Here a
// reader signed in as A opens a thread holding every form of that attack (relative, absolute on
// the site's own origin, a plain link) and of the unparseable outside hosts of finding 3:
// afterwards the site still says A, and no request left the browser for any other host.

test("a reader stays who they are after opening a thread full of store-link images and links", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const attacker = await createE2EUser();
  const reader = await createE2EUser();
  const link = await askLink(page.request, attacker.id);
  const path = new URL(link).pathname + new URL(link).search;

  // The attacker posts (signed in as themselves in a context of their own).
  const attackerPage = await page
    .context()
    .browser()!
    .newPage({ baseURL: baseURL!, extraHTTPHeaders: { "x-forwarded-for": "127.9.9.9" } });
  await signIn(attackerPage, attacker);
  const categories = (await (await attackerPage.request.get("/api/v1/forums")).json()) as Array<{ forums: Array<{ id: number; staff_only: boolean }> }>;
  const forum = categories.flatMap((c) => c.forums).find((f) => !f.staff_only)!;
  const content = [
    `<p>free gold</p>`,
    `<img src="${path}" alt="a">`,
    `<img src="${origin}${path}" alt="b">`,
    `<img src="https://xn--a.attacker.example:8443/leak.png" alt="c">`,
    `<img src="https://evil.example:99999/a.png" alt="d">`,
    `<img src="https://evil.example%00.test/a.png" alt="e">`,
    `<p><a href="${path}">claim your gold</a></p>`,
  ].join("");
  const created = await attackerPage.request.post("/api/v1/forums/threads", { data: { forum_id: forum.id, title: "Free gold for everyone", content } });
  expect(created.status()).toBe(201);
  const thread = (await created.json()) as { id: number };
  await attackerPage.close();

  await signIn(page, reader);
  const outside: string[] = [];
  const storeLinkRequests: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith("data:") && !r.url().startsWith("blob:")) outside.push(r.url());
    if (new URL(r.url()).pathname.startsWith("/store-link")) storeLinkRequests.push(`${r.method()} ${r.url()}`);
  });
  await page.goto(`/forums/thread/${thread.id}`);
  await expect(page.getByRole("heading", { name: "Free gold for everyone" })).toBeVisible();
  await page.waitForLoadState("load");
  // No image of the post points anywhere but the site's own image paths.
  const sources = await page.locator("main img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src") ?? ""));
  expect(sources.filter((s) => s.includes("store-link") || s.includes("evil") || s.includes("attacker"))).toEqual([]);
  expect(storeLinkRequests).toEqual([]);
  expect(outside).toEqual([]);
  expect(await (await page.request.get("/api/v1/user")).json()).toMatchObject({ name: reader.username, store_session: false });

  // Following the link (a path of this site: posts open it in the same tab) only asks, and says
  // who is signed in now; not continuing changes nothing.
  await page.getByRole("link", { name: "claim your gold" }).click();
  await page.waitForURL(/\/store-link\?/);
  const tab = page;
  await expect(tab.getByTestId("store-link-player")).toHaveText(attacker.username);
  await expect(tab.getByTestId("store-link-other-account")).toContainText(`You are signed in as ${reader.username}`);
  expect(await (await page.request.get("/api/v1/user")).json()).toMatchObject({ name: reader.username, store_session: false });
  expect(outside).toEqual([]);
});
