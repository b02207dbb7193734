import type { Metadata } from "next";
import { ConfirmEmailChangeClient } from "@/components/accounts/account-settings-client";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Confirm your new email address", robots: { index: false } };

// The page the link mailed to a new address opens. Prerendered: it reads the link in the
// browser and changes nothing until its button POSTs (a GET changes nothing, docs/accounts.md).
export default function ConfirmEmailChangePage() {
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Confirm your new email address" />
      <ConfirmEmailChangeClient />
    </div>
  );
}
