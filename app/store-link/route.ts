// GET /store-link?token=… — the ::store link: signs the player in once, then opens /credits for
// an in-game purchase. Outside /api: a browser navigation, answered with redirects, not JSON.
import type { NextRequest } from "next/server";
import { openStoreLink } from "@/lib/server/game/open-store-link";
import { clientInfo } from "@/lib/server/http/client-info";
import { clientIp, redirectTo } from "@/lib/server/http/route";
import { sessionCookie } from "@/lib/server/sessions/browser-sessions";
import { hintCookie } from "@/lib/server/sessions/session-hint";
import { STORE_LINK_REFUSED_QUERY } from "@/lib/messages/store-link";

export const dynamic = "force-dynamic";

export async function GET(req: NextRequest): Promise<Response> {
  const ip = clientIp(req);
  const opened = await openStoreLink(req.nextUrl.searchParams.get("token"), clientInfo(req, ip));
  // Relative: the browser stays on the host it used, where the cookie was just set.
  const res = redirectTo(opened.ok ? "/credits?via=game" : `/login?next=${encodeURIComponent("/credits")}&${STORE_LINK_REFUSED_QUERY}`, 303);
  if (opened.ok) {
    res.headers.append("set-cookie", sessionCookie(opened.sessionToken));
    res.headers.append("set-cookie", hintCookie());
  }
  // The token is in this URL: keep it out of caches and of any Referer.
  res.headers.set("cache-control", "no-store");
  res.headers.set("referrer-policy", "no-referrer");
  return res;
}
