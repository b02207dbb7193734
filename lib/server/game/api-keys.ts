import "server-only";
import { GAME_SCOPES, type GameScope } from "@/lib/schemas/game";
import type { TStaffGameKey } from "@/lib/schemas/staff-game-keys";
import type { AuditActor } from "../audit/audit-actor";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import { log } from "../log";
import { randomToken, safeEqual, sha256 } from "../security/tokens";
import { lockRowById } from "../sql/locks";
import { touchGameKeyLastUsed } from "./sql/api-keys";

// Game server API keys (docs/game-integration.md, API keys): several live at once, so a key is rotated by creating
// the new one, deploying it to the game, then revoking the old. A key looks like
// `gsk_<8 chars>_<secret>`: the first part finds the row, only the SHA-256 of the whole key is
// stored, and the comparison is constant-time. Made, listed and revoked by owners on
// /staff/game-keys and by the operator CLI (npm run admin -- game-key), through the same use
// cases; each change is audited with who made it.

export const INVALID_GAME_KEY = "Invalid game server key.";
const KEY_PATTERN = /^(gsk_[A-Za-z0-9]{8})_[A-Za-z0-9_-]{32,64}$/;
/** lastUsedAt is written at most this often per key, not on every call. */
const LAST_USED_EVERY_SEC = 60;

export type GameKeyInfo = { id: number; name: string; prefix: string; scopes: string[]; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };
export type GameCaller = { keyId: number; name: string };

function prefixChars(): string {
  // base64url without - and _ so the prefix stays one visible word.
  let out = "";
  while (out.length < 8) out += randomToken(12).replace(/[-_]/g, "");
  return out.slice(0, 8);
}

/** A key as the audit log keeps it (never the hash). */
const snapshot = (r: GameKeyInfo) => ({ id: r.id, name: r.name, prefix: r.prefix, scopes: r.scopes, revokedAt: r.revokedAt?.toISOString() ?? null });

/** The API's and the page's view of a key. */
export function toStaffGameKey(r: GameKeyInfo): TStaffGameKey {
  return {
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    scopes: r.scopes,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Creates a key with exactly the scopes named (there is no default: a key that only pushes
 * hiscores should not be able to open store sessions) and answers it once, in full.
 */
export async function createGameApiKey(actor: AuditActor, name: string, scopes: readonly string[]): Promise<{ key: string; info: GameKeyInfo }> {
  const trimmed = name.trim();
  const invalid = (field: string, message: string) => new AppError("VALIDATION", { userMessage: message, fields: { [field]: [message] } });
  if (!trimmed || trimmed.length > 64) throw invalid("name", "Give the key a name of 1 to 64 characters, e.g. world-1.");
  const unknown = scopes.filter((s) => !GAME_SCOPES.includes(s as GameScope));
  if (unknown.length || !scopes.length)
    throw invalid("scopes", `Scopes are one or more of: ${GAME_SCOPES.join(", ")}${unknown.length ? ` (not ${unknown.join(", ")})` : ""}.`);
  const prefix = `gsk_${prefixChars()}`;
  const key = `${prefix}_${randomToken(32)}`;
  const info = await db.$transaction(async (tx) => {
    const row = await tx.gameApiKey.create({ data: { name: trimmed, prefix, keyHash: sha256(key), scopes: [...new Set(scopes)] } });
    await recordAudit(
      { action: "game.key_created", ...actor, targetType: "game_api_key", targetId: row.id, data: { reason: null, before: null, after: snapshot(row) } },
      tx,
    );
    return row;
  });
  return { key, info: pick(info) };
}

export async function listGameApiKeys(): Promise<GameKeyInfo[]> {
  return (await db.gameApiKey.findMany({ orderBy: { id: "asc" } })).map(pick);
}

/**
 * Revokes a key by id (the staff page), or by prefix (gsk_xxxxxxxx) or name (the CLI); calls
 * with it fail from the next request on. The row stays, marked revoked, for the list and audit.
 */
export async function revokeGameApiKey(actor: AuditActor, which: { id: number } | { prefixOrName: string }): Promise<GameKeyInfo> {
  return pick(
    await db.$transaction(async (tx) => {
      let row: GameKeyInfo;
      if ("id" in which) {
        // Locked, so two revokes at once record one change, and the loser hears it was already revoked.
        if (!(await lockRowById(tx, "gameApiKey", which.id))) throw new AppError("NOT_FOUND", { userMessage: "No game API key with this id." });
        row = await tx.gameApiKey.findUniqueOrThrow({ where: { id: which.id } });
        if (row.revokedAt) throw new AppError("CONFLICT", { userMessage: `${row.prefix} (${row.name}) is already revoked.` });
      } else {
        const name = which.prefixOrName;
        const rows = await tx.gameApiKey.findMany({ where: { OR: [{ prefix: name }, { name }], revokedAt: null } });
        if (rows.length === 0) throw new AppError("NOT_FOUND", { userMessage: `No active game API key named or starting ${name}.` });
        if (rows.length > 1) throw new AppError("CONFLICT", { userMessage: `Several active keys are named ${name}; revoke by prefix.` });
        row = rows[0]!;
      }
      const updated = await tx.gameApiKey.update({ where: { id: row.id }, data: { revokedAt: new Date() } });
      await recordAudit(
        {
          action: "game.key_revoked",
          ...actor,
          targetType: "game_api_key",
          targetId: row.id,
          data: { reason: null, before: snapshot(row), after: snapshot(updated) },
        },
        tx,
      );
      return updated;
    }),
  );
}

function pick(r: GameKeyInfo): GameKeyInfo {
  return { id: r.id, name: r.name, prefix: r.prefix, scopes: r.scopes, createdAt: r.createdAt, lastUsedAt: r.lastUsedAt, revokedAt: r.revokedAt };
}

/** The key sent as `X-Api-Key` or `Authorization: Bearer`; null when neither. */
export function presentedGameKey(headers: Headers): string | null {
  return (
    headers.get("x-api-key")?.trim() ||
    headers
      .get("authorization")
      ?.replace(/^Bearer\s+/i, "")
      .trim() ||
    null
  );
}

/**
 * The caller behind a game key allowed `scope`; 401 for a missing, unknown, wrong or revoked
 * key, 403 for a valid key without the scope.
 */
export async function authenticateGameKey(headers: Headers, scope: string): Promise<GameCaller> {
  const presented = presentedGameKey(headers);
  const m = presented ? KEY_PATTERN.exec(presented) : null;
  const row = m ? await db.gameApiKey.findUnique({ where: { prefix: m[1]! }, omit: { keyHash: false } }) : null;
  // Compare even when no row matched, so a bad prefix costs the same as a bad secret.
  const matches = safeEqual(sha256(presented ?? ""), row?.keyHash ?? "0".repeat(64)) && Boolean(row);
  if (!row || !matches || row.revokedAt) {
    log.info("game.key_refused", { prefix: m?.[1] ?? null, revoked: Boolean(row?.revokedAt) });
    throw new AppError("UNAUTHENTICATED", { userMessage: INVALID_GAME_KEY });
  }
  if (!row.scopes.includes(scope)) throw new AppError("FORBIDDEN", { userMessage: `This game API key may not call ${scope}.` });
  await touchGameKeyLastUsed(row.id, LAST_USED_EVERY_SEC);
  return { keyId: row.id, name: row.name };
}
