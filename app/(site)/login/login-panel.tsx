"use client";

import { useRouter } from "next/navigation";
import { useEffect, useSyncExternalStore } from "react";
import { LoginForm } from "@/components/accounts/login-form";
import { useSession } from "@/components/layout/session-state";
import { safeReturnPath } from "@/lib/safe-path";

const noSubscribe = () => () => {};
const nextFromUrl = () => safeReturnPath(new URLSearchParams(window.location.search).get("next"));

/**
 * The login form on a prerendered page: `?next=` is read in the browser (it is used only after a
 * successful login), and a visitor who is already signed in goes home, as the server guard did.
 */
export function LoginPanel() {
  const next = useSyncExternalStore(noSubscribe, nextFromUrl, () => "/");
  const session = useSession();
  const router = useRouter();
  useEffect(() => {
    if (session.status === "user") router.replace("/");
  }, [session.status, router]);
  return <LoginForm next={next} />;
}
