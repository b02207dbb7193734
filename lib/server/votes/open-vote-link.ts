import "server-only";
import type { Actor } from "@/lib/server/sessions/authenticate-request";
import { log } from "../log";
import { normalizeAddress } from "../security/client-address";
import { listActiveVoteSites } from "./active-sites";
import { externalVoteLinks } from "./list-vote-links";
import { insertLinkOpen } from "./sql/link-opens";

// GET /vote/go/{site}: the vote page's buttons come here. The open is recorded (player, site,
// time, address) for the staff fraud signals, then the browser is sent on to the site's own
// vote link. The destination is only ever the link built from that site's configured template
// (list-vote-links.ts): the path names a site key, never a URL, so this is no open redirect.

/** Opens of one player on one site within this many seconds are one row (a double click, a reload). */
export const OPEN_DEDUPE_SECONDS = 60;

/** Records the open (unless told not to) and answers the site's vote link, or null for a key that names no active site. */
export async function openVoteLink(
  actor: Pick<Actor, "userId" | "username">,
  siteKey: string,
  ip: string | null,
  opts: { record: boolean } = { record: true },
): Promise<string | null> {
  const site = (await listActiveVoteSites()).find((s) => s.key === siteKey);
  if (!site) return null;
  const href = (await externalVoteLinks(actor)).get(site.key);
  // Only an absolute https link leaves this site (a template edited to anything else is refused, not followed).
  if (!href || !isHttpsUrl(href)) {
    log.error("votes.link_not_https", { site: site.key });
    return null;
  }
  if (!opts.record) return href;
  // One statement: the insert, skipped when this player opened this site a moment ago.
  const now = new Date();
  const recent = new Date(now.getTime() - OPEN_DEDUPE_SECONDS * 1000);
  await insertLinkOpen({ userId: actor.userId, siteId: site.id, at: now, ip: normalizeAddress(ip), recent });
  return href;
}

function isHttpsUrl(href: string): boolean {
  try {
    return new URL(href).protocol === "https:";
  } catch {
    return false;
  }
}
