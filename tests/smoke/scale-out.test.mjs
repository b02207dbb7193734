// Scale-out: two app instances, each `node scripts/server.mjs` with its own job runner,
// on one PostgreSQL behind a small round-robin load balancer written here. What must hold when a
// site runs on several machines: a session or signed token made by one instance works on the
// other; rate limits count across both; a queued mail goes out once; every scheduled task runs
// once per tick however many runners schedule it; and stopping one instance with SIGTERM while
// the balancer carries steady traffic fails no request.
//
// The instances run in production mode (real SMTP to a capture server here, TRUST_PROXY behind
// the balancer, STOP_DRAIN_MS so the balancer's health check sees a stopping instance before its
// port closes). JOBS_CRON_EVERY_MINUTE makes every crontab entry fire each minute instead of every
// 5 or 10 (identifiers, options and job keys unchanged): what is under test is that a tick runs a
// task once across runners, not the period, and a test cannot wait ten minutes.
//
// Run by `npm test` in the smoke stage (after the build). Alone, with a build in .next-test:
//   NEXT_DIST_DIR=.next-test node --test tests/smoke/scale-out.test.mjs
// (PostgreSQL: SMOKE_ADMIN_DATABASE_URL or TEST_DATABASE_URL, otherwise an embedded one.)
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import { after, before, test } from "node:test";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { freePort } from "../../scripts/lib/embedded-db.mjs";
import { createTestDatabase, startTestServer } from "../setup/test-db.mjs";
import { solveCaptcha } from "./support/site.mjs";
import { portOpen, requestJson } from "./support/http.mjs";

const distDir = process.env.NEXT_DIST_DIR || ".next-test";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** How long a stopping instance keeps serving with its health check at 503: the balancer polls every 200 ms, but a check waits its turn behind the pages a busy instance is rendering (up to ~2 s seen on 2 cores). */
const DRAIN_MS = 5_000;
const HEALTH_POLL_MS = 200;
/** The capture server answers each message this late: a slow mail server widens any window in which a second runner could send the same mail. */
const SMTP_DELAY_MS = 1_000;
const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };

/** The crontab as written in lib/server/worker/task-list.ts: [identifier, task] of each entry. */
function crontabEntries() {
  const source = readFileSync("lib/server/worker/task-list.ts", "utf8");
  const block = /export const crontab = \[([\s\S]*?)\]\.join/.exec(source)?.[1] ?? "";
  return [...block.matchAll(/^\s*"(?:\S+\s+){5}(\S+)(?:\s+\?([^"]*))?",?\s*$/gm)].map(([, task, opts]) => [
    new URLSearchParams(opts ?? "").get("id") ?? task,
    task,
  ]);
}

/** Every vote site's callback secret, named as in .env.example (production requires one per site). */
function voteSecrets() {
  const names = [...readFileSync(".env.example", "utf8").matchAll(/^#?\s*(VOTE_[A-Z0-9_]+_SECRET)=/gm)].map((m) => m[1]);
  return Object.fromEntries(names.map((n) => [n, randomBytes(16).toString("hex")]));
}

/** Polls `check` (which returns a value when done, or a falsy value) until it answers or `ms` runs out. */
async function until(what, check, ms, pauseMs = 250) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(pauseMs);
  }
}

/** One HTTP request to 127.0.0.1:port (no connection reuse); JSON bodies framed with Content-Length. */
const request = (port, path, options) => requestJson(`http://127.0.0.1:${port}${path}`, options);

