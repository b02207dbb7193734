import { describe, expect, it } from "vitest";
import { routeId } from "@/lib/route-id";
import { MAX_ID } from "@/lib/schemas/ids";

describe("routeId (the id in a page's route)", () => {
  it("accepts only plain positive 32-bit ids", () => {
    expect(routeId("12")).toBe(12);
    expect(routeId(String(MAX_ID))).toBe(MAX_ID);
    for (const bad of ["0", "abc", "1e3", "-1", " 7", "12a", "2147483648", "99999999999", ""]) expect(routeId(bad), bad).toBeNull();
  });
});
