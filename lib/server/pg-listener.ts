import "server-only";
import pg from "pg";
import { getEnv } from "./env";
import { log } from "./log";

// One LISTEN connection per process and channel, kept up with a doubling back-off (0.5 s to 30 s).
// The credential cache (credential-cache.ts) and the bell's live count (notifications/live.ts)
// each hold one. Its state lives on globalThis under `key`: Next bundles a module into the proxy
// and the routes separately, and both copies must share the one connection.
//
// The owner is told when the connection is up (LISTEN in place: anything announced while it was
// down went unheard) and when the listening connection is lost.

type State = {
  listening: boolean;
  connecting: boolean;
  client: pg.Client | null;
  retryMs: number;
  closed: boolean;
  /** Callers of `ready()` waiting for the LISTEN. */
  waiting: Array<() => void>;
};

export type PgListenerOptions = {
  /** The globalThis key of the shared state. */
  key: string;
  channel: string;
  /** application_name of the connection (seen in pg_stat_activity). */
  name: string;
  /** Logged when connecting fails: what the process does meanwhile. */
  warning: string;
  onNotification: (payload: string | undefined) => void;
  onUp?: () => void;
  onDown?: () => void;
  /** Whether to keep retrying after a failure (default: always). */
  keepTrying?: () => boolean;
};

export type PgListener = {
  /** Connects and LISTENs unless that is done or under way. */
  listen: () => void;
  listening: () => boolean;
  /** Starts listening and settles once LISTEN is in place (or gives up after `ms`). */
  ready: (ms?: number) => Promise<boolean>;
  /** Closes the connection and stops retrying until the next `ready()`. */
  close: () => Promise<void>;
};

export function pgListener(o: PgListenerOptions): PgListener {
  const g = globalThis as unknown as Record<string, State | undefined>;
  const state: State = (g[o.key] ??= { listening: false, connecting: false, client: null, retryMs: 500, closed: false, waiting: [] });

  function listen(): void {
    if (state.listening || state.connecting || state.closed) return;
    state.connecting = true;
    const c = new pg.Client({ connectionString: getEnv().DATABASE_URL, application_name: o.name });
    const retry = (e?: unknown) => {
      state.connecting = false;
      if (e) log.warn(o.warning, { err: String(e) });
      state.retryMs = Math.min(state.retryMs * 2, 30_000);
      // Connection upkeep, not work that must happen: the owner copes while it is down.
      if (!state.closed && (o.keepTrying?.() ?? true)) setTimeout(listen, state.retryMs).unref();
    };
    c.on("notification", (n) => {
      if (n.channel === o.channel) o.onNotification(n.payload);
    });
    c.on("error", () => {});
    c.on("end", () => {
      const was = state.client === c;
      state.listening = false;
      if (was) {
        state.client = null;
        o.onDown?.();
        retry();
      }
    });
    c.connect()
      .then(() => c.query(`LISTEN ${o.channel}`))
      .then(() => {
        state.client = c;
        state.connecting = false;
        state.retryMs = 500;
        state.listening = true;
        o.onUp?.();
        for (const wake of state.waiting.splice(0)) wake();
        // The listener must not keep a process alive that has nothing else to do (scripts, tests).
        (c as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
      })
      .catch((e: unknown) => {
        void c.end().catch(() => {});
        retry(e);
      });
  }

  return {
    listen,
    listening: () => state.listening,
    async ready(ms = 5000) {
      state.closed = false;
      listen();
      if (!state.listening) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          state.waiting.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return state.listening;
    },
    async close() {
      state.closed = true;
      state.listening = false;
      await state.client?.end().catch(() => {});
      state.client = null;
    },
  };
}