// ── The load balancer ───────────────────────────────────────────────────────────────────────
// Round robin over the backends its health check (GET /api/health every 200 ms) finds up. A
// request goes to another backend only when its connection could not be made (nothing was sent,
// so any method is safe to resend): what nginx does with `proxy_next_upstream error` for a
// refused connection. A failure after the request was sent is the client's failure: a 502, or a
// cut response. Connections to the backends are kept alive, as a real balancer's are.
function startBalancer(backends) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const state = backends.map((b) => ({ ...b, up: false, reason: "not checked yet", downAt: null, downReason: null, served: [], resent: 0 }));
  let turn = 0;
  const failures = [];
  let checking = true;
  const HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"]);
  const endToEnd = (headers) => Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP.has(k)));

  const markDown = (b, reason) => {
    if (b.up) [b.downAt, b.downReason] = [Date.now(), reason];
    b.up = false;
    b.reason = reason;
  };
  const check = (b) =>
    new Promise((resolve) => {
      const req = http.get({ host: "127.0.0.1", port: b.port, path: "/api/health", agent: false, timeout: 5_000 }, (res) => {
        res.resume();
        res.on("end", () => {
          if (res.statusCode === 200) {
            b.up = true;
            b.reason = "healthy";
          } else markDown(b, `health ${res.statusCode}`);
          resolve();
        });
      });
      req.on("timeout", () => req.destroy(new Error("health check timed out")));
      req.on("error", (e) => (markDown(b, `health ${e.code ?? e.message}`), resolve()));
    });
  const loops = state.map(async (b) => {
    while (checking) {
      await check(b);
      await sleep(HEALTH_POLL_MS);
    }
  });

  const forward = (b, req, body, res) =>
    new Promise((resolve) => {
      const forwardedFor = [req.headers["x-forwarded-for"], req.socket.remoteAddress?.replace(/^::ffff:/, "")].filter(Boolean).join(", ");
      const up = http.request(
        {
          host: "127.0.0.1",
          port: b.port,
          method: req.method,
          path: req.url,
          agent,
          headers: { ...endToEnd(req.headers), "x-forwarded-for": forwardedFor, "x-forwarded-proto": "https" },
        },
        (ures) => {
          res.writeHead(ures.statusCode, endToEnd(ures.headers));
          ures.pipe(res);
          ures.on("end", () => (b.served.push({ at: Date.now(), status: ures.statusCode, path: req.url }), resolve("done")));
          ures.on(
            "error",
            (e) => (failures.push({ backend: b.name, path: req.url, error: `response cut: ${e.code ?? e.message}` }), res.destroy(), resolve("done")),
          );
        },
      );
      let sent = false;
      up.on("socket", (s) => (s.connecting ? s.once("connect", () => (sent = true)) : (sent = true)));
      up.on("error", (e) => {
        if (!sent && !up.reusedSocket) {
          // The connection was never made: the backend got nothing. Take it out and resend.
          markDown(b, `connect ${e.code ?? e.message}`);
          b.resent += 1;
          return resolve("resend");
        }
        failures.push({ backend: b.name, path: req.url, error: e.code ?? e.message });
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
        resolve("done");
      });
      up.end(body);
    });

  const server = http.createServer(async (req, res) => {
    try {
      const chunks = [];
      for await (const c of req) chunks.push(c);
      const body = Buffer.concat(chunks);
      const tried = new Set();
      for (;;) {
        const live = state.filter((b) => b.up && !tried.has(b));
        if (!live.length) {
          failures.push({ backend: null, path: req.url, error: "no backend up" });
          return res.writeHead(503).end();
        }
        const b = live[turn++ % live.length];
        tried.add(b);
        if ((await forward(b, req, body, res)) === "done") return;
      }
    } catch (e) {
      failures.push({ backend: null, path: req.url, error: `balancer: ${e.message}` });
      res.destroy();
    }
  });
  return {
    backends: state,
    failures,
    listen: () => new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server.address().port))),
    close: async () => {
      checking = false;
      await Promise.all(loops);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}

/** `loops` clients fetching `paths` through the balancer in turn, on kept-alive connections, until stopped. */
function steadyTraffic(port, paths, loops) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: loops });
  const results = [];
  let running = true;
  const get = (path) =>
    new Promise((resolve) => {
      const started = Date.now();
      const req = http.get({ host: "127.0.0.1", port, path, agent }, (res) => {
        res.resume();
        res.on("end", () => resolve({ path, status: res.statusCode, started }));
        res.on("error", (e) => resolve({ path, error: e.code ?? e.message, started }));
      });
      req.on("error", (e) => resolve({ path, error: e.code ?? e.message, started }));
    });
  const done = Promise.all(
    Array.from({ length: loops }, async (_, i) => {
      for (let n = i; running; n++) results.push(await get(paths[n % paths.length]));
    }),
  );
  return {
    results,
    stop: async () => {
      running = false;
      await done;
      agent.destroy();
    },
  };
}

// ── The site: one database, two instances, the balancer, a mail server ─────────────────────

