import type { Metadata } from "next";
import { SendResetLinkButton } from "@/components/accounts/send-reset-link-button-client";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { requireUser } from "@/lib/server/sessions/guards";
import { BackLink } from "@/components/ui/back-link";

export const metadata: Metadata = { title: "Change Password" };

export default async function ChangePasswordPage() {
  await requireUser("/account/change-password");
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Change Password" />
      <Panel className="space-y-4">
        <p>
          We will send an email with a link to the address on your account. Follow the link to choose a new password; it works once and expires after a short
          time.
        </p>
        <SendResetLinkButton />
        <BackLink href="/account" className="">
          Back to account
        </BackLink>
      </Panel>
    </div>
  );
}
