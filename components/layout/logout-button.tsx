"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";

/** Ends the session on the server, then goes home (spec: Log out clears the session, goes to /). */
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
          await fetch("/api/v1/logout", { method: "POST", credentials: "same-origin" });
        } finally {
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
