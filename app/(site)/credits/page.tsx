import type { Metadata } from "next";
import { headers } from "next/headers";
import { CreditStore } from "@/components/credits/credit-store";
import { PageHeader } from "@/components/ui/page-header";
import { getProfile } from "@/lib/server/accounts/get-profile";
import { requireUser } from "@/lib/server/sessions/guards";

export const metadata: Metadata = { title: "Credit Store" };
export const dynamic = "force-dynamic";

export default async function CreditStorePage() {
  const actor = await requireUser("/credits");
  const [profile, h] = await Promise.all([getProfile(actor.userId), headers()]);
  return (
    <>
      <PageHeader title="Credit Store" subtitle="Credits buy items in the store. Pick a package, then a way to pay." />
      {/* The CSP nonce goes to PayPal's script loader (data-csp-nonce) for the inline styles it adds. */}
      <CreditStore balance={profile.storeCredits} nonce={h.get("x-nonce") ?? undefined} />
    </>
  );
}
