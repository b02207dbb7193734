import type { Metadata } from "next";
import { LoginForm } from "@/components/accounts/login-form";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { safeReturnPath } from "@/lib/safe-path";
import { redirectIfSignedIn } from "@/lib/server/sessions/guards";

export const metadata: Metadata = { title: "Login" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await redirectIfSignedIn();
  const { next } = await searchParams;
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Login" subtitle="Use the same username and password as in the game." />
      <Panel>
        <LoginForm next={safeReturnPath(typeof next === "string" ? next : null)} />
      </Panel>
    </div>
  );
}
