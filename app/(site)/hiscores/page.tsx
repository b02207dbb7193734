import type { Metadata } from "next";
import { firstParam, HiscoresView } from "@/components/hiscores/hiscores-view";
import { clampHiscoresPage, readGameMode, readXpMode } from "@/lib/hiscores";
import { OVERALL_ID } from "@/lib/skills";

export const metadata: Metadata = { title: "Hiscores" };

type SearchParams = Record<string, string | string[] | undefined>;

// Rendered per request: the ladders change with every push (docs/hiscores.md, docs/performance.md).
export default async function HiscoresPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const p = await searchParams;
  return (
    <HiscoresView
      skill={OVERALL_ID}
      mode={readGameMode(firstParam(p, "mode"))}
      xp={readXpMode(firstParam(p, "xp"))}
      page={clampHiscoresPage(firstParam(p, "page"))}
    />
  );
}
