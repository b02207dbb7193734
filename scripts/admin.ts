// Operator CLI: npm run admin -- <command> …
//   set-privilege <username> <PLAYER|MODERATOR|ADMINISTRATOR|OWNER> [reason…]
//   ban <username> <reason…>
//   unban <username> [reason…]
//   reconcile   (lists balances that differ from their ledger; exits 1 when any do)
//   game-key create <name> <scope,scope…> | game-key list | game-key revoke <prefix|name>
//   backup <file> [--force] | restore <file> [--clean]   (pg_dump -Fc / pg_restore: scripts/lib/backup.ts)
// Uses DATABASE_URL (or .env). Every action is recorded in the audit log (backup and restore,
// which work on the whole database, are not: a restore would replace the log itself).
import { existsSync, readFileSync } from "node:fs";
import { banUser, setPrivilege, unbanUser } from "../lib/server/accounts/admin-actions";
import type { DbClient } from "../lib/server/accounts/db-client";
import { findBalanceMismatches, findGiftCardMismatches } from "../lib/server/credits/reconcile-balances";
import { db } from "../lib/server/db";
import { recleanStoredContent } from "../lib/server/forums/reclean-content";
import { CLI_ACTOR } from "../lib/server/audit/audit-actor";
import { createGameApiKey, listGameApiKeys, revokeGameApiKey } from "../lib/server/game/api-keys";
import { GAME_SCOPES } from "../lib/schemas/game";
import { isAppError } from "../lib/server/errors";
import { backupDatabase, restoreDatabase } from "./lib/backup";

const USAGE = `Usage:
  npm run admin -- set-privilege <username> <PLAYER|MODERATOR|ADMINISTRATOR|OWNER> [reason]
  npm run admin -- ban <username> <reason>
  npm run admin -- unban <username> [reason]
  npm run admin -- reconcile
  npm run admin -- reclean-content
  npm run admin -- game-key create <name> <scopes>   scopes: "all", or a comma list of ${GAME_SCOPES.join(", ")}
                                                      (name what the game server needs; there is no default)
  npm run admin -- game-key list
  npm run admin -- game-key revoke <gsk_prefix|name>
  npm run admin -- backup <file> [--force]           the whole database with pg_dump -Fc (needs PostgreSQL's client tools);
                                                      refuses an existing file unless --force
  npm run admin -- restore <file> [--clean]          into an empty database; --clean replaces what the database holds
                                                      (PG_BIN_DIR: the folder of pg_dump/pg_restore when not on PATH)`;

/** Whole-database backup and restore (docs/deployment.md, "Backups"); null when the arguments don't fit. */
async function runBackupCommand(command: string, args: string[]): Promise<{ code: number; message: string } | null> {
  const flags = args.filter((a) => a.startsWith("--"));
  const [file, ...extra] = args.filter((a) => !a.startsWith("--"));
  if (!file || extra.length) return null;
  if (command === "backup" && flags.every((f) => f === "--force")) {
    const r = await backupDatabase({ databaseUrl: process.env.DATABASE_URL, file, force: flags.length > 0 });
    const size = r.bytes >= 1 << 20 ? `${(r.bytes / (1 << 20)).toFixed(1)} MiB` : `${Math.ceil(r.bytes / 1024)} KiB`;
    return { code: 0, message: `Backed up ${r.label} to ${r.file} (${size}). It holds password hashes and sessions: keep it private.` };
  }
  if (command === "restore" && flags.every((f) => f === "--clean")) {
    const r = await restoreDatabase({ databaseUrl: process.env.DATABASE_URL, file, clean: flags.length > 0 });
    const cleaned = r.replaced ? ` (--clean: what the backup holds was dropped there and recreated from it)` : "";
    return { code: 0, message: `Restored ${r.file} into ${r.label}${cleaned}. Check it with: npm run admin -- reconcile` };
  }
  return null;
}

