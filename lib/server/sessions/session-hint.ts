import "server-only";
import { clearedSessionHintCookie, sessionHintCookie } from "@/lib/session-hint";
import { getEnv } from "../env";
import { SESSION_ABSOLUTE_MS } from "./constants";

// The readable hint cookie (lib/session-hint.ts) that travels with the session cookie.
export const hintCookie = (staff: boolean): string =>
  sessionHintCookie({ secure: getEnv().isProduction, maxAgeSec: Math.floor(SESSION_ABSOLUTE_MS / 1000), staff });
export const clearedHintCookie = (): string => clearedSessionHintCookie({ secure: getEnv().isProduction });
