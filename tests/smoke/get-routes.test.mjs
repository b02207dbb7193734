// "No GET changes who you are" (docs/accounts.md, GET requests change nothing): every GET route and page, found from the
// file tree under app/, is called as a guest, as a signed-in player, as staff, with a ::store
// link's session and (route handlers) with a game server's API key. No answer may carry
// Set-Cookie and no request may write a row, except what tests/smoke/get-routes-exceptions.mjs
// allows, route by route and table by table (the same list is in docs/accounts.md).
//
// Why a smoke test with a server and a database of its own: writes are seen by row triggers in
// PostgreSQL, and a write can only be blamed on a request if nothing else writes meanwhile. The
// e2e database is shared with Playwright tests running in parallel, and its servers run the
// background job queue. Here nothing else touches the database: one app worker, no job runner
// (JOBS_WORKER=false), and the requests go one at a time, each waiting until the database has
// gone quiet before the next starts. The answer is then exact rather than "probably".
//
// Run by `npm test` in the smoke stage (after the build). Alone, with a build in .next-test:
//   NEXT_DIST_DIR=.next-test node --test tests/smoke/get-routes.test.mjs
// (PostgreSQL: SMOKE_ADMIN_DATABASE_URL or TEST_DATABASE_URL, otherwise an embedded one).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createHash, createHmac, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { freePort } from "../../scripts/lib/embedded-db.mjs";
import { createTestDatabase, startTestServer } from "../setup/test-db.mjs";
import { GET_EXCEPTIONS } from "./get-routes-exceptions.mjs";

// ── Which GETs exist: the file tree ─────────────────────────────────────────────────────────

const PAGE_FILE = /^page\.(tsx|ts|jsx|js|mdx)$/;
const ROUTE_FILE = /^route\.(tsx|ts|jsx|js)$/;
/** Files Next answers a GET for by themselves (metadata routes): this test does not call them yet. */
const METADATA_FILE = /^(sitemap|robots|manifest|icon\d*|apple-icon\d*|opengraph-image\d*|twitter-image\d*|favicon)\.\w+$/;
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** The HTTP methods a route file exports; null when the source does not say (e.g. `export *`). */
function exportedMethods(source) {
  if (/export\s*\*/.test(source)) return null;
  const names = new Set();
  for (const m of source.matchAll(/export\s+(?:async\s+)?(?:const|let|var|function\*?)\s+([A-Za-z_$][\w$]*)/g)) names.add(m[1]);
  for (const m of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const part of m[1].split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) names.add(name);
    }
  }
  return METHODS.filter((m) => names.has(m));
}

/**
 * Every page and every route handler that answers GET, as { route: "GET /forums/{id}", path,
 * kind: "page" | "route", file }. A file this walk cannot turn into a URL is a problem (the test
 * fails and says which), never skipped: a GET added later is audited or the test says why not.
 */
function enumerateGetRoutes(appDir = path.resolve("app")) {
  const out = { gets: [], otherMethodsOnly: [], problems: [] };
  const walk = (dir, segments) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      const rel = path.relative(process.cwd(), full);
      const name = entry.name;
      if (entry.isDirectory()) {
        if (name.startsWith("_")) continue; // a private folder: Next never routes into it
        if (name.startsWith("@") || /^\(\.{1,3}\)/.test(name)) {
          out.problems.push(`${rel}: a parallel or intercepting route; teach tests/smoke/get-routes.test.mjs how to reach it`);
          continue;
        }
        if (/^\(.+\)$/.test(name))
          walk(full, segments); // a route group: no URL segment
        else {
          const seg = name
            .replace(/^\[\[\.\.\.(.+)\]\]$/, "{...$1?}")
            .replace(/^\[\.\.\.(.+)\]$/, "{...$1}")
            .replace(/^\[(.+)\]$/, "{$1}");
          walk(full, [...segments, seg]);
        }
        continue;
      }
      const urlPath = `/${segments.join("/")}`;
      if (PAGE_FILE.test(name)) out.gets.push({ route: `GET ${urlPath}`, path: urlPath, kind: "page", file: rel });
      else if (ROUTE_FILE.test(name)) {
        const methods = exportedMethods(readFileSync(full, "utf8"));
        if (methods === null) out.problems.push(`${rel}: cannot tell which HTTP methods it exports`);
        else if (methods.includes("GET")) out.gets.push({ route: `GET ${urlPath}`, path: urlPath, kind: "route", file: rel });
        else if (methods.includes("HEAD")) out.problems.push(`${rel}: exports HEAD without GET; teach this test to call it`);
        else out.otherMethodsOnly.push(urlPath);
      } else if (METADATA_FILE.test(name)) out.problems.push(`${rel}: Next serves it on GET; teach this test to call it`);
    }
  };
  walk(appDir, []);
  return out;
}

// ── How each GET is called ──────────────────────────────────────────────────────────────────

/** The server's AUTH_SECRET (below), and an unsubscribe token it signs (lib/server/notifications/unsubscribe.ts). */
const SMOKE_AUTH_SECRET = "get-routes-smoke-secret-0123456789abcdef";
function unsubscribeToken(userId, type) {
  const key = createHmac("sha256", SMOKE_AUTH_SECRET).update("notification-unsubscribe/v1").digest("hex");
  return `${userId}.${type}.${createHmac("sha256", key).update(`${userId}:${type}`).digest("base64url")}`;
}

