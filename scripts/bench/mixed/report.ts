// The mixed load's report (scripts/bench/mixed.ts): the table of what each kind answered, the
// checks afterwards, the verdict, and one machine-readable line for the smoke test.
import os from "node:os";
import type { Check } from "./checks";
import { CONNECTIONS, DEEP_PAGE, DIST_DIR, PLAYERS, ROWS, WARMUP_S } from "./config";
import { books, type Bucket, type Measured, resent, type World } from "./driver";

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString("en-US")} ms`;

type Row = { kind: string; share: string; count: number; rps: number; p50: number; p95: number; p99: number; errors: number; ofBaseline: string };

function rowOf(kind: string, b: Bucket | undefined, seconds: number, totalCount: number): Row {
  const sorted = [...(b?.ms ?? [])].sort((x, y) => x - y);
  return {
    kind,
    share: totalCount ? `${((sorted.length / totalCount) * 100).toFixed(1)}%` : "",
    count: sorted.length,
    rps: sorted.length / seconds,
    p50: pct(sorted, 50),
    p95: pct(sorted, 95),
    p99: pct(sorted, 99),
    errors: b?.errors ?? 0,
    ofBaseline: "",
  };
}

function printTable(rows: Row[]) {
  const head = ["kind", "share", "requests", "req/s", "p50", "p95", "p99", "errors", "% of baseline"];
  const cells = rows.map((r) => [
    r.kind,
    r.share,
    r.count.toLocaleString("en-US"),
    Math.round(r.rps).toLocaleString("en-US"),
    ms(r.p50),
    ms(r.p95),
    ms(r.p99),
    String(r.errors),
    r.ofBaseline,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join(" | ")} |`;
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
  for (const c of cells) console.log(line(c));
}

/** What the verdict needs from the table. */
export type Summary = { rows: Row[]; base: Row; errors: number; total: number };

/** Prints the run's setting and the table of the measured mix against the baseline. */
export function printResults(m: Measured, run: { loadAtStart: string; workers: number; pgVersion: string; ladderPlayers: number; world: World }): Summary {
  const { mixSeconds, baselineSeconds } = m;
  const all = [...books.mix.values()].flatMap((b) => b.ms).sort((x, y) => x - y);
  const total = all.length;
  const rows = ROWS.map((k) => rowOf(k, books.mix.get(k), mixSeconds, total));
  const base = rowOf("baseline: node:http + pg, health query (alone, before the mix)", books.baseline.get("baseline"), baselineSeconds || 1, 0);
  const errors = rows.reduce((n, r) => n + r.errors, 0);
  const totalRow: Row = {
    kind: "**total (mix)**",
    share: "100%",
    count: total,
    rps: total / mixSeconds,
    p50: pct(all, 50),
    p95: pct(all, 95),
    p99: pct(all, 99),
    errors,
    ofBaseline: "",
  };
  if (base.count) {
    base.ofBaseline = "100%";
    totalRow.ofBaseline = `${((totalRow.rps / base.rps) * 100).toFixed(1)}%`;
  }

  console.log(
    `\nMixed load: ${mixSeconds.toFixed(1)} s after a ${WARMUP_S} s warm-up, ${CONNECTIONS} virtual users (closed loop, keep-alive), ` +
      `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "?"}); app: node scripts/start.mjs with ${run.workers} workers, APP_MODE=local, TRUST_PROXY=true, ${DIST_DIR}`,
  );
  console.log(`Node ${process.version}, PostgreSQL ${run.pgVersion}${process.env.BENCH_DATABASE_URL ? " (BENCH_DATABASE_URL)" : " (embedded)"}`);
  console.log(
    `Load average (1 / 5 / 15 min): ${run.loadAtStart} at start, ${m.loadBeforeBaseline} before the baseline, ${m.loadBeforeMix} before the mix, ${m.loadAfterMix} after it`,
  );
  console.log(
    `Data: ${PLAYERS} players acting (${CONNECTIONS} virtual users, ${Math.floor(PLAYERS / CONNECTIONS)}+ players each), a regular ladder of ` +
      `${run.ladderPlayers.toLocaleString("en-US")} players (${Math.ceil(run.ladderPlayers / 25)} pages; reads at page ${DEEP_PAGE}+), ` +
      `${run.world.products.length} products, ${run.world.forumPaths.length} forum paths\n`,
  );
  printTable([...rows, base, totalRow]);
  for (const k of ROWS) for (const s of books.mix.get(k)?.samples ?? []) console.log(`  error (${k}): ${s}`);
  if (resent.count) console.log(`  ${resent.count} requests sent again after the server closed their idle keep-alive socket (ECONNRESET before any answer)`);
  return { rows, base, errors, total };
}

/** Prints the checks and the verdict; answers whether the run passed (no errors, every check and kind). */
export function printVerdict({ rows, base, errors, total }: Summary, checks: Check[]): boolean {
  for (const c of checks) console.log(`  ${c.ok ? "✓" : "✗"} ${c.name}: ${c.detail}`);
  const missing = ROWS.filter((k) => !books.mix.get(k)?.ms.length);
  const pass = errors === 0 && checks.every((c) => c.ok) && base.errors === 0 && missing.length === 0;
  console.log(
    `\n${pass ? "PASS" : "FAIL"}: ${errors} errors in ${total.toLocaleString("en-US")} requests, ${checks.filter((c) => !c.ok).length} failed checks` +
      (missing.length ? `; kinds never sent: ${missing.join(", ")}` : ""),
  );
  // One machine-readable line for the smoke test (tests/smoke/mixed-bench.test.mjs).
  console.log(
    `MIXED_RESULT ${JSON.stringify({ pass, errors, kinds: Object.fromEntries(rows.map((r) => [r.kind, { count: r.count, errors: r.errors }])), baseline: { count: base.count, errors: base.errors }, checks: Object.fromEntries(checks.map((c) => [c.name, c.ok])) })}`,
  );
  return pass;
}
