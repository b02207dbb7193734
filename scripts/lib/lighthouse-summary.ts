// The pure part of `npm run audit:lighthouse` (scripts/audit-lighthouse.ts): which run is a
// page's median, whether it meets the targets, and the markdown table. No I/O here.

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type Category = (typeof CATEGORIES)[number];

/** The targets of docs/performance.md on a quiet machine: performance ≥ 90 (median), the other three 100. */
export const TARGETS: Record<Category, number> = { performance: 90, accessibility: 100, "best-practices": 100, seo: 100 };

export type RunResult = {
  page: string;
  /** 1-based run number for this page. */
  run: number;
  /** Scores 0–100; null when Lighthouse could not score the category (or the run failed). */
  scores: Record<Category, number | null>;
  /** Milliseconds (CLS is unitless). */
  tbt: number | null;
  lcp: number | null;
  fcp: number | null;
  cls: number | null;
  /** os.loadavg()[0] just before the run. */
  load: number;
  /** Lighthouse's own measure of how fast this machine was at the time (higher is faster). */
  benchmarkIndex: number | null;
  /** Set when the run failed even after its one retry. */
  error?: string;
  /** True when the first attempt failed and this is the retry. */
  retried?: boolean;
};

export const ok = (r: RunResult): boolean => !r.error && r.scores.performance !== null && r.scores.performance > 0;

/**
 * The median run of one page by performance score. With an even number of usable runs (one
 * failed twice) the lower of the middle two, so a failure never flatters the figure. Ties keep
 * run order. Null when no run was usable.
 */
export function medianRun(runs: RunResult[]): RunResult | null {
  const usable = runs.filter(ok).sort((a, b) => a.scores.performance! - b.scores.performance! || a.run - b.run);
  if (!usable.length) return null;
  return usable[Math.floor((usable.length - 1) / 2)]!;
}

/** The categories of `run` below their target, e.g. ["performance", "seo"]. */
export function misses(run: RunResult): Category[] {
  return CATEGORIES.filter((c) => run.scores[c] === null || run.scores[c]! < TARGETS[c]);
}

const score = (n: number | null) => (n === null ? "–" : String(n));
const ms = (n: number | null) => (n === null ? "–" : n >= 1000 ? `${(n / 1000).toFixed(1)} s` : `${Math.round(n)} ms`);
const cls = (n: number | null) => (n === null ? "–" : n.toFixed(3));
const load = (n: number) => n.toFixed(2);

export type TableMeta = { chromium: string; lighthouse: string; cores: number; date: string; base: string };

/** The markdown report: one line per page (its median run) and below it every run. */
export function formatReport(pages: string[], runs: RunResult[], meta: TableMeta): string {
  const out: string[] = [];
  out.push(
    `Lighthouse ${meta.lighthouse}, ${meta.chromium}, mobile (default emulation, simulated throttling), ${meta.cores} cores, ${meta.date}, ${meta.base}`,
    "",
    "Median of each page (the run with the middle performance score):",
    "",
    "| page | performance | accessibility | best practices | SEO | TBT | LCP | FCP | CLS | load avg | benchmark index | runs | target |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
  );
  for (const page of pages) {
    const own = runs.filter((r) => r.page === page);
    const m = medianRun(own);
    const perf = own.map((r) => (ok(r) ? String(r.scores.performance) : "fail")).join(" / ");
    if (!m) {
      out.push(`| \`${page}\` | – | – | – | – | – | – | – | – | – | – | ${perf} | NOT MEASURED |`);
      continue;
    }
    const missed = misses(m);
    const verdict = missed.length ? `MISS (${missed.join(", ")})` : "pass";
    out.push(
      `| \`${page}\` | ${score(m.scores.performance)} | ${score(m.scores.accessibility)} | ${score(m.scores["best-practices"])} | ${score(m.scores.seo)} | ${ms(m.tbt)} | ${ms(m.lcp)} | ${ms(m.fcp)} | ${cls(m.cls)} | ${load(m.load)} | ${m.benchmarkIndex ?? "–"} | ${perf} | ${verdict} |`,
    );
  }
  out.push(
    "",
    "Every run:",
    "",
    "| page | run | performance | accessibility | best practices | SEO | TBT | LCP | FCP | CLS | load avg | benchmark index | note |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  );
  for (const page of pages) {
    for (const r of runs.filter((x) => x.page === page)) {
      const note = r.error ? `failed: ${r.error}` : r.retried ? "retried once" : "";
      out.push(
        `| \`${page}\` | ${r.run} | ${score(r.scores.performance)} | ${score(r.scores.accessibility)} | ${score(r.scores["best-practices"])} | ${score(r.scores.seo)} | ${ms(r.tbt)} | ${ms(r.lcp)} | ${ms(r.fcp)} | ${cls(r.cls)} | ${load(r.load)} | ${r.benchmarkIndex ?? "–"} | ${note} |`,
      );
    }
  }
  return out.join("\n");
}