/**
 * The URLs to call for a route path, built from rows of the seeded database (ctx). A static
 * path with no entry is called as it is; a dynamic one must have an entry, or the test fails.
 * `{ url, redirects: true }` marks a URL whose every answer is a redirect (otherwise at least one
 * caller must get a 2xx, so a wrong id cannot turn the audit into a walk over 404 pages).
 */
const URLS = {
  "/account/reset-password": (c) => ["/account/reset-password", `/account/reset-password?uid=${c.playerId}&token=not-a-real-reset-token-0123456789`],
  // A NUL in a page's search field is the field's error on the page (lib/server/http/page-query.ts), never a 500.
  "/forums/search": () => ["/forums/search", "/forums/search?q=slayer", "/forums/search?q=%00"],
  "/staff/players": () => ["/staff/players", "/staff/players?q=%00"],
  "/staff/audit": () => ["/staff/audit", "/staff/audit?actor=%00", "/staff/audit?target=%00"],
  "/staff/deliveries": () => ["/staff/deliveries", "/staff/deliveries?player=%00"],
  "/staff/payments": () => ["/staff/payments", "/staff/payments?q=%00", "/staff/payments?q=demo&from=2026-01-01&to=2099-12-31"],
  "/staff/votes/callbacks": () => ["/staff/votes/callbacks", "/staff/votes/callbacks?player=%00", "/staff/votes/callbacks?verdict=maybe&site=runelocus"],
  // A player's way to a listing site's vote link: a redirect for everyone (guests to log in, players to the site).
  "/vote/go/{site}": () => [
    { url: "/vote/go/runelocus", redirects: true },
    { url: "/vote/go/nosuchsite", redirects: true },
  ],
  "/forums/{id}": (c) => [`/forums/${c.forumId}`],
  "/forums/{id}/create": (c) => [`/forums/${c.forumId}/create`],
  "/forums/thread/{id}": (c) => [`/forums/thread/${c.threadId}`],
  // A player's profile, by name in any case (the demo player). The unknown name's 404 page is
  // tests/integration/forums-profiles.test.ts's; here every URL must answer someone with a 2xx.
  "/users/{name}": () => ["/users/player", "/users/PLAYER"],
  "/hiscores/{skill}": () => ["/hiscores/attack"],
  "/hiscores/player/{username}": (c) => [`/hiscores/player/${encodeURIComponent(c.ladderName)}`],
  // A player's progress tabs, and the demo's running competition.
  ...Object.fromEntries(
    ["achievements", "gains", "log", "records"].map((tab) => [
      `/hiscores/player/{username}/${tab}`,
      (c) => [`/hiscores/player/${encodeURIComponent(c.ladderName)}/${tab}`],
    ]),
  ),
  "/competitions/{id}": (c) => [`/competitions/${c.competitionId}`],
  "/news/{slug}": (c) => [`/news/${c.newsSlug}`],
  "/ticket/{id}": (c) => [`/ticket/${c.ticketId}`],
  "/appeal/ticket": () => ["/appeal/ticket", "/appeal/ticket?token=not-a-real-appeal-token-0123456789"],
  // The demo player's receipt (a paid credit package).
  "/account/orders/{number}": (c) => [`/account/orders/${c.orderNumber}`],
  "/api/v1/account/orders/{number}": (c) => [`/api/v1/account/orders/${c.orderNumber}`],
  "/staff/players/{id}": (c) => [`/staff/players/${c.playerId}`],
  "/staff/competitions": () => ["/staff/competitions", "/staff/competitions?page=%00"],
  "/staff/competitions/{id}": (c) => [`/staff/competitions/${c.competitionId}`],
  // The ::store link's landing page: a live token (it must stay unspent), a dead one, none.
  "/store-link": (c) => [
    `/store-link?token=${c.storeLinkToken}`,
    { url: `/store-link?token=${"A".repeat(43)}`, redirects: true },
    { url: "/store-link", redirects: true },
  ],
  // A notification mail's unsubscribe link: GET shows what it stops and changes nothing; a bad token is a 400.
  "/api/v1/notifications/unsubscribe": (c) => [
    `/api/v1/notifications/unsubscribe?token=${unsubscribeToken(c.playerId, "forum_reply")}`,
    { url: "/api/v1/notifications/unsubscribe?token=not-a-token", redirects: true },
  ],
  "/api/v1/forums/images/{id}": (c) => [`/api/v1/forums/images/${c.imageId}`],
  "/api/v1/forums/search": () => ["/api/v1/forums/search?q=slayer"],
  "/api/v1/forums/drafts/{kind}/{id}": (c) => [`/api/v1/forums/drafts/reply/${c.threadId}`],
  "/api/v1/users/search": () => ["/api/v1/users/search?prefix=a"],
  "/api/v1/forums/thread/{id}": (c) => [`/api/v1/forums/thread/${c.threadId}`],
  "/api/v1/forums/thread/{id}/likes": (c) => [`/api/v1/forums/thread/${c.threadId}/likes`],
  "/api/v1/forums/thread/{id}/watch": (c) => [`/api/v1/forums/thread/${c.threadId}/watch`],
  "/api/v1/forums/{id}/watch": (c) => [`/api/v1/forums/${c.forumId}/watch`],
  "/api/v1/forums/unread/threads": (c) => [`/api/v1/forums/unread/threads?thread_ids=${c.threadId}`],
  "/api/v1/forums/posts/{id}/likes": (c) => [`/api/v1/forums/posts/${c.postId}/likes`],
  "/api/v1/users/{name}/profile": () => ["/api/v1/users/player/profile", "/api/v1/users/Admin/profile"],
  "/api/v1/forums/threads/{id}": (c) => [`/api/v1/forums/threads/${c.forumId}`],
  "/api/v1/game/deliveries": (c) => [`/api/v1/game/deliveries?player_id=${c.playerId}`],
  // Jagex's per-mode path (`m=hiscore_oldschool` is the regular ladder).
  "/api/v1/hiscores/{mode}/index_lite.json": (c) => [`/api/v1/hiscores/m=hiscore_oldschool/index_lite.json?player=${encodeURIComponent(c.ladderName)}`],
  "/api/v1/hiscores/{mode}/index_lite.ws": (c) => [`/api/v1/hiscores/m=hiscore_oldschool/index_lite.ws?player=${encodeURIComponent(c.ladderName)}`],
  "/api/v1/hiscores/index_lite.json": (c) => [`/api/v1/hiscores/index_lite.json?player=${encodeURIComponent(c.ladderName)}`],
  "/api/v1/hiscores/index_lite.ws": (c) => [`/api/v1/hiscores/index_lite.ws?player=${encodeURIComponent(c.ladderName)}`],
  "/api/v1/hiscores/player/{name}": (c) => [`/api/v1/hiscores/player/${encodeURIComponent(c.ladderName)}`],
  ...Object.fromEntries(
    ["achievements", "gains", "log", "records"].map((tab) => [
      `/api/v1/hiscores/player/{name}/${tab}`,
      (c) => [`/api/v1/hiscores/player/${encodeURIComponent(c.ladderName)}/${tab}`],
    ]),
  ),
  "/api/v1/hiscores/player/{name}/gains/{metric}": (c) => [`/api/v1/hiscores/player/${encodeURIComponent(c.ladderName)}/gains/attack?period=week`],
  "/api/v1/competitions/{id}": (c) => [`/api/v1/competitions/${c.competitionId}`],
  "/api/v1/news/{id}": (c) => [`/api/v1/news/${c.newsId}`],
  "/api/v1/store/products": (c) => [`/api/v1/store/products?category=${c.categoryId}`],
  "/api/v1/store/products/{category}": (c) => [`/api/v1/store/products/${c.categoryId}`],
  "/api/v1/store/gift-cards/balance": () => ["/api/v1/store/gift-cards/balance?code=2222-2222-2222-2222"],
  "/api/v1/store/images/{sha256}": (c) => [`/api/v1/store/images/${c.storeImageSha}`],
  "/api/v1/tickets/{id}": (c) => [`/api/v1/tickets/${c.ticketId}`],
  "/api/v1/staff/tickets/{id}": (c) => [`/api/v1/staff/tickets/${c.ticketId}`],
  "/api/v1/tickets/attachments/{id}": (c) => [`/api/v1/tickets/attachments/${c.attachmentId}`],
  // A demo saved reply filled for the demo player's ticket.
  "/api/v1/staff/tickets/{id}/saved-replies/{reply}": (c) => [`/api/v1/staff/tickets/${c.ticketId}/saved-replies/${c.savedReplyId}`],
  // The staff panel's views of one player (the demo player).
  ...Object.fromEntries(
    [
      "",
      "/deliveries",
      "/ledger",
      "/notes",
      "/orders",
      "/posts",
      "/progress",
      "/punishments",
      "/punishments/proposals",
      "/purchases",
      "/risk",
      "/tickets",
      "/vote-callbacks",
      "/votes",
    ].map((tail) => [`/api/v1/staff/players/{id}${tail}`, (c) => [`/api/v1/staff/players/${c.playerId}${tail}`]]),
  ),
  // The emailed link of an account waiting for confirmation (answers with a redirect).
  "/api/v1/users/confirm": (c) => [{ url: `/api/v1/users/confirm?uid=${c.confirmUserId}&token=${c.confirmToken}`, redirects: true }],
  // A listing site's callback for the demo player (RuneLocus sends the token as `callback`).
  "/api/v1/vote/callback/{site}": (c) => [`/api/v1/vote/callback/runelocus?callback=${c.voteToken}`],
  // The catch-all for unmatched API paths: the API's JSON 404, never a 2xx.
  "/api/v1/{...path?}": () => [
    { url: "/api/v1/no/such/route", redirects: true },
    { url: "/api/v1", redirects: true },
  ],
};

