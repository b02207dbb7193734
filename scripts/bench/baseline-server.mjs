// The raw baseline for `npm run bench`: node:http + pg running the same query as /api/health,
// no framework. Started as its own process so it does not share a core with autocannon.
// Usage: DATABASE_URL=… PORT=… node scripts/bench/baseline-server.mjs
import http from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const SQL = "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL";

const server = http.createServer(async (_req, res) => {
  try {
    const { rows } = await pool.query(SQL);
    const body = JSON.stringify({ status: "ok", database: "up", migrations: rows.length > 0 ? "current" : "pending" });
    res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end(body);
  } catch {
    res.writeHead(503).end();
  }
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("ready"));
process.on("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))));
