import "server-only";
import type { Privilege } from "@/lib/generated/prisma/enums";
import { atLeast } from "@/lib/privileges";
import { db } from "../db";
import { getEnv } from "../env";
import { isLoopbackAddress } from "../security/client-address";

/** The local outbox page exists only in local mode without SMTP. */
export function isOutboxEnabled(): boolean {
  const env = getEnv();
  return env.isLocal && !env.SMTP_URL;
}

/**
 * The outbox holds every reset and confirmation link, the owner's included, so it is shown only
 * to administrators and owners, or to a client on this machine (address as
 * lib/server/security/client-address.ts sees it). A moderator reading an administrator's reset
 * link would take over a higher rank's account.
 */
export function mayViewOutbox(viewer: { address: string | null; privilege: Privilege | null }): boolean {
  return (viewer.privilege !== null && atLeast(viewer.privilege, "ADMINISTRATOR")) || isLoopbackAddress(viewer.address);
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