let pgServer = null;
let database;
let db;
let smtp;
const captured = [];
let baseEnv;
const instances = [];
let A;
let B;
let balancer;
let lbPort;
/** The first cron tick both runners were up for, and its observation (started in before()). */
let tick;
let tickObserved;
const entries = crontabEntries();

function startInstance(name, port, extraEnv = {}) {
  const child = spawn(process.execPath, ["scripts/server.mjs"], {
    env: { ...baseEnv, PORT: String(port), ...extraEnv },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const instance = { name, port, child, exited, output: () => output, runnerStartedAt: null };
  instances.push(instance);
  return instance;
}

/** Up when /api/health answers 200 and its job runner has started (its start line, with the time). */
async function waitReady(instance) {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const early = await Promise.race([instance.exited, sleep(300).then(() => null)]);
    if (early) throw new Error(`instance ${instance.name} exited early (${JSON.stringify(early)}):\n${instance.output()}`);
    const started = instance
      .output()
      .split("\n")
      .filter((l) => l.includes("runner started with JOBS_CRON_EVERY_MINUTE"))
      .map((l) => JSON.parse(l))[0];
    if (
      started &&
      (await request(instance.port, "/api/health").then(
        (r) => r.status === 200,
        () => false,
      ))
    ) {
      instance.runnerStartedAt = Date.parse(started.time);
      return;
    }
    if (Date.now() > deadline) throw new Error(`instance ${instance.name} did not get ready:\n${instance.output()}`);
  }
}

/**
 * Test-only bookkeeping in the database (triggers on graphile-worker's own tables; they change
 * nothing): every job that finished (graphile-worker deletes a job when it succeeds), and every
 * runner's claim of a cron tick. Each runner's scheduler, at each tick, upserts the entry's row in
 * _private_known_crontabs and queues the job only when it moved last_execution forward; a BEFORE
 * INSERT trigger sees that upsert from every runner, winner or not.
 */
async function recordJobsAndCronClaims() {
  await db.query(`
    CREATE TABLE scale_job_runs (task text NOT NULL, payload json, locked_by text, attempts int, done_at timestamptz NOT NULL DEFAULT clock_timestamp());
    CREATE FUNCTION scale_record_job_run() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO public.scale_job_runs (task, payload, locked_by, attempts)
      SELECT t.identifier, OLD.payload, OLD.locked_by, OLD.attempts FROM graphile_worker._private_tasks t WHERE t.id = OLD.task_id;
      RETURN OLD;
    END $$;
    CREATE TRIGGER scale_record_job_run AFTER DELETE ON graphile_worker._private_jobs FOR EACH ROW EXECUTE FUNCTION scale_record_job_run();
    CREATE TABLE scale_cron_claims (identifier text NOT NULL, ts timestamptz NOT NULL, backend_pid int NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp());
    CREATE FUNCTION scale_record_cron_claim() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.last_execution IS NOT NULL THEN
        INSERT INTO public.scale_cron_claims (identifier, ts, backend_pid) VALUES (NEW.identifier, NEW.last_execution, pg_backend_pid());
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER scale_record_cron_claim BEFORE INSERT ON graphile_worker._private_known_crontabs FOR EACH ROW EXECUTE FUNCTION scale_record_cron_claim();
  `);
}

/** Waits until both runners have claimed `ts` for every entry and its jobs have all finished. */
async function observeTick(ts) {
  const iso = new Date(ts).toISOString();
  const wait = Math.max(0, ts - Date.now()) + 150_000;
  return until(
    `both runners to handle the cron tick ${iso}`,
    async () => {
      const claims = (await db.query(`SELECT identifier, count(*)::int AS n FROM scale_cron_claims WHERE ts = $1 GROUP BY identifier`, [iso])).rows;
      const runs = (await db.query(`SELECT task, count(*)::int AS n FROM scale_job_runs WHERE payload->'_cron'->>'ts' = $1 GROUP BY task`, [iso])).rows;
      const [{ pending }] = (await db.query(`SELECT count(*)::int AS pending FROM graphile_worker._private_jobs WHERE payload->'_cron'->>'ts' = $1`, [iso]))
        .rows;
      const claimed = claims.reduce((sum, c) => sum + c.n, 0);
      const tasks = new Set(runs.map((r) => r.task));
      if (claimed < 2 * entries.length || pending > 0 || !entries.every(([, task]) => tasks.has(task))) return null;
      return { iso, claims: Object.fromEntries(claims.map((c) => [c.identifier, c.n])), runs: Object.fromEntries(runs.map((r) => [r.task, r.n])) };
    },
    wait,
    500,
  );
}

before(
  async () => {
    assert.ok(existsSync(`${distDir}/BUILD_ID`), `No production build in ${distDir}: build first (NEXT_DIST_DIR=${distDir} npx next build), or run npm test.`);
    assert.ok(entries.length >= 5, `expected the crontab's entries in lib/server/worker/task-list.ts, found ${JSON.stringify(entries)}`);
    let adminUrl = process.env.SMOKE_ADMIN_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (!adminUrl) {
      pgServer = await startTestServer();
      adminUrl = pgServer.adminUrl;
    }
    database = await createTestDatabase(adminUrl, { prefix: "smokescale" });
    db = new pg.Pool({ connectionString: database.url, max: 3 });
    await recordJobsAndCronClaims();

    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (c) => (raw += c));
        stream.on("end", () => {
          captured.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim(),
            subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim(),
          });
          setTimeout(callback, SMTP_DELAY_MS);
        });
      },
    });
    await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));

    // One configuration for both, as a deployment's instances share it (each server.mjs primary
    // still makes its own per-boot socket-address secret).
    const env = { ...process.env };
    for (const k of Object.keys(env))
      if (
        /^(APP_MODE|DATABASE_URL|SITE_URL|AUTH_SECRET|TOTP_ENCRYPTION_KEY|SMTP_URL|MAIL_FROM|PAYMENT_|STRIPE_|PAYPAL_|COINBASE_|VOTE_|CAPTCHA_|ALTCHA_|TRUST_PROXY|IMAGE_PROXY|JOBS_|EMAIL_CONFIRMATION|STOP_DRAIN_MS|PORT|HOST)/.test(
          k,
        )
      )
        delete env[k];
    baseEnv = {
      ...env,
      APP_MODE: "production",
      DATABASE_URL: database.url,
      SITE_URL: "https://play.example.com",
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
      SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
      MAIL_FROM: "Game Server <no-reply@play.example.com>",
      PAYMENT_METHODS: "none",
      ALLOW_PLACEHOLDER_DOWNLOADS: "true",
      ...voteSecrets(),
      TRUST_PROXY: "true",
      JOBS_CRON_EVERY_MINUTE: "true",
      STOP_DRAIN_MS: String(DRAIN_MS),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "1",
      NEXT_DIST_DIR: distDir,
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "warn",
    };
    const portA = await freePort();
    let portB = await freePort();
    while (portB === portA) portB = await freePort();
    A = startInstance("A", portA);
    B = startInstance("B", portB);
    await Promise.all([waitReady(A), waitReady(B)]);

    // The first minute boundary after both runners were up: both schedulers handle it.
    const bothUp = Math.max(A.runnerStartedAt, B.runnerStartedAt);
    tick = Math.floor(bothUp / 60_000) * 60_000 + 60_000;
    tickObserved = observeTick(tick).then(
      (value) => ({ value }),
      (error) => ({ error }),
    );

    balancer = startBalancer([
      { name: "A", port: A.port },
      { name: "B", port: B.port },
    ]);
    lbPort = await balancer.listen();
    await until("the balancer to find both instances up", () => balancer.backends.every((b) => b.up), 30_000, 100);
  },
  { timeout: 300_000 },
);

