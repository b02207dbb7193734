import "server-only";
import { db } from "../db";
import { getEnv } from "../env";

/** The local outbox page exists only in local mode without SMTP. */
export function isOutboxEnabled(): boolean {
  const env = getEnv();
  return env.isLocal && !env.SMTP_URL;
}

export async function listOutbox(limit = 50) {
  if (!isOutboxEnabled()) return [];
  return db.mailMessage.findMany({
    where: { transport: "outbox" },
    orderBy: { id: "desc" },
    take: Math.min(Math.max(limit, 1), 200),
    select: { id: true, to: true, subject: true, text: true, html: true, createdAt: true },
  });
}
