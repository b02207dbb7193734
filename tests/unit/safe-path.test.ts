import { describe, expect, it } from "vitest";
import { safeReturnPath } from "@/lib/safe-path";

// The `next` after login must stay on this site however the value is dressed up.

describe("safeReturnPath", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeReturnPath("/account")).toBe("/account");
    expect(safeReturnPath("/store?page=2#top")).toBe("/store?page=2#top");
    expect(safeReturnPath("/forums/thread/7?page=3")).toBe("/forums/thread/7?page=3");
    // Encoded separators stay encoded: the browser sees a path segment, not a host.
    expect(safeReturnPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
    expect(safeReturnPath("/%09/evil.example")).toBe("/%09/evil.example");
  });

  it("refuses other origins however they are written", () => {
    const attacks = [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example/phish",
      "/\n/evil.example",
      "/\r/evil.example",
      "\t//evil.example",
      "/\\/evil.example",
      "/.//evil.example",
      "/..//evil.example",
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,x",
      "http:evil.example",
      "https:/evil.example",
    ];
    for (const a of attacks) {
      const out = safeReturnPath(a);
      expect(new URL(out, "https://our.site").origin, JSON.stringify(a)).toBe("https://our.site");
      expect(out.startsWith("/") && !out.startsWith("//") && !/[\t\n\r\\]/.test(out), JSON.stringify(a)).toBe(true);
    }
    expect(safeReturnPath("/\t/evil.example/phish")).toBe("/");
    expect(safeReturnPath("https://evil.example")).toBe("/");
    expect(safeReturnPath("javascript:alert(1)")).toBe("/");
    // Same scheme without slashes is a relative path here; only the resolved path is returned.
    expect(safeReturnPath("http:evil.example")).toBe("/evil.example");
  });

  it("answers / for nothing", () => {
    expect(safeReturnPath(null)).toBe("/");
    expect(safeReturnPath(undefined)).toBe("/");
    expect(safeReturnPath("")).toBe("/");
  });
});
