import type { Metadata } from "next";
import { playerNameFrom } from "@/components/hiscores/player-page";
import { PlayerHiscores } from "@/components/hiscores/player-hiscores";
import { findPlayerHiscores } from "@/lib/server/hiscores/get-player-hiscores";

type Params = { username: string };

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  return { title: `${playerNameFrom((await params).username)} — hiscores` };
}

// /hiscores/player/{username}: rendered per request (ranks move with every push). A name that is
// not on the hiscores gets the page with a notice and the search box (a typo is the usual cause).
export default async function PlayerHiscoresPage({ params }: { params: Promise<Params> }) {
  const name = playerNameFrom((await params).username);
  const player = name ? await findPlayerHiscores(name) : null;
  return <PlayerHiscores name={name || "Player"} player={player} />;
}
