// POST /store-link/continue — the button of the ::store link's confirmation page (/store-link):
// spends the token and signs the browser in with a store session, then opens /credits for an
// in-game purchase. A plain HTML form post (it works without scripts), so it is answered with
// redirects, not JSON. Only a same-origin post is taken: another site cannot sign a visitor in
// as someone else (login CSRF), and no GET reaches this code at all.
import type { NextRequest } from "next/server";
import { isAppError } from "@/lib/server/errors";
import { openStoreLink } from "@/lib/server/game/open-store-link";
import { assertSameOrigin } from "@/lib/server/http/auth";
import { readBodyBytes } from "@/lib/server/http/body";
import { clientInfo } from "@/lib/server/http/client-info";
import { clientIp, redirectTo } from "@/lib/server/http/route";
import { sessionCookie } from "@/lib/server/sessions/browser-sessions";
import { hintCookie } from "@/lib/server/sessions/session-hint";
import { STORE_LINK_PATH } from "@/lib/security-headers";
import { STORE_LINK_REFUSED_QUERY } from "@/lib/messages/store-link";

export const dynamic = "force-dynamic";

const REFUSED = `/login?next=${encodeURIComponent("/credits")}&${STORE_LINK_REFUSED_QUERY}`;
/** A token and a code fit in far less; anything larger is not this form. */
const MAX_FORM_BYTES = 2048;

function answer(location: string, cookies: string[] = [], status = 303): Response {
  // Relative: the browser stays on the host it used, where the cookie was just set.
  const res = redirectTo(location, status);
  for (const c of cookies) res.headers.append("set-cookie", c);
  res.headers.set("cache-control", "no-store");
  return res;
}

export async function POST(req: NextRequest): Promise<Response> {
  let form: URLSearchParams;
  try {
    assertSameOrigin(req);
    form = new URLSearchParams(new TextDecoder().decode(await readBodyBytes(req, MAX_FORM_BYTES)));
  } catch (e) {
    if (isAppError(e))
      return new Response(e.userMessage, { status: e.status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
    throw e;
  }
  const token = form.get("token");
  try {
    const opened = await openStoreLink(token, form.get("code"), clientInfo(req, clientIp(req)));
    if (opened.ok) return answer("/credits?via=game", [sessionCookie(opened.sessionToken, "store"), hintCookie(false)]);
    if (opened.reason === "code") return answer(`${STORE_LINK_PATH}?token=${encodeURIComponent(token ?? "")}&code=refused`);
    return answer(REFUSED);
  } catch (e) {
    // Too many wrong codes: back to the page, which says so (the link stays unspent until it expires).
    if (isAppError(e) && e.code === "RATE_LIMITED") return answer(`${STORE_LINK_PATH}?token=${encodeURIComponent(token ?? "")}&code=refused`);
    throw e;
  }
}
