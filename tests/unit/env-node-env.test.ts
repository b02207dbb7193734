import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/server/env";

describe("NODE_ENV", () => {
  const base = { DATABASE_URL: "postgresql://u@h/db" };

  it("treats an empty NODE_ENV as unset", () => {
    expect(parseEnv({ ...base, NODE_ENV: "" }).NODE_ENV).toBe("development");
  });

  it("still names a wrong one", () => {
    expect(parseEnv({ ...base, NODE_ENV: "production" }).NODE_ENV).toBe("production");
    expect(() => parseEnv({ ...base, NODE_ENV: "staging" })).toThrow(/NODE_ENV/);
  });
});
