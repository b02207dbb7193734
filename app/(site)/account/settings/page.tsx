import type { Metadata } from "next";
import { AccountSettingsClient } from "@/components/accounts/account-settings-client";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Account settings" };

// A prerendered shell (docs/performance.md, "Signed-in pages as shells"): proxy.ts sends guests
// to /login first; the forms write through the API.
export default function AccountSettingsPage() {
  return (
    <>
      <PageHeader title="Account settings" subtitle="Your email address, a copy of your data, and deleting your account." />
      <BackLink href="/account">Back to account</BackLink>
      <AccountSettingsClient />
    </>
  );
}
