import { describe, expect, it } from "vitest";
import { usernameKey, usernameProblem } from "@/lib/usernames";
import { ZUsername } from "@/lib/schemas/accounts";

describe("lookalike usernames", () => {
  it("gives names that differ only in case or separators one key", () => {
    for (const lookalike of ["Ad min", "Ad-min", "Ad_min", "AD_MIN", "a-d m_in", "Admin_", " Admin "])
      expect(usernameKey(lookalike)).toBe(usernameKey("Admin"));
    expect(usernameKey("Iron_Man 99")).toBe("ironman99");
    expect(usernameKey("Admin2")).not.toBe(usernameKey("Admin"));
  });

  it("refuses a space, - or _ at either end", () => {
    for (const name of ["Admin_", "_Admin", "Admin-", "-Admin", " Admin", "Admin "]) {
      expect(usernameProblem(name), name).toBe("Usernames cannot start or end with a space, - or _.");
      expect(ZUsername.safeParse(name).success, name).toBe(false);
    }
    for (const name of ["Ad min", "Ad-min", "Iron_Man 99", "a"]) expect(usernameProblem(name), name).toBeNull();
  });
});
