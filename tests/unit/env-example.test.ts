import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENV_VARIABLES } from "@/lib/server/env";

// The README sends server owners to .env.example for every setting: each variable the
// configuration reads must be there, set or commented out (`# NAME=`).

/** Set by our own tooling, never by hand. */
const INTERNAL = new Set(["NODE_ENV", "NEXT_PHASE", "SOCKET_ADDRESS_SECRET"]);

describe(".env.example", () => {
  const text = readFileSync(".env.example", "utf8");
  const documented = new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));

  it("lists every variable lib/server/env.ts reads", () => {
    expect(ENV_VARIABLES.length).toBeGreaterThan(20);
    const missing = ENV_VARIABLES.filter((name) => !INTERNAL.has(name) && !documented.has(name));
    expect(missing).toEqual([]);
  });
});
