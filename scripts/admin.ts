// Operator CLI: npm run admin -- <command> …
//   set-privilege <username> <PLAYER|MODERATOR|ADMINISTRATOR|OWNER>
//   ban <username> <reason…>
//   unban <username> [reason…]
// Uses DATABASE_URL (or .env). Every action is recorded in the audit log.
import { existsSync, readFileSync } from "node:fs";
import { banUser, setPrivilege, unbanUser } from "../lib/server/accounts/admin-actions";
import { isAppError } from "../lib/server/errors";

const USAGE = `Usage:
  npm run admin -- set-privilege <username> <PLAYER|MODERATOR|ADMINISTRATOR|OWNER>
  npm run admin -- ban <username> <reason>
  npm run admin -- unban <username> [reason]`;

export async function runAdmin(argv: string[]): Promise<{ code: number; message: string }> {
  const [command, username, ...rest] = argv;
  try {
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
