import { verify as argon2Verify } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { verifyPassword } from "@/lib/server/accounts/password-hash";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "@/lib/server/sessions/constants";
import { usernameProblem } from "@/lib/usernames";
import * as factory from "../factories/user-factory";

// The factory repeats a few server rules because Playwright cannot import server-only code;
// these checks make a drift fail here instead of as a confusing e2e failure.

describe("the shared user factory matches the server's rules", () => {
  it("uses the server's session lifetimes", async () => {
    expect([factory.SESSION_IDLE_MS, factory.SESSION_ABSOLUTE_MS]).toEqual([SESSION_IDLE_MS, SESSION_ABSOLUTE_MS]);
    // Both as documented (docs/accounts.md: "7 days idle or 30 days in all"), worked out here
    // and not taken from either copy, so a drift of both together fails too.
    const day = 24 * 60 * 60 * 1000;
    expect([SESSION_IDLE_MS, SESSION_ABSOLUTE_MS]).toEqual([604_800_000, 2_592_000_000]);
    expect([SESSION_IDLE_MS / day, SESSION_ABSOLUTE_MS / day]).toEqual([7, 30]);
    // And the session row the factory writes expires 7 days (idle) and 30 days (in all) from now.
    const rows: unknown[][] = [];
    const { createSession } = factory.userFactory(async <T>(_text: string, values: readonly unknown[]) => {
      rows.push([...values]);
      return [] as T[];
    });
    const from = Date.now();
    await createSession(7);
    const to = Date.now();
    const [idle, absolute] = [Date.parse(rows[0]![4] as string), Date.parse(rows[0]![5] as string)];
    expect(idle).toBeGreaterThanOrEqual(from + 7 * day);
    expect(idle).toBeLessThanOrEqual(to + 7 * day);
    expect(absolute).toBeGreaterThanOrEqual(from + 30 * day);
    expect(absolute).toBeLessThanOrEqual(to + 30 * day);
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
    // Independently of our password code: argon2id with the library's defaults (version 19,
    // 19 MiB, 2 passes, 1 lane, as the OWASP minimum), checked by the library itself.
    expect(storedHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await argon2Verify(storedHash, "An0ther-pass!")).toBe(true);
    expect(await argon2Verify(storedHash, "an0ther-pass!")).toBe(false);
    expect(user).toMatchObject({ id: 7, password: "An0ther-pass!" });
  });

  it("makes usernames the registration rules accept", () => {
    for (const prefix of ["u", "e", "Dup_", "r"]) expect(usernameProblem(factory.uniqueUsername(prefix))).toBeNull();
  });
});
