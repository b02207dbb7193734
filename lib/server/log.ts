import "server-only";
import { getEnv } from "./env";

// JSON lines on stdout/stderr. Never pass secrets, tokens or passwords in `data`.
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

function write(level: Level, msg: string, data?: Record<string, unknown>) {
  let threshold: Level | "silent" = "info";
  try {
    threshold = getEnv().LOG_LEVEL;
  } catch {
    // configuration errors are reported elsewhere; keep logging
  }
  if (ORDER[level] < ORDER[threshold]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...data }, (_k, v) =>
    typeof v === "bigint" ? v.toString() : v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v,
  );
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(line + "\n");
}

export const log = {
  debug: (msg: string, data?: Record<string, unknown>) => write("debug", msg, data),
  info: (msg: string, data?: Record<string, unknown>) => write("info", msg, data),
  warn: (msg: string, data?: Record<string, unknown>) => write("warn", msg, data),
  error: (msg: string, data?: Record<string, unknown>) => write("error", msg, data),
};
