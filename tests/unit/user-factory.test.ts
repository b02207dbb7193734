import { describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/server/accounts/password-hash";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "@/lib/server/sessions/constants";
import { usernameProblem } from "@/lib/usernames";
import * as factory from "../factories/user-factory";

// The factory repeats a few server rules because Playwright cannot import server-only code;
// these checks make a drift fail here instead of as a confusing e2e failure.

describe("the shared user factory matches the server's rules", () => {
  it("uses the server's session lifetimes", () => {
    expect([factory.SESSION_IDLE_MS, factory.SESSION_ABSOLUTE_MS]).toEqual([SESSION_IDLE_MS, SESSION_ABSOLUTE_MS]);
  });

  it("stores password hashes the server verifies", async () => {
    const rows: unknown[][] = [];
    const { createUser } = factory.userFactory(async <T>(_text: string, values: readonly unknown[]) => {
      rows.push([...values]);
      return [{ id: 7 }] as T[];
    });
    const user = await createUser({ password: "An0ther-pass!" });
    const storedHash = rows[0]![4] as string;
    expect(storedHash.startsWith("$argon2id$")).toBe(true);
    expect(await verifyPassword(storedHash, "An0ther-pass!")).toBe(true);
    expect(user).toMatchObject({ id: 7, password: "An0ther-pass!" });
  });

  it("makes usernames the registration rules accept", () => {
    for (const prefix of ["u", "e", "Dup_", "r"]) expect(usernameProblem(factory.uniqueUsername(prefix))).toBeNull();
  });
});
