import type { Metadata } from "next";
import Link from "next/link";
import { AppealForm } from "@/components/appeals/appeal-form-client";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { APPEAL_TYPES } from "@/lib/schemas/appeals";
import { captchaClientConfig } from "@/lib/server/captcha/captcha-config";

export const metadata: Metadata = { title: "Appeal or Recover an Account" };

/** Public: a banned player cannot sign in, and recovery is for one who cannot pass two-factor. `?type=` preselects. */
export default async function AppealPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const type = (APPEAL_TYPES as readonly unknown[]).includes(q.type) ? (q.type as string) : "";
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader
        title="Appeal or Recover an Account"
        subtitle="Appeal a ban, or ask staff to recover an account whose authenticator and recovery codes are lost. No sign-in needed."
      />
      <Panel>
        <p className="mb-5 text-stone-300">
          Give your account&apos;s username and the email address on it. If they match, we email that address a link where you can follow your request and
          answer staff. Forgot only your password? <Link href="/account/request-password-reset">Reset it instead</Link>.
        </p>
        <AppealForm captcha={captchaClientConfig()} initialType={type} />
      </Panel>
    </div>
  );
}
