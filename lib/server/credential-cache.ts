import "server-only";
import { getEnv } from "./env";
import { pgListener } from "./pg-listener";

// Credentials this process has checked (a session cookie, an API token's refresh family), kept
// for up to SESSION_CACHE_MS so a signed-in request does not read the database to learn who it
// is. Safe because the database announces every change that could end or narrow a credential
// (prisma/migrations/…_auth_change_notices: triggers on users, sessions and refresh-token
// families, NOTIFY auth_changes in the writing transaction, whatever code wrote), and every
// process listens:
// - an announced change drops the entries it touches, on every process and instance, within
//   milliseconds of its commit (a revoked session or a ban stops working well within a second);
// - a lookup that began before an announcement is not kept after it (it may have read the old row);
// - nothing is kept while the LISTEN connection is down, and a reconnect forgets everything;
// - only live credentials are kept: an unknown token, a revoked session or a ban is read from the
//   database each time, and anything the cached copy would refuse is read again first.
// One cache and one listener per process (globalThis: Next bundles this module into the proxy and
// the routes separately).

const CHANNEL = "auth_changes";
const MAX_ENTRIES = 20_000;

export type CredentialOwner = { userId: number; credential: `session:${number}` | `family:${number}` };
type Entry = { value: unknown; owner: CredentialOwner; expires: number };

type State = {
  entries: Map<string, Entry>;
  /** Bumped by every announcement and every reconnect. */
  generation: number;
};

const g = globalThis as unknown as { credentialCache?: State };
const state: State = (g.credentialCache ??= { entries: new Map(), generation: 0 });

const ttlMs = () => getEnv().SESSION_CACHE_MS;

/**
 * A write made by this process that may end or narrow a credential: forget everything at once.
 * The database announces it to every process too, a moment after the commit; this makes the
 * writer's own process exact at once (a ban, then a request, in one flow).
 */
export function forgetLocalWrite(): void {
  state.generation++;
  state.entries.clear();
}

/** Drops the entries an announcement names ("user:5", "session:9", "family:3"; "*" for all). */
function forgetAnnounced(payload: string): void {
  state.generation++;
  if (payload === "*") {
    state.entries.clear();
    return;
  }
  const [kind, id] = payload.split(":");
  const n = Number(id);
  for (const [key, e] of state.entries) {
    if (kind === "user" ? e.owner.userId === n : e.owner.credential === payload) state.entries.delete(key);
  }
}

const listener = pgListener({
  key: "credentialCacheListener",
  channel: CHANNEL,
  name: "credential-cache",
  warning: "credential cache: cannot listen for changes; checking every request in the database meanwhile",
  onNotification: (payload) => forgetAnnounced(String(payload ?? "*")),
  // Nothing kept before the LISTEN is in place can be trusted: changes may have gone unheard.
  onUp: forgetEverything,
  onDown: forgetEverything,
});

function forgetEverything(): void {
  state.entries.clear();
  state.generation++;
}

/**
 * The cached value for `key`, or what `load` reads (kept when it is a live credential, `owner`
 * set, and nothing was announced meanwhile). `stillGood` is asked of a cached value each time:
 * false sends the lookup to the database (an idle expiry another process may have pushed back).
 */
export async function cachedCredential<T>(
  key: string,
  load: () => Promise<{ value: T; owner: CredentialOwner | null } | null>,
  stillGood: (value: T) => boolean,
): Promise<T | null> {
  const ttl = ttlMs();
  if (ttl > 0) {
    listener.listen();
    const e = listener.listening() ? state.entries.get(key) : undefined;
    if (e && e.expires > Date.now() && stillGood(e.value as T)) return e.value as T;
  }
  const generation = state.generation;
  const loaded = await load();
  if (!loaded) return null;
  if (ttl > 0 && loaded.owner && listener.listening() && generation === state.generation) {
    if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!);
    state.entries.set(key, { value: loaded.value, owner: loaded.owner, expires: Date.now() + ttl });
  }
  return loaded.value;
}

/** Replaces a kept value in place (the idle touch this process just wrote). */
export function updateCached<T>(key: string, value: T): void {
  const e = state.entries.get(key);
  if (e) e.value = value;
}

/** For tests: whether the listener is up, and closing it. */
export const credentialCache = {
  listening: listener.listening,
  size: () => state.entries.size,
  ready: listener.ready,
  async close(): Promise<void> {
    state.entries.clear();
    await listener.close();
  },
};
