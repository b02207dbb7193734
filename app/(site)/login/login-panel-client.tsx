"use client";

import { useRouter } from "next/navigation";
import { useEffect, useSyncExternalStore } from "react";
import { LoginForm } from "@/components/accounts/login-form-client";
import { useSession } from "@/components/layout/session-state";
import { STORE_LINK_REFUSED, STORE_LINK_REFUSED_PARAM, STORE_LINK_REFUSED_VALUE } from "@/lib/messages/store-link";
import { safeReturnPath } from "@/lib/safe-path";

const noSubscribe = () => () => {};
const nextFromUrl = () => safeReturnPath(new URLSearchParams(window.location.search).get("next"));
/** Sent here by a ::store link that could not sign in (app/store-link/route.ts). */
const refusedLinkFromUrl = () => new URLSearchParams(window.location.search).get(STORE_LINK_REFUSED_PARAM) === STORE_LINK_REFUSED_VALUE;

/**
 * The login form on a prerendered page: `?next=` is read in the browser (it is used only after a
 * successful login), and a visitor who is already signed in goes home, as the server guard did.
 */
export function LoginPanel() {
  const next = useSyncExternalStore(noSubscribe, nextFromUrl, () => "/");
  const refusedLink = useSyncExternalStore(noSubscribe, refusedLinkFromUrl, () => false);
  const session = useSession();
  const router = useRouter();
  // A store session (::store link) may log in with its password to reach the rest of the site.
  const fullySignedIn = session.status === "user" && !session.user.storeSession;
  useEffect(() => {
    if (fullySignedIn) router.replace("/");
  }, [fullySignedIn, router]);
  return (
    <>
      {refusedLink ? (
        <p className="mb-4 rounded border border-gold-dark bg-gold/10 p-2 text-sm" data-testid="store-link-refused">
          {STORE_LINK_REFUSED}
        </p>
      ) : null}
      <LoginForm next={next} />
    </>
  );
}
