// GET /api/v1/users/{name}/profile — a player's public profile (docs/forums.md, "Profiles")
import { profileOp } from "@/lib/schemas/profiles";
import { getProfile } from "@/lib/server/forums/get-profile";
import { route } from "@/lib/server/http/route";

export const GET = route(profileOp, { handler: async ({ params, actor }) => (await getProfile(actor, params.name)).profile });
