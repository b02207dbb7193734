import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { firstParam, HiscoresView } from "@/components/hiscores/hiscores-view";
import { clampHiscoresPage, ladderBySlug, readGameMode, readXpMode } from "@/lib/hiscores";

type Params = { skill: string };
type SearchParams = Record<string, string | string[] | undefined>;

const categoryFor = (slug: string) => {
  try {
    return ladderBySlug(decodeURIComponent(slug));
  } catch {
    return null; // a malformed escape: no such ladder
  }
};

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const c = categoryFor((await params).skill);
  return { title: c ? `${c.name} hiscores` : "Hiscores" };
}

// /hiscores/{ladder}: overall, one of the 23 skills by name, or an activity by its slug
// (zulrah, clue-scrolls-all, pvp-kills, …); anything else is a 404.
export default async function SkillHiscoresPage({ params, searchParams }: { params: Promise<Params>; searchParams: Promise<SearchParams> }) {
  const [{ skill }, p] = await Promise.all([params, searchParams]);
  const c = categoryFor(skill);
  if (!c) notFound();
  return (
    <HiscoresView
      skill={c.id}
      mode={readGameMode(firstParam(p, "mode"))}
      xp={readXpMode(firstParam(p, "xp"))}
      page={clampHiscoresPage(firstParam(p, "page"))}
    />
  );
}
