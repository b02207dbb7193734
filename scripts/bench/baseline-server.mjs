// The raw baseline for `npm run bench` and `npm run bench:cpu`: node:http + pg, no framework.
// Started as its own process so it does not share a core with autocannon.
// Usage: DATABASE_URL=… PORT=… node scripts/bench/baseline-server.mjs
// BASELINE_QUERY: "health" (default: the query of /api/health) or "user-by-id" (one indexed
// row, users by primary key BASELINE_USER_ID: what a page's session check reads at least).
import http from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const QUERIES = {
  health: {
    text: "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
    values: [],
    body: (rows) => ({ status: "ok", database: "up", migrations: rows.length > 0 ? "current" : "pending" }),
  },
  "user-by-id": {
    text: 'SELECT id, username, "memberRank", privilege FROM users WHERE id = $1',
    values: [Number(process.env.BASELINE_USER_ID || 1)],
    body: (rows) => ({ user: rows[0] ?? null }),
  },
};
const query = QUERIES[process.env.BASELINE_QUERY || "health"];
if (!query) throw new Error(`BASELINE_QUERY must be one of ${Object.keys(QUERIES).join(", ")}`);

const server = http.createServer(async (_req, res) => {
  try {
    const { rows } = await pool.query({ name: "baseline", text: query.text, values: query.values });
    const body = JSON.stringify(query.body(rows));
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end(body);
  } catch {
    res.writeHead(503).end();
  }
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
process.on("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))));
