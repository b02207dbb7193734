import type { Metadata } from "next";
import { EndSessionClient } from "@/components/accounts/account-settings-client";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "End a session", robots: { index: false } };

// The page the new-device mail's link opens. Prerendered: it reads the link in the browser and
// ends nothing until its button POSTs (a GET changes nothing, docs/accounts.md).
export default function EndSessionPage() {
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="End a session" subtitle="From the email about a sign-in from a new device." />
      <EndSessionClient />
    </div>
  );
}