/** GETs no file stands for: the not-found page (the root layout and proxy still run). */
const EXTRA = [{ route: "GET (unknown page)", path: "/no/such/page", kind: "page", urls: [{ url: "/no/such/page", redirects: true }] }];

const CALLERS = ["guest", "player", "staff", "store", "game"];
/** GET_ROUTES_VERBOSE=1: each route's answers and writes, caller by caller, in the test output. */
const VERBOSE = process.env.GET_ROUTES_VERBOSE === "1";

function urlsFor(r, ctx) {
  if (r.urls) return r.urls;
  const make = URLS[r.path];
  const list = make ? make(ctx) : r.path.includes("{") ? null : [r.path];
  return list?.map((u) => (typeof u === "string" ? { url: u, redirects: false } : u)) ?? null;
}

/** Whether an exception covers this route and caller. */
const applies = (e, route, caller) => (e.route === "GET *" || e.route === route) && (!e.callers || e.callers.includes(caller));

/** The writes a caller of a route may make: table → op → true | columns. */
function allowedWrites(route, caller) {
  const allowed = {};
  for (const e of GET_EXCEPTIONS) {
    if (!applies(e, route, caller)) continue;
    for (const [table, ops] of Object.entries(e.writes ?? {})) {
      for (const [op, cols] of Object.entries(ops)) {
        const have = (allowed[table] ??= {})[op];
        allowed[table][op] = have === true || cols === true ? true : [...(have ?? []), ...cols];
      }
    }
  }
  return allowed;
}

