import type { Metadata } from "next";
import { GameKeys } from "@/components/staff/game-keys-client";
import { PageHeader } from "@/components/ui/page-header";
import { listGameApiKeys, toStaffGameKey } from "@/lib/server/game/api-keys";
import { requireStaff } from "@/lib/server/sessions/guards";

// Game-server API keys: owners only; anyone else, administrators and guests
// included, gets the 404 page, and the API behind it answers 403 (401 for guests). The same
// use cases as `npm run admin -- game-key`.
export const metadata: Metadata = { title: "Game keys", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

export default async function StaffGameKeysPage() {
  await requireStaff("OWNER");
  const keys = (await listGameApiKeys()).map(toStaffGameKey);
  return (
    <>
      <PageHeader
        title="Game keys"
        subtitle="The keys your game servers call this site with (docs/game-integration.md). Several can be live at once: to rotate one, create the new key, deploy it, then revoke the old."
      />
      <GameKeys initial={keys} />
    </>
  );
}
