// The guest page cache of the server entry (docs/performance.md, "The guest page cache").
//
// The public pages players load most (the forum index, a forum, a thread, the news archive and
// articles, the hiscores ladders and player pages) are rendered per request: the forum and news
// pages carry a fresh CSP nonce, the hiscores pages read the database. Every guest sees the same
// page at a given moment, so the entry keeps each rendered answer for a few seconds and serves
// it again without running React:
//
// - only for guests: a request carrying a session cookie or an Authorization header, or one of
//   Next's client-navigation headers (RSC, router state, server action), always goes to Next;
// - only whole 200 answers without Set-Cookie are kept, at most PAGE_CACHE_ENTRIES of them;
// - the nonce is renewed on every answer: the stored page is kept split at each occurrence of
//   the nonce it was rendered with (in the CSP header and the HTML), and a fresh one is put back
//   in, so no two answers share a nonce (as if each had been rendered);
// - an entry lives PAGE_CACHE_TTL_MS (default 3 s) at most, and is dropped earlier when a write
//   that can change it succeeds: a successful POST/PUT/PATCH/DELETE under one of the API
//   prefixes of WRITES clears its group here at once, and tells every other process and
//   instance through PostgreSQL (NOTIFY page_cache), so only writes made outside the API
//   (background jobs, the admin CLI) wait for the time limit.
import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";

/** The cached page groups: which paths, kept how long by default. */
export const GROUPS = {
  // /news/create is a staff page (a guest gets 404, never kept; excluded all the same).
  forums: /^\/(?:forums(?:\/\d+|\/thread\/\d+)?|news(?:\/(?!create$)[^/]+)?)$/,
  hiscores: /^\/hiscores(?:\/[^/]+|\/player\/[^/]+)?$/,
};

/** Successful API writes under these prefixes change the pages of these groups. */
export const WRITES = [
  ["/api/v1/forums/", ["forums"]],
  ["/api/v1/news", ["forums"]],
  ["/api/v1/staff/forums/", ["forums"]],
  ["/api/v1/game/hiscores", ["hiscores"]],
  // Bans, privilege changes (staff are hidden from the hiscores; posts show ranks).
  ["/api/v1/staff/players/", ["forums", "hiscores"]],
];

const CHANNEL = "page_cache";
const NAVIGATION_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action", "next-url", "authorization"];
// Set per answer by Node or meaningless for a copy.
const DROPPED_HEADERS = new Set(["date", "content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding", "x-page-cache"]);
const NONCE_RE = /'nonce-([A-Za-z0-9_-]+)'/;

/** The group of a cacheable guest request, or null. */
export function cacheGroupOf(req, sessionCookieNames) {
  if (req.method !== "GET") return null;
  const [path] = (req.url ?? "/").split("?", 1);
  let group = null;
  for (const [name, re] of Object.entries(GROUPS)) if (re.test(path)) group = name;
  if (!group) return null;
  for (const h of NAVIGATION_HEADERS) if (req.headers[h] !== undefined) return null;
  const cookie = req.headers.cookie;
  if (cookie && cookie.split(";").some((c) => sessionCookieNames.includes(c.trim().split("=", 1)[0]))) return null;
  return group;
}

/** The groups a finished write clears (none for reads, failures or other paths). */
export function groupsChangedBy(method, path, status) {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS" || status < 200 || status >= 300) return [];
  const groups = new Set();
  for (const [prefix, names] of WRITES) if (path.startsWith(prefix)) names.forEach((g) => groups.add(g));
  return [...groups];
}

/** A fresh CSP nonce: 128 random bits, base64url (no character that HTML or JSON escapes). */
export function newNonce() {
  return randomBytes(16).toString("base64url");
}

/**
 * @param {{ ttlMs?: number, maxEntries?: number, maxBytes?: number, now?: () => number }} [opts]
 */
