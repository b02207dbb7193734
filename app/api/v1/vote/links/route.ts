// GET /api/v1/vote/links — the caller's vote link on each listing site (the vote page's buttons)
import { voteLinksOp } from "@/lib/schemas/votes";
import { route } from "@/lib/server/http/route";
import { listVoteLinks } from "@/lib/server/votes/list-vote-links";

export const GET = route(voteLinksOp, {
  handler: ({ actor }) => listVoteLinks(actor),
});
