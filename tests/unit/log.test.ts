import { afterEach, describe, expect, it, vi } from "vitest";
import { resetEnvCache } from "@/lib/server/env";
import { log } from "@/lib/server/log";

// The access log is batched: one write for the lines of one event-loop turn, in order,
// while warnings and errors go out at once.

afterEach(() => {
  vi.restoreAllMocks();
  resetEnvCache();
});

describe("log", () => {
  it("writes info lines of one turn in a single write, in order, as JSON lines", async () => {
    process.env.LOG_LEVEL = "info";
    resetEnvCache();
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    log.info("a", { n: 1 });
    log.info("b", { n: 2 });
    log.debug("hidden");
    expect(out).not.toHaveBeenCalled();
    await new Promise((r) => setImmediate(r));
    expect(out).toHaveBeenCalledTimes(1);
    const lines = String(out.mock.calls[0]![0])
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.msg, l.n, l.level])).toEqual([
      ["a", 1, "info"],
      ["b", 2, "info"],
    ]);
  });

  it("writes errors at once, after the info lines queued before them", () => {
    process.env.LOG_LEVEL = "info";
    resetEnvCache();
    const calls: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((c) => (calls.push(`out:${JSON.parse(String(c)).msg}`), true));
    vi.spyOn(process.stderr, "write").mockImplementation((c) => (calls.push(`err:${JSON.parse(String(c)).msg}`), true));
    log.info("first");
    log.error("boom", { err: new Error("x") });
    expect(calls).toEqual(["out:first", "err:boom"]);
  });
});
