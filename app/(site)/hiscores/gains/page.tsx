import type { Metadata } from "next";
import { firstParam } from "@/components/hiscores/hiscores-view";
import { TopGainsView } from "@/components/progress/top-gains-view";
import { clampHiscoresPage, readGameMode, readXpMode } from "@/lib/hiscores";
import { readMetric, readPeriod } from "@/lib/progress/urls";

export const metadata: Metadata = { title: "Top gainers" };

type SearchParams = Record<string, string | string[] | undefined>;

// /hiscores/gains?period=&metric=&mode=&xp=&page=: rendered per request; the guest page cache
// keeps it a few seconds, dropped when the refresh-gains job announces a rebuild.
export default async function TopGainsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const p = await searchParams;
  return (
    <TopGainsView
      period={readPeriod(firstParam(p, "period"))}
      metric={readMetric(firstParam(p, "metric"))}
      mode={readGameMode(firstParam(p, "mode"))}
      xp={readXpMode(firstParam(p, "xp"))}
      page={clampHiscoresPage(firstParam(p, "page"))}
    />
  );
}
