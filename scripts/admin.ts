// Operator CLI: npm run admin -- <command> …
//   set-privilege <username> <PLAYER|MODERATOR|ADMINISTRATOR|OWNER>
//   ban <username> <reason…>
//   unban <username> [reason…]
//   reconcile   (lists balances that differ from their ledger; exits 1 when any do)
// Uses DATABASE_URL (or .env). Every action is recorded in the audit log.
import { existsSync, readFileSync } from "node:fs";
import { banUser, setPrivilege, unbanUser } from "../lib/server/accounts/admin-actions";
import type { DbClient } from "../lib/server/accounts/db-client";
import { findBalanceMismatches } from "../lib/server/credits/reconcile-balances";
import { db } from "../lib/server/db";
import { isAppError } from "../lib/server/errors";

const USAGE = `Usage:
  npm run admin -- set-privilege <username> <PLAYER|MODERATOR|ADMINISTRATOR|OWNER>
  npm run admin -- ban <username> <reason>
  npm run admin -- unban <username> [reason]
  npm run admin -- reconcile`;

/** Every store credit balance must equal the sum of its ledger entries (DESIGN.md §5). */
export async function runReconcile(client: DbClient = db): Promise<{ code: number; message: string }> {
  const mismatches = await findBalanceMismatches(client);
  if (!mismatches.length) return { code: 0, message: "Reconciled: every credit balance equals the sum of its ledger entries." };
  const lines = mismatches.map((m) => `  ${m.username} (id ${m.userId}): balance ${m.storeCredits}, ledger ${m.ledgerSum}, off by ${m.storeCredits - m.ledgerSum}`);
  return { code: 1, message: [`${mismatches.length} credit balance(s) differ from their ledger:`, ...lines].join("\n") };
}

export async function runAdmin(argv: string[]): Promise<{ code: number; message: string }> {
  const [command, username, ...rest] = argv;
  try {
    if (command === "reconcile" && !username) return await runReconcile();
    if (command === "set-privilege" && username && rest[0]) {
      const r = await setPrivilege(username, rest[0]);
      return { code: 0, message: `${r.username}: ${r.from} → ${r.to}` };
    }
    if (command === "ban" && username && rest.length) {
      const r = await banUser(username, rest.join(" "));
      return { code: 0, message: `${r.username} is banned; their sessions were ended.` };
    }
    if (command === "unban" && username) {
      const r = await unbanUser(username, rest.join(" ") || "unbanned");
      return { code: 0, message: `${r.username} is no longer banned.` };
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
