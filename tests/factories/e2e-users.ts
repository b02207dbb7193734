// Users for Playwright journeys: the shared factory run on a `pg` client against the e2e
// database (the one both servers use). Playwright runs outside Next, so no lib/server imports.
import pg from "pg";
import { type CreatedUser, DEFAULT_PASSWORD, type UserOptions, emailFor, uniqueUsername, userFactory } from "./user-factory";

export { emailFor, uniqueUsername };
export const E2E_PASSWORD = DEFAULT_PASSWORD;
export type E2EUser = CreatedUser;

function databaseUrl(): string {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error("E2E_DATABASE_URL is not set: run the journeys through `node scripts/test.mjs --only=build,e2e`.");
  return url;
}

/**
 * One statement on the e2e database, for what a journey must set up or read that no page does
 * (e.g. ageing a cache). One short-lived connection per statement: a Playwright worker holds no
 * pool open at exit.
 */
export async function e2eQuery<T>(text: string, values: readonly unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, [...values])).rows as T[];
  } finally {
    await client.end();
  }
}

const factory = userFactory(e2eQuery);

/** An active, confirmed player. */
export function createE2EUser(options: UserOptions = {}): Promise<E2EUser> {
  return factory.createUser(options);
}

/**
 * A live browser session for the user, as the login route would create it; returns the raw
 * cookie token. Lets a journey start signed in without spending a (rate-limited) login.
 */
export function createE2ESession(userId: number, userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 e2e"): Promise<string> {
  return factory.createSession(userId, { userAgent, ip: "203.0.113.7" });
}

/**
 * A forum of a journey's own, in the category of the seeded "General Discussion", and the forum
 * index's change announced in the same statement as the API's writes do (lib/server/changes/announce.ts):
 * the guest page cache drops its copy of /forums, so the next load lists the new forum.
 */
export async function createE2EForum(name: string, description: string): Promise<{ id: number }> {
  const [forum] = await e2eQuery<{ id: number }>(
    `WITH f AS (
       INSERT INTO forums ("categoryId", name, description, "sortOrder")
       SELECT "categoryId", $1, $2, 99 FROM forums WHERE name = 'General Discussion' RETURNING id
     )
     SELECT f.id, pg_notify('site_changes', 'forums:index') FROM f`,
    [name, description],
  );
  if (!forum) throw new Error(`no forum named "General Discussion" to put ${name} beside`);
  return { id: forum.id };
}
