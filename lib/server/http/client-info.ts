import "server-only";
import type { ClientInfo } from "../sessions/browser-sessions";

export function clientInfo(req: Request, ip: string): ClientInfo {
  return { userAgent: req.headers.get("user-agent"), ip: ip === "direct" ? null : ip };
}
