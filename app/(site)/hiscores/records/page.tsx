import type { Metadata } from "next";
import { firstParam } from "@/components/hiscores/hiscores-view";
import { RecordsBoardView } from "@/components/progress/records-board-view";
import { clampHiscoresPage, readGameMode, readXpMode } from "@/lib/hiscores";
import { readMetric, readRollingPeriod } from "@/lib/progress/urls";

export const metadata: Metadata = { title: "Records" };

type SearchParams = Record<string, string | string[] | undefined>;

// /hiscores/records?period=&metric=&mode=&xp=&page=: rendered per request; the guest page cache
// keeps it a few seconds, dropped when the refresh-gains job announces new records.
export default async function RecordsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const p = await searchParams;
  return (
    <RecordsBoardView
      period={readRollingPeriod(firstParam(p, "period"))}
      metric={readMetric(firstParam(p, "metric"))}
      mode={readGameMode(firstParam(p, "mode"))}
      xp={readXpMode(firstParam(p, "xp"))}
      page={clampHiscoresPage(firstParam(p, "page"))}
    />
  );
}
