import type { Metadata } from "next";
import { headers } from "next/headers";
import { CreditStore } from "@/components/credits/credit-store-client";
import { PageHeader } from "@/components/ui/page-header";
import { getProfile } from "@/lib/server/accounts/get-profile";
import { requireUser } from "@/lib/server/sessions/guards";

export const metadata: Metadata = { title: "Credit Store" };
export const dynamic = "force-dynamic";

export default async function CreditStorePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requireUser("/credits", { storeSession: true });
  const [profile, h, q] = await Promise.all([getProfile(actor.userId), headers(), searchParams]);
  // Opened from the game's ::store link: offer to hand the credits over in game.
  const viaGame = q.via === "game";
  return (
    <>
      <PageHeader title="Credit Store" subtitle="Credits buy items in the store. Pick a package, then a way to pay." />
      {/* The CSP nonce goes to PayPal's script loader (data-csp-nonce) for the inline styles it adds. */}
      <CreditStore balance={profile.storeCredits} nonce={h.get("x-nonce") ?? undefined} inGameFor={viaGame ? profile.name : undefined} />
    </>
  );
}
