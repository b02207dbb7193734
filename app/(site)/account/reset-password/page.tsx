import type { Metadata } from "next";
import Link from "next/link";
import { ResetPasswordForm } from "@/components/accounts/reset-password-form-client";
import { LiveAlert } from "@/components/ui/alert";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";

// The query holds a single-use token: never send it on in a Referer header.
export const metadata: Metadata = { title: "Reset Password", referrer: "no-referrer" };

const first = (v: string | string[] | undefined) => (typeof v === "string" ? v : Array.isArray(v) ? (v[0] ?? "") : "");

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const uid = first(q.uid);
  const token = first(q.token);
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Reset your password" subtitle="Choose a new password for your account." />
      <Panel>
        {uid && token ? (
          <ResetPasswordForm uid={uid} token={token} />
        ) : (
          <LiveAlert tone="error">
            This reset link is incomplete. Open the link from your email again, or <Link href="/account/request-password-reset">request a new one</Link>.
          </LiveAlert>
        )}
      </Panel>
    </div>
  );
}
