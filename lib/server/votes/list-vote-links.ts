import "server-only";
import type { TVoteLinks } from "@/lib/schemas/votes";
import type { Actor } from "@/lib/server/sessions/authenticate-request";
import { voteLink } from "@/lib/votes/vote-display";
import { db } from "../db";
import { ensureVoteSiteRows } from "./vote-sites";
import { ensureVoteToken } from "./vote-token";

/** The caller's vote link on each active listing site (vote_sites rows, in display order): their name and vote token filled in. */
export async function listVoteLinks(actor: Pick<Actor, "userId" | "username">): Promise<TVoteLinks> {
  const token = await ensureVoteToken(actor.userId);
  await ensureVoteSiteRows();
  const sites = await db.voteSite.findMany({
    where: { active: true },
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    select: { key: true, name: true, urlTemplate: true },
  });
  return { sites: sites.map((s) => ({ key: s.key, name: s.name, href: voteLink(s.urlTemplate, actor.username, token) })) };
}
