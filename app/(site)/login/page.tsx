import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { LoginPanel } from "./login-panel-client";

export const metadata: Metadata = { title: "Login" };

// Prerendered: the return path and the signed-in redirect are handled in the browser.
export default function LoginPage() {
  return (
    <div className="mx-auto max-w-md">
      <PageHeader title="Login" subtitle="Use the same username and password as in the game." />
      <Panel>
        <LoginPanel />
      </Panel>
    </div>
  );
}
