import "server-only";
import { log } from "./log";

/**
 * Runs work after the caller has answered, so the answer's timing does not reveal it (e.g.
 * whether an account exists and got an email). Failures are logged, never thrown.
 */
export function inBackground(label: string, work: () => Promise<unknown>): void {
  setImmediate(() => {
    work().catch((e) => log.error(`background task failed: ${label}`, { err: e instanceof Error ? e.message : String(e) }));
  });
}
