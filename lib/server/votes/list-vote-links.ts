import "server-only";
import type { TVoteLinks } from "@/lib/schemas/votes";
import type { Actor } from "@/lib/server/sessions/authenticate-request";
import { siteConfig } from "@/lib/site-config";
import { voteLink } from "@/lib/votes/vote-display";
import { ensureVoteToken } from "./vote-token";

/** Where the vote page's button for a site points: our own route, which records the open and redirects there (open-vote-link.ts). */
export function voteGoPath(siteKey: string): string {
  return `/vote/go/${encodeURIComponent(siteKey)}`;
}

/**
 * The one place a listing site's vote link is built: each configured site's template with the
 * player's name and vote token filled in (URL-encoded), by site key.
 */
export async function externalVoteLinks(actor: Pick<Actor, "userId" | "username">): Promise<Map<string, string>> {
  const token = await ensureVoteToken(actor.userId);
  return new Map(siteConfig.voteSites.map((s) => [s.key, voteLink(s.urlTemplate, actor.username, token)]));
}

/** The caller's vote link on each configured listing site, and the vote page's way there. */
export async function listVoteLinks(actor: Pick<Actor, "userId" | "username">): Promise<TVoteLinks> {
  const links = await externalVoteLinks(actor);
  return { sites: siteConfig.voteSites.map((s) => ({ key: s.key, name: s.name, href: links.get(s.key)!, go: voteGoPath(s.key) })) };
}
