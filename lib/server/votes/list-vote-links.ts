import "server-only";
import type { TVoteLinks } from "@/lib/schemas/votes";
import type { Actor } from "@/lib/server/sessions/authenticate-request";
import { siteConfig } from "@/lib/site-config";
import { voteLink } from "@/lib/votes/vote-display";
import { ensureVoteToken } from "./vote-token";

/** The caller's vote link on each configured listing site: their name and vote token filled in. */
export async function listVoteLinks(actor: Pick<Actor, "userId" | "username">): Promise<TVoteLinks> {
  const token = await ensureVoteToken(actor.userId);
  return { sites: siteConfig.voteSites.map((s) => ({ key: s.key, name: s.name, href: voteLink(s.urlTemplate, actor.username, token) })) };
}
