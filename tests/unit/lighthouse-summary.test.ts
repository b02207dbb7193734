import { describe, expect, it } from "vitest";
import { formatReport, medianRun, misses, type RunResult } from "@/scripts/lib/lighthouse-summary";

function run(page: string, n: number, performance: number | null, extra: Partial<RunResult> = {}): RunResult {
  return {
    page,
    run: n,
    scores: { performance, accessibility: 100, "best-practices": 100, seo: 100 },
    tbt: 120,
    lcp: 2100,
    fcp: 900,
    cls: 0,
    load: 1.5,
    benchmarkIndex: 1800,
    ...extra,
  };
}

describe("medianRun", () => {
  it("takes the run with the middle performance score, not the middle run", () => {
    expect(medianRun([run("/", 1, 97), run("/", 2, 61), run("/", 3, 88)])?.run).toBe(3);
  });

  it("keeps run order among equal scores", () => {
    expect(medianRun([run("/", 1, 90), run("/", 2, 90), run("/", 3, 90)])?.run).toBe(2);
  });

  it("leaves failed runs out and takes the lower of two", () => {
    const runs = [run("/", 1, 95), run("/", 2, null, { error: "NO_NAVSTART" }), run("/", 3, 80)];
    expect(medianRun(runs)?.run).toBe(3);
  });

  it("counts a performance score of 0 as a failed run", () => {
    expect(medianRun([run("/", 1, 0), run("/", 2, 92), run("/", 3, 70)])?.run).toBe(3);
  });

  it("is null when no run was usable", () => {
    expect(medianRun([run("/", 1, null, { error: "x" })])).toBeNull();
    expect(medianRun([])).toBeNull();
  });
});

describe("misses", () => {
  it("names every category below its target", () => {
    expect(misses(run("/", 1, 90))).toEqual([]);
    expect(misses(run("/", 1, 89, { scores: { performance: 89, accessibility: 100, "best-practices": 96, seo: null } }))).toEqual([
      "performance",
      "best-practices",
      "seo",
    ]);
  });
});

describe("formatReport", () => {
  const meta = { chromium: "Chromium 156.0", lighthouse: "13.5.0", cores: 2, date: "2026-11-25T07:00:00Z", base: "http://localhost:3000" };

  it("prints the median line with its load average and a MISS beside a miss", () => {
    const runs = [run("/", 1, 97, { load: 0.5 }), run("/", 2, 84, { load: 3.25, tbt: 650 }), run("/", 3, 71, { load: 6 }), run("/rules", 1, 95)];
    const text = formatReport(["/", "/rules"], runs, meta);
    expect(text).toContain("Lighthouse 13.5.0, Chromium 156.0, mobile");
    expect(text).toContain("| `/` | 84 | 100 | 100 | 100 | 650 ms | 2.1 s | 900 ms | 0.000 | 3.25 | 1800 | 97 / 84 / 71 | MISS (performance) |");
    expect(text).toContain("| `/rules` | 95 | 100 | 100 | 100 |");
    expect(text).toMatch(/\| `\/rules` \|.*\| 95 \| pass \|/);
    expect(text.split("\n").filter((l) => l.startsWith("| `/` |"))).toHaveLength(4); // the median + three runs
  });

  it("says NOT MEASURED and shows the failures", () => {
    const text = formatReport(["/store"], [run("/store", 1, null, { error: "NO_FCP", retried: true })], meta);
    expect(text).toContain("| `/store` | – | – | – | – | – | – | – | – | – | – | fail | NOT MEASURED |");
    expect(text).toContain("failed: NO_FCP");
  });
});