const mayCookie = (route, caller) => GET_EXCEPTIONS.some((e) => e.cookie && applies(e, route, caller));

function isAllowed(write, allowed) {
  const rule = allowed[write.table]?.[write.op];
  return rule === true || (Array.isArray(rule) && write.cols.every((c) => rule.includes(c)));
}

const describeWrite = (w) => `${w.table} ${w.op}${w.op === "UPDATE" ? `(${w.cols.join(", ")})` : ""}`;

// ── Recording writes ────────────────────────────────────────────────────────────────────────

const AUDIT_APP = "get-routes-audit";

// Row triggers on every table of `public` and of the job queue's schema (graphile_worker: a GET
// that queues mail is a write too; with no job runner nothing else touches those tables). Each
// row written appends its table, the operation and, for an UPDATE, the columns whose value
// changed. Kept in a schema of its own, so the log does not record itself.
const INSTALL_AUDIT = `
  CREATE SCHEMA get_audit;
  CREATE TABLE get_audit.writes (id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL, cols text[] NOT NULL, app text);
  CREATE FUNCTION get_audit.record() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE changed text[] := '{}';
  BEGIN
    IF TG_OP = 'UPDATE' THEN
      SELECT coalesce(array_agg(n.key ORDER BY n.key), '{}') INTO changed
      FROM jsonb_each(to_jsonb(NEW)) n WHERE n.value IS DISTINCT FROM to_jsonb(OLD) -> n.key;
    END IF;
    INSERT INTO get_audit.writes (tbl, op, cols, app)
    VALUES (CASE WHEN TG_TABLE_SCHEMA = 'public' THEN TG_TABLE_NAME ELSE TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME END, TG_OP, changed, current_setting('application_name', true));
    RETURN NULL;
  END $$;
  DO $$
  DECLARE t record;
  BEGIN
    FOR t IN SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname IN ('public', 'graphile_worker') AND c.relkind IN ('r', 'p') AND NOT c.relispartition
    LOOP
      EXECUTE format('CREATE TRIGGER get_audit AFTER INSERT OR UPDATE OR DELETE ON %I.%I FOR EACH ROW EXECUTE FUNCTION get_audit.record()', t.nspname, t.relname);
      EXECUTE format('CREATE TRIGGER get_audit_truncate AFTER TRUNCATE ON %I.%I FOR EACH STATEMENT EXECUTE FUNCTION get_audit.record()', t.nspname, t.relname);
    END LOOP;
  END $$;`;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const sha256 = (s) => createHash("sha256").update(s, "utf8").digest("hex");
/** UTC wall-clock time, as the TIMESTAMP(3) columns store it (tests/factories/user-factory.ts). */
const UTC_NOW = `(now() AT TIME ZONE 'UTC')`;

/** A 1×1 PNG: what the stand-in image host serves to the forum image proxy. */
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

/** Settings of the machine running the tests that must not leak into the site. */
const OWN = [
  "DATABASE_URL",
  "APP_MODE",
  "SITE_URL",
  "AUTH_SECRET",
  "TOTP_ENCRYPTION_KEY",
  "PORT",
  "HOST",
  "TRUST_PROXY",
  "EMAIL_CONFIRMATION",
  "SMTP_URL",
  "WEB_CONCURRENCY",
];
const cleanEnv = (extra) => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !OWN.includes(k) && !/^(VOTE_|JOBS_|IMAGE_PROXY_)/.test(k))),
  LOG_LEVEL: "warn",
  ...extra,
});

