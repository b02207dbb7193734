import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { hiscoresHref, type TGameMode, type TXpMode } from "@/lib/hiscores";
import type { PlayerTab } from "@/lib/progress/urls";
import { NOT_ON_HISCORES } from "@/lib/server/hiscores/get-player-hiscores";
import { PlayerSearch } from "./player-search-client";
import { PlayerTabs } from "./player-tabs";

export type HeaderPlayer = { username: string; game_mode: TGameMode; xp_mode: TXpMode };

/**
 * The top of every player page: the name, the search, the way back to the player's ladder and the
 * tab bar. A name that is not on the hiscores gets the notice and the search, and no tabs (a typo
 * is the usual cause).
 */
export function PlayerHeader({ name, player, current }: { name: string; player: HeaderPlayer | null; current: PlayerTab }) {
  return (
    <>
      <PageHeader title={player?.username ?? name} subtitle={player ? undefined : NOT_ON_HISCORES}>
        <PlayerSearch />
        <Link href={player ? hiscoresHref({ mode: player.game_mode, xp: player.xp_mode }) : "/hiscores"} className="btn btn-stone">
          Back to hiscores
        </Link>
      </PageHeader>
      {player ? <PlayerTabs username={player.username} current={current} /> : null}
    </>
  );
}
