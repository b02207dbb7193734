import type { Metadata } from "next";
import { PlayerHeader } from "@/components/hiscores/player-header";
import { headerPlayerOrThrow, playerNameFrom, unlessNotOnHiscores } from "@/components/hiscores/player-page";
import { PlayerAchievementsView } from "@/components/progress/player-achievements";
import { getPlayerAchievements } from "@/lib/server/progress/log";

type Params = { username: string };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  return { title: `${playerNameFrom((await params).username)} — achievements` };
}

// /hiscores/player/{username}/achievements: every tier, reached or not, with its date and the
// progress to the next. Rendered per request, cached a few seconds under the player's topic.
export default async function PlayerAchievementsPage({ params }: { params: Promise<Params> }) {
  const name = playerNameFrom((await params).username);
  const found = name ? await unlessNotOnHiscores(() => Promise.all([getPlayerAchievements(name), headerPlayerOrThrow(name)])) : null;
  if (!found) return <PlayerHeader name={name || "Player"} player={null} current="achievements" />;
  const [data, player] = found;
  return (
    <>
      <PlayerHeader name={name} player={player} current="achievements" />
      <PlayerAchievementsView data={data} />
    </>
  );
}
