import "server-only";
import type { TVoteLinks } from "@/lib/schemas/votes";
import type { Actor } from "@/lib/server/sessions/authenticate-request";
import { voteLink } from "@/lib/votes/vote-display";
import { db } from "../db";
import { ensureVoteSiteRows } from "./vote-sites";
import { ensureVoteToken } from "./vote-token";

/** Where the vote page's button for a site points: our own route, which records the open and redirects there (open-vote-link.ts). */
export function voteGoPath(siteKey: string): string {
  return `/vote/go/${encodeURIComponent(siteKey)}`;
}

/** The active listing sites' rows (vote_sites), in display order, with their link templates. */
async function activeSiteLinks() {
  await ensureVoteSiteRows();
  return db.voteSite.findMany({
    where: { active: true },
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    select: { key: true, name: true, urlTemplate: true },
  });
}

/**
 * The one place a listing site's vote link is built: each active site's template with the
 * player's name and vote token filled in (URL-encoded), by site key.
 */
export async function externalVoteLinks(actor: Pick<Actor, "userId" | "username">): Promise<Map<string, string>> {
  const [token, sites] = await Promise.all([ensureVoteToken(actor.userId), activeSiteLinks()]);
  return new Map(sites.map((s) => [s.key, voteLink(s.urlTemplate, actor.username, token)]));
}

/** The caller's vote link on each active listing site, and the vote page's way there. */
export async function listVoteLinks(actor: Pick<Actor, "userId" | "username">): Promise<TVoteLinks> {
  const [token, sites] = await Promise.all([ensureVoteToken(actor.userId), activeSiteLinks()]);
  return { sites: sites.map((s) => ({ key: s.key, name: s.name, href: voteLink(s.urlTemplate, actor.username, token), go: voteGoPath(s.key) })) };
}
