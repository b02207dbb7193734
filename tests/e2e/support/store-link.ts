import { createHash, randomBytes } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";
import pg from "pg";

// The game's side of a ::store link, for e2e tests: a key stored as the operator CLI stores one,
// and the game API call that answers a link.

export async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A game API key with the store-link scope (hash only in the database). */
async function storeLinkKey(): Promise<string> {
  const prefix = `gsk_${randomBytes(12).toString("hex").slice(0, 8)}`;
  const key = `${prefix}_${randomBytes(32).toString("base64url")}`;
  const hash = createHash("sha256").update(key).digest("hex");
  await sql(`INSERT INTO game_api_keys (name, prefix, "keyHash", scopes) VALUES ($1, $2, $3, ARRAY['store-link'])`, [`e2e-${prefix}`, prefix, hash]);
  return key;
}

/** The ::store link the game would hand this player (an absolute URL on the site). */
export async function askLink(request: APIRequestContext, playerId: number): Promise<string> {
  const res = await request.post("/api/v1/game/store-link", { headers: { "x-api-key": await storeLinkKey() }, data: { player_id: playerId } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { url: string }).url;
}
