// GET /api/v1/account/export — the player's own data as a JSON download
import { exportAccount } from "@/lib/server/accounts/export-account";
import { json, route } from "@/lib/server/http/route";
import { exportAccountOp } from "@/lib/schemas/account-controls";

export const GET = route(exportAccountOp, {
  handler: async ({ actor }) => {
    const data = await exportAccount(actor.userId);
    const day = data.exported_at.slice(0, 10);
    return json(data, 200, { "content-disposition": `attachment; filename="account-${actor.userId}-${day}.json"`, "cache-control": "no-store" });
  },
});
