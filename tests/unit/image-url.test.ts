import { describe, expect, it } from "vitest";
import { isImageUrl } from "@/lib/image-url";

describe("isImageUrl: where post and news images may come from", () => {
  it("accepts absolute http(s) addresses and paths on this site", () => {
    for (const ok of ["https://cdn.example.com/a.png", "http://example.com/a.gif?x=1", "/images/news/default.svg"]) expect(isImageUrl(ok)).toBe(true);
  });
  it("refuses scripts, data, protocol-relative, relative and spaced addresses", () => {
    for (const bad of ["javascript:alert(1)", "data:image/png;base64,AAAA", "//evil.test/a.png", "a.png", "ftp://h/a.png", "https://exa mple.com/a.png", "/\\evil.test", "", "https://"]) {
      expect(isImageUrl(bad), bad).toBe(false);
    }
  });
});
