import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { inputClass } from "@/components/ui/field";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { peekStoreLink } from "@/lib/server/game/open-store-link";
import { getCurrentActor } from "@/lib/server/sessions/current-user";
import { STORE_LINK_CODE_REFUSED, STORE_LINK_CONTINUE_PATH, STORE_LINK_REFUSED_QUERY } from "@/lib/messages/store-link";

export const metadata: Metadata = { title: "Continue to the store", robots: { index: false } };

// GET /store-link?token=… — the ::store link's landing page. It only shows whose link this is:
// the button's same-origin POST (app/store-link/continue/route.ts) spends the token and signs
// in. So an <img> or link pointing here, in a forum post or anywhere else, signs no one in.
export default async function StoreLinkPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const token = typeof params.token === "string" ? params.token : null;
  const link = await peekStoreLink(token);
  if (!link) redirect(`/login?next=${encodeURIComponent("/credits")}&${STORE_LINK_REFUSED_QUERY}`);
  const actor = await getCurrentActor();
  const someoneElse = actor && actor.username !== link.username ? actor.username : null;
  const codeRefused = params.code === "refused";

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Continue to the store" subtitle="You typed ::store in the game." />
      <Panel>
        <form method="post" action={STORE_LINK_CONTINUE_PATH} className="space-y-4">
          <h2 className="text-xl text-gold-bright">
            Continue to the store as <strong data-testid="store-link-player">{link.username}</strong>?
          </h2>
          <p className="text-stone-300">
            This signs you in for the store only, for one hour: you can buy credits and items for {link.username}. To change the account&apos;s password, email,
            two-factor settings or anything else, log in with the password.
          </p>
          {someoneElse ? (
            <p className="rounded border-2 border-blood bg-blood/15 px-4 py-3 text-red-100" data-testid="store-link-other-account">
              You are signed in as {someoneElse}. Continuing signs this browser in as {link.username} instead. If you did not type ::store in the game yourself,
              do not continue.
            </p>
          ) : null}
          <input type="hidden" name="token" value={token ?? ""} />
          {link.twoFactor ? (
            <div>
              <label htmlFor="store-link-code" className="mb-1 block font-semibold text-stone-100">
                Two-factor code
              </label>
              <input
                id="store-link-code"
                name="code"
                required
                autoComplete="one-time-code"
                inputMode="text"
                maxLength={32}
                className={inputClass}
                aria-invalid={codeRefused || undefined}
                aria-describedby={codeRefused ? "store-link-code-errors" : "store-link-code-hint"}
              />
              <p id="store-link-code-hint" className="mt-1 text-sm text-stone-400">
                This account has two-factor authentication: the code from your authenticator app, or a recovery code.
              </p>
              {codeRefused ? (
                <p id="store-link-code-errors" className="mt-1 text-sm text-red-300" role="alert">
                  {STORE_LINK_CODE_REFUSED}
                </p>
              ) : null}
            </div>
          ) : null}
          <button type="submit" className="btn btn-gold w-full">
            Continue to the store
          </button>
        </form>
      </Panel>
    </div>
  );
}
