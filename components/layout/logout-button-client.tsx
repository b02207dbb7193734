"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { markSignedOut } from "./session-state";
import * as endpoints from "@/lib/client/endpoints";
import { api } from "@/lib/client/api";

/** Ends the session on the server, then goes home (docs/product.md §2 Global chrome: Log out clears the session, goes to /). */
export function LogoutButton({ className = "", children = "Log out" }: { className?: string; children?: React.ReactNode }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      className={className}
      onClick={async () => {
        setBusy(true);
        try {
          // JSON, like every unsafe API call (the CSRF rules in docs/architecture.md refuse other content types).
          await api(endpoints.logout, {});
        } finally {
          markSignedOut();
          router.push("/");
          router.refresh();
          setBusy(false);
        }
      }}
    >
      {busy ? "Logging out…" : children}
    </button>
  );
}
