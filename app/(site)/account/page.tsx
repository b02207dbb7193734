import type { Metadata } from "next";
import { AccountClient } from "@/components/accounts/account-client";

export const metadata: Metadata = { title: "Account" };

// A prerendered shell (docs/performance.md, "Signed-in pages as shells"): proxy.ts sends guests
// to /login before it is served, and the player's data is fetched from the API in the browser.
export default function AccountPage() {
  return <AccountClient />;
}