export function createPageCache(opts = {}) {
  const ttlMs = opts.ttlMs ?? 3000;
  const maxEntries = opts.maxEntries ?? 500;
  const maxBytes = opts.maxBytes ?? 2 * 1024 * 1024;
  const now = opts.now ?? Date.now;
  /** url → { group, expires, status, headers: [name, value | string[]][], cspParts, bodyParts } */
  const entries = new Map();
  // Bumped by every clear: a render that started before a clear is not stored after it (it may
  // show the state from before the write).
  const generations = Object.fromEntries(Object.keys(GROUPS).map((g) => [g, 0]));
  const stats = { hits: 0, misses: 0, stored: 0, cleared: 0 };

  function lookup(url) {
    const e = entries.get(url);
    if (!e) return null;
    if (e.expires <= now()) {
      entries.delete(url);
      return null;
    }
    return e;
  }

  /** Stores a rendered answer; its nonce (if any) is read from its CSP header. */
  function store(url, group, generation, status, headers, body) {
    if (generation !== generations[group] || status !== 200 || body.length > maxBytes) return false;
    if (headers["set-cookie"] !== undefined) return false;
    const csp = headers["content-security-policy"];
    const nonce = typeof csp === "string" ? NONCE_RE.exec(csp)?.[1] : undefined;
    const html = body.toString("utf8");
    const kept = Object.entries(headers).filter(([k]) => !DROPPED_HEADERS.has(k) && k !== "content-security-policy");
    if (entries.size >= maxEntries && !entries.has(url)) entries.delete(entries.keys().next().value);
    entries.set(url, {
      group,
      expires: now() + ttlMs,
      status,
      headers: kept,
      cspParts: typeof csp === "string" ? (nonce ? csp.split(nonce) : [csp]) : null,
      bodyParts: nonce ? html.split(nonce) : [html],
    });
    stats.stored++;
    return true;
  }

  /** The answer for a hit: headers and body with a fresh nonce in both. */
  function render(e, acceptsGzip) {
    const nonce = newNonce();
    let body = Buffer.from(e.bodyParts.join(nonce), "utf8");
    /** @type {Record<string, string | string[] | number | undefined>} */
    const headers = {};
    for (const [k, v] of e.headers) headers[k] = v;
    if (e.cspParts) headers["content-security-policy"] = e.cspParts.join(nonce);
    if (acceptsGzip && body.length > 1024) {
      body = gzipSync(body, { level: 4 });
      headers["content-encoding"] = "gzip";
      headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
    }
    headers["content-length"] = String(body.length);
    headers["x-page-cache"] = "hit";
    return { status: e.status, headers, body, nonce };
  }

  function clear(groups) {
    for (const g of groups) generations[g]++;
    for (const [url, e] of entries) if (groups.includes(e.group)) entries.delete(url);
    stats.cleared++;
  }

  return { lookup, store, render, clear, stats, generation: (group) => generations[group], size: () => entries.size };
}

const acceptsGzip = (req) => /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));

/**
 * Serves a hit, or wraps `res` so that Next's answer is kept. Returns true when it answered.
 * On a miss the request loses its Accept-Encoding (Next's compression would hand us gzip bytes);
 * the miss is sent uncompressed, every hit is compressed here.
 */
export function serveFromCache(cache, req, res, group) {
  const url = req.url ?? "/";
  const hit = cache.lookup(url);
  if (hit) {
    const out = cache.render(hit, acceptsGzip(req));
    cache.stats.hits++;
    res.writeHead(out.status, out.headers);
    res.end(out.body);
    return true;
  }
  cache.stats.misses++;
  const generation = cache.generation(group);
  delete req.headers["accept-encoding"];
  const chunks = [];
  const headLines = {};
  const { write, end, writeHead } = res;
  const toBuffer = (chunk, encoding) => (Buffer.isBuffer(chunk) ? chunk : typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8") : Buffer.from(chunk));
  // Headers handed to writeHead directly may bypass getHeaders(); note them too.
  res.writeHead = function (status, reason, obj) {
    const given = typeof reason === "object" && reason !== null ? reason : obj;
    if (given && !Array.isArray(given)) for (const [k, v] of Object.entries(given)) headLines[k.toLowerCase()] = v;
    return writeHead.apply(this, arguments);
  };
  res.write = function (chunk, encoding, cb) {
    if (chunk != null && chunk.length !== 0) chunks.push(toBuffer(chunk, encoding));
    return write.call(this, chunk, encoding, cb);
  };
  res.end = function (chunk, encoding, cb) {
    if (chunk != null && typeof chunk !== "function" && chunk.length !== 0) chunks.push(toBuffer(chunk, encoding));
    return end.call(this, chunk, encoding, cb);
  };
  res.once("finish", () => cache.store(url, group, generation, res.statusCode, { ...res.getHeaders(), ...headLines }, Buffer.concat(chunks)));
  res.setHeader("x-page-cache", "miss");
  return false;
}

/**
 * Cross-process clearing through PostgreSQL: LISTEN page_cache, and NOTIFY it after a write.
 * Best effort: while the connection is down the time limit still bounds how stale a page gets,
 * and a reconnect clears everything (notifications may have been missed).
 */
export function connectInvalidation(cache, databaseUrl, log = () => {}) {
  let client = null;
  let closed = false;
  let retryMs = 500;
  const connect = async () => {
    const { default: pg } = await import("pg");
    const c = new pg.Client({ connectionString: databaseUrl, application_name: "page-cache" });
    c.on("notification", (n) => {
      if (n.channel === CHANNEL) cache.clear(String(n.payload ?? "").split(",").filter((g) => g in GROUPS));
    });
    c.on("error", () => {});
    c.on("end", () => {
      if (client === c) client = null;
      if (!closed) setTimeout(() => void connect().catch(retry), retryMs).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
    retryMs = 500;
    cache.clear(Object.keys(GROUPS));
  };
  const retry = (e) => {
    log(`page cache: cannot listen for changes (${e?.message ?? e}); retrying`);
    retryMs = Math.min(retryMs * 2, 30_000);
    if (!closed) setTimeout(() => void connect().catch(retry), retryMs).unref();
  };
  void connect().catch(retry);
  return {
    /** Clears here now, and everywhere else once PostgreSQL passes the word on. */
    changed(groups) {
      if (groups.length === 0) return;
      cache.clear(groups);
      client?.query("SELECT pg_notify($1, $2)", [CHANNEL, groups.join(",")]).catch(() => {});
    },
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}
