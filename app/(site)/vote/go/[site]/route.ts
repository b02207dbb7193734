// GET /vote/go/{site} — the vote page's button for a listing site: records that the signed-in
// player opened its vote link (the staff vote-callbacks page's fraud signals read these), then
// redirects (303) to that site's own vote link, built from its configured template
// (lib/server/votes/list-vote-links.ts). A guest, or a ::store session, logs in first and comes
// back here. The path names a site key, never a destination: an unknown key is a 404.
import type { NextRequest } from "next/server";
import { safeReturnPath } from "@/lib/safe-path";
import { clientIp, redirectTo } from "@/lib/server/http/route";
import { authenticate, readCredentials } from "@/lib/server/sessions/authenticate-request";
import { openVoteLink } from "@/lib/server/votes/open-vote-link";

export const dynamic = "force-dynamic";

const MAX_KEY = 32;

function answer(location: string): Response {
  const res = redirectTo(location, 303);
  // The link carries the player's vote token: never stored by a cache.
  res.headers.set("cache-control", "no-store");
  return res;
}

export async function GET(req: NextRequest, { params }: { params: Promise<{ site: string }> }): Promise<Response> {
  const { site } = await params;
  const actor = await authenticate(readCredentials(req.headers, (n) => req.cookies.get(n)?.value));
  if (!actor || actor.scope !== "full") return answer(`/login?next=${encodeURIComponent(safeReturnPath(req.nextUrl.pathname))}`);
  // Recorded only when the browser says it came from this site or was typed in (or says nothing):
  // another site making a visitor's browser open the link records nothing, and still redirects.
  const fetchSite = req.headers.get("sec-fetch-site");
  const record = fetchSite === null || fetchSite === "same-origin" || fetchSite === "none";
  const href = site.length <= MAX_KEY ? await openVoteLink(actor, site, clientIp(req), { record }) : null;
  if (!href) return new Response("Unknown vote site.", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
  return answer(href);
}
