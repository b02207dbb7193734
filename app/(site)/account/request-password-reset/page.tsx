import type { Metadata } from "next";
import { RequestResetForm } from "@/components/accounts/request-reset-form-client";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";

export const metadata: Metadata = { title: "Request Password Reset" };

export default function RequestPasswordResetPage() {
  return (
    <div className="mx-auto max-w-md">
      <PageHeader
        title="Request Password Reset"
        subtitle="Enter your username and the email address on your account. We will email you a link to choose a new password."
      />
      <Panel>
        <RequestResetForm />
      </Panel>
    </div>
  );
}