/** Game server API keys: the same use cases as the owners' page /staff/game-keys, audited as "cli". */
async function runGameKey(sub: string | undefined, args: string[]): Promise<{ code: number; message: string } | null> {
  if (sub === "create" && args[0]) {
    if (!args[1])
      return {
        code: 2,
        message: `Name the scopes the key may use, e.g. npm run admin -- game-key create ${args[0]} login,deliveries,hiscores,players (or "all")\nScopes: ${GAME_SCOPES.join(", ")}. store-link lets the key open store sessions for players: give it only to a game server that offers ::store.`,
      };
    const scopes =
      args[1] === "all"
        ? GAME_SCOPES
        : args[1]
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean);
    const { key, info } = await createGameApiKey(CLI_ACTOR, args[0], scopes);
    return {
      code: 0,
      message: [
        `Created game API key "${info.name}" (${info.prefix}) with scopes ${info.scopes.join(", ")}.`,
        "",
        `  ${key}`,
        "",
        "Give it to the game server as X-Api-Key. It is shown only now: only its hash is stored.",
      ].join("\n"),
    };
  }
  if (sub === "list" && !args.length) {
    const keys = await listGameApiKeys();
    if (!keys.length) return { code: 0, message: "No game API keys yet: npm run admin -- game-key create <name> <scopes>" };
    const when = (d: Date | null) => (d ? d.toISOString().slice(0, 16).replace("T", " ") : "never");
    const lines = keys.map(
      (k) =>
        `  ${k.prefix}  ${k.name.padEnd(20)} ${k.revokedAt ? `revoked ${when(k.revokedAt)}` : "active"}  scopes ${k.scopes.join(",")}  last used ${when(k.lastUsedAt)}`,
    );
    return { code: 0, message: lines.join("\n") };
  }
  if (sub === "revoke" && args[0] && args.length === 1) {
    const info = await revokeGameApiKey(CLI_ACTOR, { prefixOrName: args[0] });
    return { code: 0, message: `Revoked ${info.prefix} (${info.name}): calls with it now get 401.` };
  }
  return null;
}

/** Every store credit balance must equal the sum of its ledger entries (docs/payments.md, Reconciling). */
export async function runReconcile(client: DbClient = db): Promise<{ code: number; message: string }> {
  const mismatches = await findBalanceMismatches(client);
  const cards = await findGiftCardMismatches(client);
  if (!mismatches.length && !cards.length)
    return { code: 0, message: "Reconciled: every credit balance equals the sum of its ledger entries, and every gift card its own entries." };
  const lines = mismatches.map(
    (m) => `  ${m.username} (id ${m.userId}): balance ${m.storeCredits}, ledger ${m.ledgerSum}, off by ${m.storeCredits - m.ledgerSum}`,
  );
  const cardLines = cards.map((c) =>
    c.kind === "purchase"
      ? `  gift card purchase #${c.id} (${c.status}): paid but no gift card was issued`
      : c.id === 0
        ? `  GIFT_CARD ledger entries of no gift card: ${c.ledgerSum} credits`
        : `  gift card #${c.id} (${c.status}, ${c.credits} credits): its ledger entries add up to ${c.ledgerSum}`,
  );
  return {
    code: 1,
    message: [
      ...(mismatches.length ? [`${mismatches.length} credit balance(s) differ from their ledger:`, ...lines] : []),
      ...(cards.length ? [`${cards.length} gift card problem(s):`, ...cardLines] : []),
    ].join("\n"),
  };
}

export async function runAdmin(argv: string[]): Promise<{ code: number; message: string }> {
  const [command, username, ...rest] = argv;
  try {
    if (command === "reconcile" && !username) return await runReconcile();
    if (command === "reclean-content" && !username) {
      const r = await recleanStoredContent();
      return {
        code: 0,
        message: `Checked ${r.posts} forum posts (${r.postsChanged} cleaned again) and ${r.news} news articles (${r.newsChanged} cleaned again).`,
      };
    }
    if (command === "backup" || command === "restore") {
      const r = await runBackupCommand(command, argv.slice(1));
      if (r) return r;
    }
    if (command === "game-key") {
      const r = await runGameKey(username, rest);
      if (r) return r;
    }
    if (command === "set-privilege" && username && rest[0]) {
      const r = await setPrivilege(username, rest[0], "cli", undefined, { reason: rest.slice(1).join(" ") });
      return { code: 0, message: r.changed ? `${r.user.username}: ${r.from} → ${r.to}` : `${r.user.username} is already ${r.to}.` };
    }
    if (command === "ban" && username && rest.length) {
      const r = await banUser(username, rest.join(" "));
      return { code: 0, message: `${r.user.username} is banned; their sessions were ended.` };
    }
    if (command === "unban" && username) {
      const r = await unbanUser(username, rest.join(" ") || "unbanned with npm run admin");
      return { code: 0, message: `${r.user.username} is no longer banned.` };
    }
    return { code: 2, message: USAGE };
  } catch (e) {
    return { code: 1, message: isAppError(e) ? e.userMessage : `Failed: ${e instanceof Error ? e.message : String(e)}` };
  }
}

const isMain = process.argv[1] && /admin\.ts$/.test(process.argv[1]);
if (isMain) {
  if (existsSync(".env")) process.loadEnvFile(".env");
  // While `npm start` runs the embedded database, it leaves the address here.
  const runtime = `${process.env.DATA_DIR || ".data"}/runtime.json`;
  if (!process.env.DATABASE_URL && existsSync(runtime)) {
    process.env.DATABASE_URL = JSON.parse(readFileSync(runtime, "utf8")).DATABASE_URL;
  }
  const { code, message } = await runAdmin(process.argv.slice(2));
  (code === 0 ? console.log : console.error)(message);
  const g = globalThis as unknown as { prisma?: { $disconnect(): Promise<void> } };
  await g.prisma?.$disconnect();
  process.exit(code);
}