after(async () => {
  await balancer?.close().catch(() => {});
  for (const instance of instances) {
    if (instance.child.exitCode !== null || instance.child.signalCode !== null) continue;
    instance.child.kill("SIGTERM");
    const stopped = await Promise.race([instance.exited, sleep(25_000).then(() => null)]);
    if (!stopped) {
      try {
        process.kill(-instance.child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
  await new Promise((resolve) => (smtp ? smtp.close(resolve) : resolve()));
  await db?.end().catch(() => {});
  await database?.drop().catch(() => {});
  await pgServer?.stop().catch(() => {});
});

const user = { username: `scale${randomBytes(3).toString("hex")}`, password: `Ember!${randomBytes(6).toString("hex")}` };
user.email = `${user.username}@players.example.com`;

test(
  "a captcha from A registers on B; a session and an access token made on A work on B; a logout on B ends the session on A",
  { timeout: 60_000 },
  async () => {
    const challenge = await request(A.port, "/api/v1/captcha/challenge");
    assert.equal(challenge.status, 200, challenge.text);
    const captchaToken = await solveCaptcha(challenge.json());
    const registration = { ...user, password_confirmation: user.password, captchaToken };
    const registered = await request(B.port, "/api/v1/users", { method: "POST", headers: SAME_ORIGIN, body: registration });
    assert.equal(registered.status, 201, registered.text);
    assert.equal(registered.json().name, user.username);
    // The solved challenge was used on B: A refuses it too (one record of used challenges).
    const replay = await request(A.port, "/api/v1/users", {
      method: "POST",
      headers: SAME_ORIGIN,
      body: { ...registration, username: `${user.username}x`, email: `x${user.email}` },
    });
    assert.equal(replay.status, 400, replay.text);
    assert.ok(replay.json().captchaToken, replay.text);

    const login = await request(A.port, "/api/v1/login", { method: "POST", headers: SAME_ORIGIN, body: { username: user.username, password: user.password } });
    assert.equal(login.status, 200, login.text);
    const cookie = /__Host-session=[^;]+/.exec(String(login.headers["set-cookie"]))?.[0];
    assert.ok(cookie, `no session cookie: ${login.headers["set-cookie"]}`);
    const onB = await request(B.port, "/api/v1/user", { headers: { cookie } });
    assert.equal(onB.status, 200, onB.text);
    assert.equal(onB.json().name, user.username);
    assert.equal((await request(B.port, "/api/v1/user")).status, 401, "B answers a guest as a guest");

    // An API login on A: its access token (signed with AUTH_SECRET) is good on B; a tampered one is not.
    const tokens = await request(A.port, "/api/v1/token", { method: "POST", body: { username: user.username, password: user.password } });
    assert.equal(tokens.status, 200, tokens.text);
    const { access } = tokens.json();
    const bearer = await request(B.port, "/api/v1/user", { headers: { authorization: `Bearer ${access}` } });
    assert.equal(bearer.status, 200, bearer.text);
    assert.equal(bearer.json().name, user.username);
    const tampered = `${access.slice(0, -4)}${access.slice(-4) === "AAAA" ? "BBBB" : "AAAA"}`;
    assert.equal((await request(B.port, "/api/v1/user", { headers: { authorization: `Bearer ${tampered}` } })).status, 401);

    // Ended on B, ended everywhere.
    const logout = await request(B.port, "/api/v1/logout", { method: "POST", headers: { ...SAME_ORIGIN, cookie } });
    assert.equal(logout.status, 200, logout.text);
    assert.equal((await request(A.port, "/api/v1/user", { headers: { cookie } })).status, 401);
  },
);

test(
  "rate limits count across instances: wrong passwords alternating between A and B are refused at the same count as on one instance",
  { timeout: 60_000 },
  async () => {
    const attempt = (instance, address, password = "Wrong!pass1") =>
      request(instance.port, "/api/v1/login", {
        method: "POST",
        headers: { ...SAME_ORIGIN, "x-forwarded-for": address },
        body: { username: user.username, password },
      });
    /** Attempts until the first 429 (every earlier one must be the ordinary 400); returns its number. */
    const attemptsUntilLimited = async (pick, address) => {
      for (let n = 1; n <= 40; n++) {
        const r = await attempt(pick(n), address);
        if (r.status === 429) return n;
        assert.equal(r.status, 400, `attempt ${n}: ${r.text}`);
      }
      return Infinity;
    };
    // Each client address has its own count (TRUST_PROXY: the balancer's X-Forwarded-For).
    const oneInstance = await attemptsUntilLimited(() => A, "198.51.100.21");
    assert.ok(oneInstance > 2 && oneInstance < 40, `one instance limited at attempt ${oneInstance}`);
    const alternating = await attemptsUntilLimited((n) => (n % 2 ? A : B), "198.51.100.22");
    assert.equal(alternating, oneInstance, "alternating between A and B must trip the limit at the same total count");
    // Limited on both now, even with the right password; another address still logs in.
    assert.equal((await attempt(A, "198.51.100.22", user.password)).status, 429);
    assert.equal((await attempt(B, "198.51.100.22", user.password)).status, 429);
    assert.equal((await attempt(B, "198.51.100.23", user.password)).status, 200);
  },
);

test("a password-reset mail queued while both runners poll is delivered once", { timeout: 90_000 }, async () => {
  const asked = await request(lbPort, "/api/v1/request-password-reset", { method: "POST", body: { username: user.username, email: user.email } });
  assert.equal(asked.status, 200, asked.text);
  // The request queues send-reset-link; that job makes the link and queues send-mail.
  const row = await until(
    "the reset mail to be sent and its jobs finished",
    async () => {
      // The player's other mail (a sign-in from a new device in the tests above) is not this one.
      const { rows } = await db.query(`SELECT id, status, attempts FROM mail_messages WHERE "to" = $1 AND subject LIKE 'Reset your % password'`, [user.email]);
      const { rows: queued } = await db.query(
        `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier IN ('send-reset-link', 'send-mail')`,
      );
      return rows.length === 1 && rows[0].status === "SENT" && queued[0].n === 0 ? rows[0] : null;
    },
    60_000,
  );
  const delivered = captured.filter((m) => m.to.includes(user.email) && /^Reset your .* password$/.test(m.subject ?? ""));
  assert.equal(delivered.length, 1, `delivered ${delivered.length} times: ${JSON.stringify(delivered)}`);
  assert.equal(row.attempts, 1);
  assert.match(delivered[0].messageId ?? "", new RegExp(`^<mail-${row.id}-`));
  const { rows: runs } = await db.query(
    `SELECT task, count(*)::int AS n FROM scale_job_runs WHERE (task = 'send-mail' AND (payload->>'mailId')::int = $1) OR task = 'send-reset-link' GROUP BY task ORDER BY task`,
    [row.id],
  );
  assert.deepEqual(runs, [
    { task: "send-mail", n: 1 },
    { task: "send-reset-link", n: 1 },
  ]);
});

test("every scheduled task runs once per cron tick across both runners, though both schedule it", { timeout: 240_000 }, async () => {
  const observed = await tickObserved;
  if (observed.error) throw observed.error;
  const { iso, claims, runs } = observed.value;
  console.log(`# tick ${iso}: claims ${JSON.stringify(claims)}; runs ${JSON.stringify(runs)}`);
  for (const [identifier, task] of entries) {
    assert.equal(runs[task], 1, `${task} ran ${runs[task] ?? 0} times for the tick ${iso}`);
    // Not vacuous: both runners' schedulers handled the tick (one queued the job, the other found it taken).
    assert.equal(claims[identifier], 2, `${identifier}: ${claims[identifier] ?? 0} runners claimed the tick`);
  }
  // The tick's bookkeeping moved on, and the sampling task's own output agrees with its runs.
  const { rows: known } = await db.query(`SELECT identifier FROM graphile_worker._private_known_crontabs WHERE last_execution >= $1`, [iso]);
  assert.deepEqual(known.map((k) => k.identifier).sort(), entries.map(([identifier]) => identifier).sort());
  const [{ samples }] = (await db.query(`SELECT count(*)::int AS samples FROM players_online_samples`)).rows;
  const [{ sampleRuns }] = (await db.query(`SELECT count(*)::int AS "sampleRuns" FROM scale_job_runs WHERE task = 'sample-players-online'`)).rows;
  assert.equal(samples, sampleRuns);
});

test("SIGTERM to A under steady traffic through the balancer fails no request; A finishes what it has and exits 0", { timeout: 120_000 }, async () => {
  const [a, b] = balancer.backends;
  assert.ok(a.up && b.up, "both instances in the balancer before the stop");
  const traffic = steadyTraffic(lbPort, ["/terms", "/forums", "/api/v1/hiscores", "/api/v1/forums", "/news", "/api/v1/players-online", "/rules"], 16);
  try {
    await until("steady traffic through both instances", () => a.served.length >= 30 && b.served.length >= 30, 60_000, 100);

    // A request A is in the middle of when the stop comes: its headers are in (A answered
    // 100 Continue), the start of its body too; the rest comes only after A's port has closed.
    const body = Buffer.from(JSON.stringify({ username: user.username, password: user.password }));
    const slow = http.request({
      host: "127.0.0.1",
      port: A.port,
      method: "POST",
      path: "/api/v1/login",
      agent: false,
      headers: {
        ...SAME_ORIGIN,
        "x-forwarded-for": "198.51.100.40",
        "content-type": "application/json",
        "content-length": String(body.length),
        expect: "100-continue",
      },
    });
    const slowAnswer = new Promise((resolve, reject) => {
      slow.on("response", (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode, text }));
        res.on("error", reject);
      });
      slow.on("error", reject);
    });
    slow.flushHeaders();
    await new Promise((resolve) => slow.once("continue", resolve));
    slow.write(body.subarray(0, 10));

    const stoppedAt = Date.now();
    const servedBeforeStop = a.served.length;
    A.child.kill("SIGTERM");
    await until("A's port to close", async () => !(await portOpen(A.port)), 40_000, 50);
    const portClosedAt = Date.now();
    slow.end(body.subarray(10));
    const slowResult = await slowAnswer.catch((e) => ({ error: e.code ?? e.message }));
    const exit = await Promise.race([A.exited, sleep(40_000).then(() => null)]);
    assert.ok(exit, "A did not exit within 40 s of SIGTERM");
    const exitedAt = Date.now();
    const bAtExit = b.served.length;
    await until("B to carry the traffic on", () => b.served.length >= bAtExit + 50, 60_000, 100);
    await traffic.stop();

    const failed = traffic.results.filter((r) => r.error || r.status !== 200);
    const servedByADuringStop = a.served.filter((s) => s.at >= stoppedAt).length;
    console.log(
      `# ${traffic.results.length} requests; A served ${servedBeforeStop} before SIGTERM and ${servedByADuringStop} after, taken out ${a.downAt ? a.downAt - stoppedAt : "?"} ms after it (${a.downReason}); port closed after ${portClosedAt - stoppedAt} ms, exit after ${exitedAt - stoppedAt} ms; resent after a refused connection: ${a.resent}`,
    );
    assert.deepEqual(failed.slice(0, 10), [], `${failed.length} requests failed`);
    assert.deepEqual(balancer.failures.slice(0, 10), [], `${balancer.failures.length} requests failed at the balancer`);
    assert.ok(servedBeforeStop > 0, "A served nothing before the stop: the test proves nothing");
    assert.ok(b.served.filter((s) => s.at > exitedAt).length > 0, "B served nothing after A exited");
    assert.deepEqual(exit, { code: 0, signal: null }, `A's exit:\n${A.output()}`);
    // The request in flight was answered after the port closed, from the same instance.
    assert.equal(slowResult.status, 200, slowResult.text ?? slowResult.error);
    // The balancer learned of the stop from A's health check (503 while draining), before the port closed.
    assert.equal(a.downReason, "health 503", `A was taken out by: ${a.downReason}`);
    assert.ok(a.downAt < portClosedAt, `A was taken out at ${a.downAt - stoppedAt} ms, its port closed at ${portClosedAt - stoppedAt} ms`);
  } finally {
    await traffic.stop();
  }
});

test("over the whole run nothing ran twice: one delivery of the mail, one run per task per cron tick", async () => {
  assert.equal(captured.filter((m) => m.to.includes(user.email) && /^Reset your .* password$/.test(m.subject ?? "")).length, 1);
  // No stored mail went out twice: each Message-ID names its mail_messages row.
  const mailIds = captured.map((m) => /^<mail-(\d+)-/.exec(m.messageId ?? "")?.[1]);
  assert.ok(mailIds.every(Boolean), JSON.stringify(captured));
  console.log(`# mail delivered over the run: ${JSON.stringify(captured.map((m) => m.subject))}`);
  assert.equal(new Set(mailIds).size, mailIds.length, `a mail was delivered twice: ${JSON.stringify(captured)}`);
  const { rows: twice } = await db.query(`
    SELECT task, payload->'_cron'->>'ts' AS ts, count(*)::int AS n FROM scale_job_runs
    WHERE payload->'_cron' IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1`);
  assert.deepEqual(twice, []);
  const [{ ticks }] = (await db.query(`SELECT count(DISTINCT payload->'_cron'->>'ts')::int AS ticks FROM scale_job_runs WHERE payload->'_cron' IS NOT NULL`))
    .rows;
  assert.ok(ticks >= 1);
});
