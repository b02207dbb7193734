import { headers } from "next/headers";
import { SESSION_HINT_COOKIE } from "@/lib/session-hint";

/** Marks <html> as "a session may exist" from the readable hint cookie, before the first paint. */
export const SESSION_HINT_SCRIPT = `if(/(?:^|;\\s*)${SESSION_HINT_COOKIE}=(?:1|staff)(?:;|$)/.test(document.cookie))document.documentElement.classList.add("session-hinted")`;

/**
 * The one inline script of a per-request page whose HTML is shared by guests and players (the
 * page cache): it lets the stylesheet show a signed-in reader "loading" where a guest sees the
 * prompt to log in, before any other script runs. It carries the page's CSP nonce.
 */
export async function SessionHintScript() {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SESSION_HINT_SCRIPT }} />;
}
