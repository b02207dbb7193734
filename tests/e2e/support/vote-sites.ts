import pg from "pg";

// The vote page shows every active vote_sites row, and an administrator may add one. The journeys
// that expect exactly the shipped three (buttons counted, a streak "on every site") hold this
// lock shared for each test; the journey that adds a site holds it alone while the site is on.
// A PostgreSQL advisory lock: the two workers each run one test at a time, and the lock ends with
// the connection that holds it.

const LOCK_KEY = 7_530_501;

/** Takes the lock (waiting for the other side) and answers its release. */
export async function holdVoteSites(mode: "shared" | "alone"): Promise<() => Promise<void>> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error("E2E_DATABASE_URL is not set");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(mode === "shared" ? "SELECT pg_advisory_lock_shared($1)" : "SELECT pg_advisory_lock($1)", [LOCK_KEY]);
  return () => client.end();
}
