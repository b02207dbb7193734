import type { Metadata } from "next";
import { PlayerHeader } from "@/components/hiscores/player-header";
import { headerPlayerOrThrow, playerNameFrom, unlessNotOnHiscores } from "@/components/hiscores/player-page";
import { PlayerRecordsView } from "@/components/progress/player-records";
import { getPlayerRecords } from "@/lib/server/progress/gains";

type Params = { username: string };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  return { title: `${playerNameFrom((await params).username)} — records` };
}

// /hiscores/player/{username}/records: the player's best gain in each period and metric.
// Rendered per request, cached a few seconds under the player's topic.
export default async function PlayerRecordsPage({ params }: { params: Promise<Params> }) {
  const name = playerNameFrom((await params).username);
  const found = name ? await unlessNotOnHiscores(() => Promise.all([getPlayerRecords(name), headerPlayerOrThrow(name)])) : null;
  if (!found) return <PlayerHeader name={name || "Player"} player={null} current="records" />;
  const [records, player] = found;
  return (
    <>
      <PlayerHeader name={name} player={player} current="records" />
      <PlayerRecordsView data={records} mode={player.game_mode} xp={player.xp_mode} />
    </>
  );
}
