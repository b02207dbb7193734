import type { Metadata } from "next";
import { firstParam } from "@/components/hiscores/hiscores-view";
import { PlayerHeader } from "@/components/hiscores/player-header";
import { headerPlayerOrThrow, playerNameFrom, unlessNotOnHiscores } from "@/components/hiscores/player-page";
import { PlayerLogView } from "@/components/progress/player-log";
import { clampHiscoresPage } from "@/lib/hiscores";
import { listPlayerLog } from "@/lib/server/progress/log";

type Params = { username: string };
type SearchParams = Record<string, string | string[] | undefined>;

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  return { title: `${playerNameFrom((await params).username)} — adventure log` };
}

// /hiscores/player/{username}/log?page=: the adventure log, newest first, 25 a page. Rendered
// per request, cached a few seconds under the player's topic.
export default async function PlayerLogPage({ params, searchParams }: { params: Promise<Params>; searchParams: Promise<SearchParams> }) {
  const [{ username }, p] = await Promise.all([params, searchParams]);
  const name = playerNameFrom(username);
  const page = clampHiscoresPage(firstParam(p, "page"));
  const found = name ? await unlessNotOnHiscores(() => Promise.all([listPlayerLog(name, page), headerPlayerOrThrow(name)])) : null;
  if (!found) return <PlayerHeader name={name || "Player"} player={null} current="log" />;
  const [log, player] = found;
  return (
    <>
      <PlayerHeader name={name} player={player} current="log" />
      <PlayerLogView username={player.username} page={page} results={log.results} hasNext={log.hasNext} />
    </>
  );
}