describe("GET requests change nothing", { timeout: 420_000 }, () => {
  const tree = enumerateGetRoutes();
  const routes = [...tree.gets, ...EXTRA];
  const distDir = process.env.NEXT_DIST_DIR || ".next-test";

  let pgServer = null;
  let db;
  let sql;
  let site;
  let imageHost;
  let base;
  /** Rows of the seeded database the URLs are made from, and the callers' credentials. */
  const ctx = {};
  const credentials = {};
  /** route → every call made to it: { caller, url, status, cookies, writes, body } (for the checks after the walk). */
  const answers = new Map();
  let lastMark = 0;

  before(async () => {
    assert.ok(existsSync(`${distDir}/BUILD_ID`), `No production build in ${distDir}: build first (NEXT_DIST_DIR=${distDir} npx next build), or run npm test.`);
    let adminUrl = process.env.SMOKE_ADMIN_DATABASE_URL;
    if (!adminUrl) {
      pgServer = await startTestServer();
      adminUrl = pgServer.adminUrl;
    }
    db = await createTestDatabase(adminUrl, { prefix: "smokeget" });
    const seeded = await new Promise((resolve, reject) => {
      const child = spawn("npx", ["tsx", "--conditions=react-server", "prisma/seed.ts"], {
        env: cleanEnv({ DATABASE_URL: db.url, APP_MODE: "local" }),
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      child.on("error", reject);
      child.on("exit", (code) => resolve({ code, out }));
    });
    assert.equal(seeded.code, 0, `seed failed:\n${seeded.out}`);

    sql = new pg.Client({ connectionString: db.url, application_name: AUDIT_APP });
    await sql.connect();
    await sql.query(INSTALL_AUDIT);
    const one = async (text, values = []) => (await sql.query(text, values)).rows[0];

    // The stand-in outside host of a forum image (private addresses allowed for this server only).
    imageHost = http.createServer((_req, res) => res.writeHead(200, { "content-type": "image/png", "content-length": PIXEL.length }).end(PIXEL));
    await new Promise((r) => imageHost.listen(0, "127.0.0.1", r));
    const imageUrl = `http://127.0.0.1:${imageHost.address().port}/pixel.png`;

    // Rows of the demo data (prisma/seed-demo.ts), looked up rather than assumed.
    const player = await one(`SELECT id FROM users WHERE "usernameKey" = 'player'`);
    const staff = await one(`SELECT id FROM users WHERE "usernameKey" = 'admin'`);
    ctx.playerId = player.id;
    ctx.forumId = (await one(`SELECT id FROM forums WHERE name = 'General Discussion'`)).id;
    ctx.competitionId = (await one(`SELECT id FROM competitions ORDER BY id LIMIT 1`)).id;
    ctx.threadId = (await one(`SELECT id FROM forum_threads WHERE "forumId" = $1 AND NOT hidden ORDER BY id LIMIT 1`, [ctx.forumId])).id;
    ctx.postId = (await one(`SELECT id FROM forum_posts WHERE "threadId" = $1 AND NOT hidden ORDER BY id LIMIT 1`, [ctx.threadId])).id;
    const news = await one(`SELECT id, slug FROM news_posts ORDER BY id LIMIT 1`);
    [ctx.newsId, ctx.newsSlug] = [news.id, news.slug];
    ctx.ticketId = (await one(`SELECT id FROM tickets WHERE "userId" = $1 ORDER BY id LIMIT 1`, [player.id])).id;
    ctx.savedReplyId = (await one(`SELECT id FROM saved_replies ORDER BY id LIMIT 1`)).id;
    ctx.orderNumber = `C-${String((await one(`SELECT id FROM credit_purchases WHERE "userId" = $1 AND status = 'PAID' ORDER BY id LIMIT 1`, [player.id])).id).padStart(6, "0")}`;
    ctx.categoryId = (await one(`SELECT id FROM store_categories WHERE NOT hidden ORDER BY id LIMIT 1`)).id;
    ctx.ladderName = (
      await one(
        `SELECT u.username FROM hiscore_stats h JOIN users u ON u.id = h."userId" WHERE NOT h.hidden AND u.privilege = 'PLAYER' AND u."bannedAt" IS NULL ORDER BY u.id LIMIT 1`,
      )
    ).username;
    ctx.imageId = (await one(`INSERT INTO forum_images ("urlHash", url) VALUES ($1, $2) RETURNING id`, [sha256(imageUrl), imageUrl])).id;
    // An uploaded store image (stored by the hash of its bytes) and a gift card whose code the walk asks about
    // (codes are looked up by sha256 of "gift-card:" and the 16 characters, lib/server/giftcards/codes.ts).
    ctx.storeImageSha = sha256(PIXEL);
    await sql.query(`INSERT INTO store_images (sha256, type, body, width, height) VALUES ($1, 'image/png', $2, 1, 1)`, [ctx.storeImageSha, PIXEL]);
    // An image on the player's ticket: the player and staff load it, a guest and the ::store session get 404.
    ctx.attachmentId = (
      await one(
        `INSERT INTO ticket_attachments ("ticketId", name, type, body, bytes, width, height) VALUES ($1, 'pixel.png', 'image/png', $2, $3, 1, 1) RETURNING id`,
        [ctx.ticketId, PIXEL, PIXEL.length],
      )
    ).id;
    await sql.query(`INSERT INTO gift_cards ("codeHash", "codeLast4", credits, reason) VALUES ($1, '2222', 100, 'get-routes smoke test')`, [
      sha256("gift-card:2222222222222222"),
    ]);
    // Values made on first use are cleared, so those first uses (and their writes) happen here.
    await sql.query(`UPDATE users SET "voteToken" = NULL, "totpSecretEnc" = NULL WHERE id IN ($1, $2) AND "totpEnabledAt" IS NULL`, [player.id, staff.id]);
    await sql.query(`DELETE FROM cached_values`);
    // The player's vote token, as the vote page would have made it (the callback names it).
    ctx.voteToken = randomBytes(16).toString("hex");
    await sql.query(`UPDATE users SET "voteToken" = $1 WHERE id = $2`, [ctx.voteToken, player.id]);
    // An account waiting for its emailed confirmation link (as registration leaves it).
    ctx.confirmToken = randomBytes(32).toString("base64url");
    ctx.confirmUserId = (
      await one(
        `INSERT INTO users (username, "usernameKey", email, "emailKey", "passwordHash", "isActive", "updatedAt")
         VALUES ('getconfirm', 'getconfirm', 'getconfirm@test.example', 'getconfirm@test.example', 'not-used', false, ${UTC_NOW}) RETURNING id`,
      )
    ).id;
    await sql.query(
      `INSERT INTO email_tokens ("userId", kind, "tokenHash", "expiresAt") VALUES ($1, 'EMAIL_CONFIRMATION', $2, ${UTC_NOW} + interval '1 day')`,
      [ctx.confirmUserId, sha256(ctx.confirmToken)],
    );

    // Callers: browser sessions as the login route makes them (tests/factories/user-factory.ts),
    // a store session as a spent ::store link makes it, and a game key with every scope.
    const session = async (userId, scope) => {
      const token = randomBytes(32).toString("base64url");
      const [idle, absolute] = scope === "STORE" ? ["1 hour", "1 hour"] : ["7 days", "30 days"];
      const row = await one(
        `INSERT INTO sessions ("tokenHash", "userId", "userAgent", ip, "createdAt", "lastSeenAt", "idleExpiresAt", "absoluteExpiresAt", scope)
         VALUES ($1, $2, 'get-routes smoke test', '127.0.0.1', ${UTC_NOW}, ${UTC_NOW}, ${UTC_NOW} + $3::interval, ${UTC_NOW} + $4::interval, $5::"SessionScope")
         RETURNING id`,
        [sha256(token), userId, idle, absolute, scope],
      );
      return { headers: { cookie: `session=${token}` }, sessionId: row.id };
    };
    credentials.guest = { headers: {} };
    credentials.player = await session(player.id, "FULL");
    credentials.staff = await session(staff.id, "FULL");
    credentials.store = await session(player.id, "STORE");
    const prefix = `gsk_${randomBytes(4).toString("hex")}`;
    const key = `${prefix}_${randomBytes(32).toString("base64url")}`;
    const gameKey = await one(
      `INSERT INTO game_api_keys (name, prefix, "keyHash", scopes) VALUES ('get-routes', $1, $2, ARRAY['login', 'deliveries', 'hiscores', 'players', 'store-link', 'server-events']) RETURNING id`,
      [prefix, sha256(key)],
    );
    credentials.game = { headers: { "x-api-key": key }, gameKeyId: gameKey.id };

    // The site: the production server entry on the build, one worker, no job runner.
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env = cleanEnv({
      DATABASE_URL: db.url,
      APP_MODE: "local",
      SITE_URL: base,
      PORT: String(port),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "1",
      JOBS_WORKER: "false",
      IMAGE_PROXY_ALLOW_PRIVATE: "true",
      NEXT_DIST_DIR: distDir,
      NEXT_TELEMETRY_DISABLED: "1",
      AUTH_SECRET: SMOKE_AUTH_SECRET,
      TOTP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    });
    const child = spawn(process.execPath, ["scripts/server.mjs"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
    site = { child, exited, output: () => output };
    const deadline = Date.now() + 90_000;
    for (;;) {
      const early = await Promise.race([exited, sleep(250).then(() => null)]);
      if (early) throw new Error(`the server exited early (${JSON.stringify(early)}):\n${output}`);
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.status === 200,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`the server did not answer in time:\n${output}`);
    }

    // The ::store link the game hands the player (a POST, made here before the audit starts).
    const link = await fetch(`${base}/api/v1/game/store-link`, {
      method: "POST",
      headers: { ...credentials.game.headers, "content-type": "application/json" },
      body: JSON.stringify({ player_id: player.id }),
    });
    assert.equal(link.status, 200, await link.clone().text());
    ctx.storeLinkToken = new URL((await link.json()).url).searchParams.get("token");
    assert.ok(ctx.storeLinkToken, "the store link carries no token");
  });

  after(async () => {
    await sql?.end().catch(() => {});
    if (site && site.child.exitCode === null) {
      site.child.kill("SIGTERM");
      const stopped = await Promise.race([site.exited, sleep(15_000).then(() => null)]);
      if (!stopped) {
        try {
          process.kill(-site.child.pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    }
    imageHost?.close();
    await db?.drop().catch(() => {});
    await pgServer?.stop().catch(() => {});
  });

  /** The log position before a request: everything after it, not ours, is the request's. */
  const mark = async () => Number((await sql.query(`SELECT coalesce(max(id), 0) AS n FROM get_audit.writes`)).rows[0].n);

  /**
   * Waits until no other connection to this database is running a statement or holds a
   * transaction open, twice in a row: work a page does after its answer (or while streaming it)
   * is then finished and counted with it, not with the next request.
   */
  async function settle() {
    for (let quiet = 0, tries = 0; quiet < 2 && tries < 400; tries++) {
      const { rows } = await sql.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND state <> 'idle'`,
      );
      quiet = rows[0].n === 0 ? quiet + 1 : 0;
      await sleep(quiet ? 5 : 10);
    }
  }

  async function writesSince(from) {
    const { rows } = await sql.query(`SELECT id, tbl, op, cols FROM get_audit.writes WHERE id > $1 AND app IS DISTINCT FROM $2 ORDER BY id`, [from, AUDIT_APP]);
    return rows.map((r) => ({ table: r.tbl, op: r.op, cols: r.cols }));
  }

  /** The first event of a Server-Sent Events answer (GET /api/v1/account/notifications/stream), then the stream is left. */
  async function firstEvent(res) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const deadline = Date.now() + 10_000;
    while (!/^data: /m.test(text) && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    await reader.cancel().catch(() => {});
    return text;
  }

  /** One GET as one caller; answers what it did. */
  async function call(url, caller) {
    const cred = credentials[caller];
    // Make the throttled "last seen" writes due, so their exact columns are checked on every call.
    if (cred.sessionId) await sql.query(`UPDATE sessions SET "lastSeenAt" = ${UTC_NOW} - interval '5 minutes' WHERE id = $1`, [cred.sessionId]);
    if (cred.gameKeyId) await sql.query(`UPDATE game_api_keys SET "lastUsedAt" = NULL WHERE id = $1`, [cred.gameKeyId]);
    const from = await mark();
    const res = await fetch(base + url, { redirect: "manual", headers: cred.headers });
    // The whole answer (a streamed page renders to its end); an event stream never ends: its first event.
    const body = res.headers.get("content-type")?.startsWith("text/event-stream") ? await firstEvent(res) : await res.text();
    await settle();
    const writes = await writesSince(from);
    lastMark = await mark();
    return { caller, url, status: res.status, cookies: res.headers.getSetCookie(), writes, body };
  }

  test("every page and GET route under app/ maps to URLs it can be called at", () => {
    assert.deepEqual(tree.problems, []);
    const found = tree.gets.map((r) => r.route);
    for (const r of ["GET /", "GET /store-link", "GET /vote", "GET /api/v1/user", "GET /api/v1/users/confirm", "GET /dev/outbox"])
      assert.ok(found.includes(r), `${r} not found`);
    // The ::store link's POST is not a GET, and the walk knows the difference.
    assert.ok(tree.otherMethodsOnly.includes("/store-link/continue"), "app/store-link/continue/route.ts: expected a POST-only route");
    assert.ok(!found.includes("GET /store-link/continue"));
    const missing = tree.gets.filter((r) => r.path.includes("{") && !URLS[r.path]).map((r) => r.file);
    assert.deepEqual(missing, [], "dynamic routes with no URL in URLS");
    const stale = Object.keys(URLS).filter((p) => !tree.gets.some((r) => r.path === p));
    assert.deepEqual(stale, [], "URLS entries for routes that no longer answer GET");
  });

  test(`the build in ${distDir} has every page and route of the source tree`, () => {
    // The walk reads app/, the server runs the build: a build older than the source would answer
    // 404 for a new route and the audit would check nothing there.
    const built = new Set(Object.values(JSON.parse(readFileSync(`${distDir}/app-path-routes-manifest.json`, "utf8"))));
    const asNext = (p) => p.replace(/\{\.\.\.(.+)\?\}/g, "[[...$1]]").replace(/\{(.+?)\}/g, "[$1]");
    const missing = tree.gets.filter((r) => !built.has(asNext(r.path))).map((r) => r.file);
    assert.deepEqual(missing, [], `the build is older than the source: rebuild (NEXT_DIST_DIR=${distDir} npx next build)`);
  });

  test("every exception names a GET route that exists, and docs/accounts.md lists it with its tables", () => {
    const known = new Set(routes.map((r) => r.route));
    for (const e of GET_EXCEPTIONS) assert.ok(e.route === "GET *" || known.has(e.route), `exception for ${e.route}: no such GET route`);

    const doc = readFileSync("docs/accounts.md", "utf8");
    const section = /^## GET requests change nothing\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(doc)?.[1];
    assert.ok(section, 'docs/accounts.md has no section "## GET requests change nothing"');
    const table = /^### Exceptions\n([\s\S]*?)(?=^#{2,3} |(?![\s\S]))/m.exec(section)?.[1];
    assert.ok(table, 'docs/accounts.md: no "### Exceptions" table in "GET requests change nothing"');
    const rows = table
      .split("\n")
      .filter((l) => /^\|/.test(l) && !/^\|\s*-/.test(l))
      .slice(1);
    const routeOf = (row) => /`(GET [^`]+)`/.exec(row)?.[1];
    for (const e of GET_EXCEPTIONS) {
      const row = rows.find((r) => routeOf(r) === e.route);
      assert.ok(row, `docs/accounts.md: no row for \`${e.route}\` in the exceptions table`);
      for (const t of Object.keys(e.writes ?? {})) assert.ok(row.includes(`\`${t}\``), `docs/accounts.md: the row of ${e.route} does not name \`${t}\``);
      if (e.cookie) assert.match(row, /Set-Cookie/, `docs/accounts.md: the row of ${e.route} does not say it sets a cookie`);
    }
    const documented = rows.map(routeOf);
    const listed = new Set(GET_EXCEPTIONS.map((e) => e.route));
    assert.deepEqual(
      documented.filter((r) => !listed.has(r)),
      [],
      "docs/accounts.md lists exceptions the test does not allow (or a row without a `GET …` route)",
    );
  });

  for (const r of routes) {
    test(`${r.route} (${r.file ?? "no file"})`, async (t) => {
      const urls = urlsFor(r, ctx);
      assert.ok(urls, `${r.route}: no URL to call it at`);
      const callers = CALLERS.filter((c) => c !== "game" || r.kind === "route");
      const problems = [];
      const seen = [];
      for (const { url, redirects } of urls) {
        const results = [];
        for (const caller of callers) results.push(await call(url, caller));
        seen.push(...results);
        if (VERBOSE)
          t.diagnostic(
            `${url}: ${results.map((a) => `${a.caller} ${a.status}${a.writes.length ? ` [${[...new Set(a.writes.map(describeWrite))].join("; ")}]` : ""}`).join(", ")}`,
          );
        for (const a of results) {
          const who = `${url} as ${a.caller}`;
          if (a.status >= 500) problems.push(`${who}: answered ${a.status}, so the route was not really exercised:\n${a.body.slice(0, 300)}`);
          if (a.cookies.length && !mayCookie(r.route, a.caller)) problems.push(`${who}: set a cookie: ${a.cookies.join(" | ")}`);
          const allowed = allowedWrites(r.route, a.caller);
          for (const w of a.writes) if (!isAllowed(w, allowed)) problems.push(`${who}: wrote ${describeWrite(w)}`);
        }
        if (!redirects && !results.some((a) => a.status >= 200 && a.status < 300))
          problems.push(`${url}: no caller got a 2xx (${results.map((a) => `${a.caller} ${a.status}`).join(", ")}); a wrong id, or a stale build?`);
      }
      answers.set(r.route, seen);
      assert.deepEqual(
        problems,
        [],
        `${r.route} changed something. Fix the route, or (if a GET must do this) add an exception to tests/smoke/get-routes-exceptions.mjs and docs/accounts.md.`,
      );
    });
  }

  test("each caller was who it claims to be (so the signed-in calls were not guest calls)", () => {
    const user = answers.get("GET /api/v1/user") ?? [];
    const as = (caller) => user.find((a) => a.caller === caller);
    assert.equal(as("guest")?.status, 401);
    assert.equal(JSON.parse(as("player")?.body ?? "{}").name, "Player");
    assert.equal(JSON.parse(as("staff")?.body ?? "{}").name, "Admin");
    assert.equal(JSON.parse(as("store")?.body ?? "{}").store_session, true);
    const game = (answers.get("GET /api/v1/game/deliveries") ?? []).find((a) => a.caller === "game");
    assert.equal(game?.status, 200);
  });

  test("the ::store link is still unspent after all those GETs of its page, which showed whose link it is", async () => {
    const page = (answers.get("GET /store-link") ?? []).find((a) => a.caller === "guest" && a.url.includes(ctx.storeLinkToken));
    assert.ok(page, "the store-link page was not called with the live token");
    assert.equal(page.status, 200);
    assert.match(page.body, /Continue to the store as/);
    const { rows } = await sql.query(`SELECT "usedAt" FROM email_tokens WHERE "tokenHash" = $1`, [sha256(ctx.storeLinkToken)]);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].usedAt, null, "a GET spent the ::store link");
  });

  test("nothing was written after the last answer (no late write escaped the count)", async () => {
    await sleep(500);
    await settle();
    assert.deepEqual((await writesSince(lastMark)).map(describeWrite), []);
  });

  test("every exception was needed in this run (an unused one is stale: remove it)", () => {
    // An exception marked `occasional` writes only in some states (once per server process, or
    // when a cache is stale), so a run may not see it; every other one must have been used.
    const used = new Set();
    for (const [route, list] of answers) {
      for (const a of list) {
        for (const w of a.writes) {
          for (const e of GET_EXCEPTIONS) if (applies(e, route, a.caller) && isAllowed(w, { [w.table]: e.writes?.[w.table] ?? {} })) used.add(e);
        }
      }
    }
    assert.deepEqual(
      GET_EXCEPTIONS.filter((e) => !e.occasional && !used.has(e)).map((e) => e.route),
      [],
    );
  });
});
