import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prefetchFor } from "@/lib/planned-routes";

describe("prefetchFor", () => {
  it("turns prefetch off for pages later issues build, with sub-paths, queries and trailing slashes", () => {
    for (const href of ["/news", "/forums/thread/1", "/forums?x=1", "/news#top"]) expect(prefetchFor(href), href).toBe(false);
  });
  it("leaves built pages to Next's default", () => {
    const built = ["/", "/rules", "/account", "/account/purchases?type=credits", "/store", "/credits", "/vote", "/vote?x=1", "/newsletter", "/play"];
    for (const href of [...built, "/hiscores", "/hiscores/attack?page=2", "/hiscores/player/Zezima", "/tickets/", "/tickets/create", "/ticket/1", "/ticketinfo/"])
      expect(prefetchFor(href), href).toBeUndefined();
  });
  it("lists no page that exists: a built page must be prefetched again", () => {
    for (const p of ["/news", "/forums"]) {
      expect(prefetchFor(p), p).toBe(false);
      expect(existsSync(path.join(process.cwd(), "app/(site)", p, "page.tsx")), p).toBe(false);
    }
  });
});
