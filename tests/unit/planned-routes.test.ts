import { describe, expect, it } from "vitest";
import { prefetchFor } from "@/lib/planned-routes";

describe("prefetchFor", () => {
  it("turns prefetch off for pages later issues build, with sub-paths, queries and trailing slashes", () => {
    for (const href of ["/news", "/tickets/", "/forums/thread/1", "/account/purchases?type=credits", "/store#top"]) expect(prefetchFor(href), href).toBe(false);
  });
  it("leaves built pages to Next's default", () => {
    for (const href of ["/", "/rules", "/account", "/newsletter", "/play"]) expect(prefetchFor(href), href).toBeUndefined();
  });
});
