import "server-only";
import { getEnv } from "./env";

// JSON lines on stdout/stderr. Never pass secrets, tokens or passwords in `data`.
// Info and debug lines (the access log: one a request) are gathered and written once per turn
// of the event loop: writes to a pipe are synchronous in Node, and one per request cost a
// system call each under load. Warnings and errors are written at once, so none is lost to a crash.
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

let pending = "";
let scheduled = false;

function flush() {
  scheduled = false;
  if (!pending) return;
  const chunk = pending;
  pending = "";
  process.stdout.write(chunk);
}

process.once("exit", flush);

function threshold(): Level | "silent" {
  try {
    return getEnv().LOG_LEVEL;
  } catch {
    return "info"; // configuration errors are reported elsewhere; keep logging
  }
}

function write(level: Level, msg: string, data?: Record<string, unknown>) {
  if (ORDER[level] < ORDER[threshold()]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...data }, (_k, v) =>
    typeof v === "bigint" ? v.toString() : v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v,
  );
  if (level === "error" || level === "warn") {
    flush(); // keep the order of lines
    process.stderr.write(line + "\n");
    return;
  }
  pending += line + "\n";
  if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
}

export const log = {
  debug: (msg: string, data?: Record<string, unknown>) => write("debug", msg, data),
  info: (msg: string, data?: Record<string, unknown>) => write("info", msg, data),
  warn: (msg: string, data?: Record<string, unknown>) => write("warn", msg, data),
  error: (msg: string, data?: Record<string, unknown>) => write("error", msg, data),
};
