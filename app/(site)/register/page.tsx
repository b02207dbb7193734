import type { Metadata } from "next";
import { RegisterForm } from "@/components/accounts/register-form-client";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { captchaClientConfig } from "@/lib/server/captcha/captcha-config";
import { redirectIfSignedIn } from "@/lib/server/sessions/guards";

export const metadata: Metadata = { title: "Register" };

export default async function RegisterPage() {
  await redirectIfSignedIn();
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Create an Account" subtitle="Your username and password also log you into the game." />
      <Panel>
        <RegisterForm captcha={captchaClientConfig()} />
      </Panel>
    </div>
  );
}
