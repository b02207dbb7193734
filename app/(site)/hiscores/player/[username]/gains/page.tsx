import type { Metadata } from "next";
import { firstParam } from "@/components/hiscores/hiscores-view";
import { PlayerHeader } from "@/components/hiscores/player-header";
import { playerNameFrom, unlessNotOnHiscores } from "@/components/hiscores/player-page";
import { PlayerGainsView } from "@/components/progress/player-gains";
import { readMetric, readPeriod } from "@/lib/progress/urls";
import { getGainSeries, getPlayerGains } from "@/lib/server/progress/gains";

type Params = { username: string };
type SearchParams = Record<string, string | string[] | undefined>;

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  return { title: `${playerNameFrom((await params).username)} — gains` };
}

// /hiscores/player/{username}/gains?period=&metric=: every metric's gain over the period and the
// chart of one (default Overall). Rendered per request; kept a few seconds by the guest page
// cache under the player's topic, which each push announces.
export default async function PlayerGainsPage({ params, searchParams }: { params: Promise<Params>; searchParams: Promise<SearchParams> }) {
  const [{ username }, p] = await Promise.all([params, searchParams]);
  const name = playerNameFrom(username);
  const period = readPeriod(firstParam(p, "period"));
  const metric = readMetric(firstParam(p, "metric"));
  // One instant for both reads, so the table and the chart share their window.
  const now = new Date();
  const found = name ? await unlessNotOnHiscores(() => Promise.all([getPlayerGains(name, period, now), getGainSeries(name, metric, period, now)])) : null;
  if (!found) return <PlayerHeader name={name || "Player"} player={null} current="gains" />;
  const [gains, series] = found;
  return (
    <>
      <PlayerHeader name={name} player={gains} current="gains" />
      <PlayerGainsView gains={gains} series={series} metric={metric} />
    </>
  );
}
