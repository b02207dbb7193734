import "server-only";
import { EventEmitter } from "node:events";
import pg from "pg";
import { Logger, run, runOnce, type Runner, type RunnerOptions, type WorkerEvents, type WorkerPool } from "graphile-worker";
import { getEnv } from "../env";
import { log } from "../log";
import { activeCrontab, taskList } from "./task-list";

// Starts and stops graphile-worker runners. Several runners (one per app process, or a
// separate `npm run worker`) share the queue safely: each job is locked by one of them.

/** graphile-worker's messages in our JSON log; its per-job "completed" chatter only at debug. */
const jobLogger = new Logger((scope: { label?: string; taskIdentifier?: string; jobId?: string }) => (level, message) => {
  const data = { scope: scope.label, task: scope.taskIdentifier, jobId: scope.jobId };
  const lvl = level as string;
  if (lvl === "error") log.error(`jobs: ${message}`, data);
  else if (lvl === "warning") log.warn(`jobs: ${message}`, data);
  else log.debug(`jobs: ${message}`, data);
});

export function runnerOptions(overrides: Partial<RunnerOptions> = {}): RunnerOptions {
  const env = getEnv();
  return {
    connectionString: env.DATABASE_URL,
    concurrency: env.JOBS_CONCURRENCY,
    // We own shutdown (stopJobRunner), so it can be ordered with the web server's.
    noHandleSignals: true,
    logger: jobLogger,
    // With batching off (-1, the default) graphile-worker records a finished job without
    // awaiting it, so a graceful stop can return, and the process exit, before the job is marked
    // done: it would stay locked and run again hours later. A batcher (even of 0 ms) is flushed
    // by the stop.
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    taskList,
    crontab: activeCrontab(),
    ...overrides,
  };
}

type Started = { runner: Runner; pool?: WorkerPool };
const state = globalThis as unknown as { jobRunner?: Promise<Started> };

/** Starts this process's runner once (installing the graphile_worker schema if missing). */
export async function startJobRunner(overrides: Partial<RunnerOptions> = {}): Promise<Runner> {
  state.jobRunner ??= (async () => {
    // The pool is kept for a forceful stop: Runner.kill() does nothing once a graceful stop has begun.
    const events = new EventEmitter() as WorkerEvents;
    const started: Partial<Started> = {};
    events.on("pool:create", ({ workerPool }) => (started.pool = workerPool));
    started.runner = await run(runnerOptions({ events, ...overrides }));
    return started as Started;
  })().catch((e: unknown) => {
    state.jobRunner = undefined;
    throw e;
  });
  return (await state.jobRunner).runner;
}

/** True while this process has a runner (started or starting). */
export function hasJobRunner(): boolean {
  return state.jobRunner !== undefined;
}

const settles = (p: Promise<unknown>, ms: number) =>
  Promise.race([
    p.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((r) => setTimeout(r, ms, false).unref()),
  ]);

/**
 * Graceful stop: takes no new jobs and waits for running ones. Jobs still running after
 * `graceMs` are failed on purpose, which unlocks them for a retry by the next runner
 * (a job left locked by a dead process waits 4 hours for graphile-worker's stale-lock reset).
 */
export async function stopJobRunner(graceMs = 8_000): Promise<void> {
  const pending = state.jobRunner;
  state.jobRunner = undefined;
  const started = await pending?.catch(() => undefined);
  if (!started) return;
  if (await settles(started.runner.stop(), graceMs)) return;
  log.warn("jobs: still running at shutdown; releasing them for a retry");
  await settles(Promise.resolve(started.pool?.forcefulShutdown("shutdown: job took too long")), 6_000);
}

/** Runs every job that is due now, then returns (tests, one-off maintenance). */
export async function runJobsOnce(overrides: Partial<RunnerOptions> = {}): Promise<void> {
  // A pool of our own, ended here: every connection (graphile-worker's batched completions
  // included) is closed when this returns, so nothing is left open for a later error.
  const pgPool = new pg.Pool({ connectionString: getEnv().DATABASE_URL, max: 2 });
  pgPool.on("error", (err) => log.warn("jobs: idle connection lost", { err }));
  try {
    const { connectionString: _own, ...options } = runnerOptions({ concurrency: 1, ...overrides });
    await runOnce({ ...options, pgPool });
  } finally {
    await pgPool.end();
  }
}

/**
 * From instrumentation.ts: the runner inside an app server process, unless JOBS_WORKER=false
 * or Next is only building. Not awaited, so serving never waits on it; a database that is not
 * up yet is retried, not fatal.
 */
export function startJobRunnerInApp(): void {
  const env = getEnv();
  if (!env.JOBS_WORKER || env.NEXT_PHASE === "phase-production-build") return;
  holdExitForJobs();
  const attempt = () =>
    !shuttingDown &&
    startJobRunner().then(
      () => {
        log.info("jobs.runner_started", { concurrency: env.JOBS_CONCURRENCY });
        if (env.JOBS_CRON_EVERY_MINUTE) log.warn("jobs: runner started with JOBS_CRON_EVERY_MINUTE: every scheduled task runs each minute (meant for tests)");
      },
      (e: unknown) => {
        log.error("jobs: runner did not start; retrying in 30 s", { err: e instanceof Error ? e.message : String(e) });
        setTimeout(attempt, 30_000).unref();
      },
    );
  void attempt();
}

let exitHeld = false;
let shuttingDown = false;

/**
 * Next's SIGTERM/SIGINT handler closes the HTTP server and then calls process.exit at once.
 * Let running jobs finish (bounded by stopJobRunner) before any exit. With no other handler
 * for the signal, exit ourselves after stopping, as the default action would.
 */
function holdExitForJobs(): void {
  if (exitHeld) return;
  exitHeld = true;
  let stopping: Promise<void> | undefined;
  // Bounded: a runner still connecting to an unreachable database must not block the exit.
  const stop = () => {
    shuttingDown = true;
    return (stopping ??= settles(stopJobRunner(), 15_000).then(() => undefined));
  };
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => {
    void stop().finally(() => exit(code));
  }) as typeof process.exit;
  for (const [signal, code] of [
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const) {
    process.once(signal, () => {
      const others = process.listenerCount(signal);
      void stop().finally(() => {
        if (others === 0) exit(code);
      });
    });
  }
}
