import Link from "next/link";
import { Suspense } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { CATEGORIES, GAME_MODE_LABEL, GAME_MODES, hiscoresHref, ladderName, type TGameMode, type TXpMode, XP_MODE_LABEL, XP_MODES } from "@/lib/hiscores";
import { ACTIVITIES, ACTIVITY_GROUPS, activityById, activityByKey } from "@/lib/hiscores-layout";
import { HiscoresSections } from "./hiscores-sections";
import { HiscoresTable, HiscoresTableLoading } from "./hiscores-table";
import { LadderFilters } from "./ladder-filters-client";
import { PlayerSearch } from "./player-search-client";

/** The site's own PvP ladders, linked as docs/product.md §2 names them (Top Pkers, Top Kill Streaks). */
const PVP_LINKS = [
  { id: activityByKey("pvp_kills")!.id, label: "Top Pkers" },
  { id: activityByKey("pvp_kill_streak")!.id, label: "Top Kill Streaks" },
];

function LadderLink({ id, label, current, mode, xp }: { id: number; label: string; current: number; mode: TGameMode; xp: TXpMode }) {
  return (
    <Link
      href={hiscoresHref({ skill: id, mode, xp })}
      aria-current={id === current ? "page" : undefined}
      className={`block rounded px-2 py-1.5 hover:bg-stone-800 ${id === current ? "bg-stone-800 text-gold-bright" : "text-stone-200"}`}
    >
      {label}
    </Link>
  );
}

/** docs/product.md §2 Hiscores: title, search, the links to top gainers and records, filters, categories, PvP links, the activity ladders and the ladder. */
export function HiscoresView({ skill, mode, xp, page }: { skill: number; mode: TGameMode; xp: TXpMode; page: number }) {
  const currentGroup = activityById(skill)?.group;
  const modes = GAME_MODES.map((m) => ({ value: m, label: GAME_MODE_LABEL[m], href: hiscoresHref({ skill, mode: m, xp }) }));
  const xps = XP_MODES.map((x) => ({ value: x, label: XP_MODE_LABEL[x], href: hiscoresHref({ skill, mode, xp: x }) }));
  return (
    <>
      <PageHeader title="Hiscores" subtitle="Every skill, boss and activity ranked, per game mode and XP rate. Ties go to whoever got there first.">
        <PlayerSearch />
      </PageHeader>
      <HiscoresSections current="ladders" mode={mode} xp={xp} />
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
        {/* The ladder first in the page, so a phone shows its rows on the first screen; on a wide
            screen the lists of ladders sit in the left column beside it. */}
        <Panel className="min-w-0 lg:col-start-2 lg:row-start-1">
          <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
            <div>
              <h2 className="text-2xl text-gold">{ladderName(skill)}</h2>
              {/* On a phone the ladder comes first and the lists of ladders after it. */}
              <a href="#ladders" className="text-sm lg:hidden">
                Other skills and activities
              </a>
            </div>
            <LadderFilters key={`${mode}-${xp}`} modes={modes} xps={xps} mode={mode} xp={xp} />
          </div>
          {/* Keyed by the ladder and page: each navigation shows the loading state, then the rows. */}
          <Suspense key={`${skill}-${mode}-${xp}-${page}`} fallback={<HiscoresTableLoading />}>
            <HiscoresTable skill={skill} mode={mode} xp={xp} page={page} />
          </Suspense>
        </Panel>
        <aside id="ladders" className="space-y-6 lg:col-start-1 lg:row-start-1">
          <Panel as="nav" aria-label="Hiscores categories" className="!p-3">
            <h2 className="mb-2 px-1 text-lg text-gold">Categories</h2>
            <ul className="grid grid-cols-2 gap-1 sm:grid-cols-3 lg:grid-cols-1">
              {CATEGORIES.map((c) => (
                <li key={c.id}>
                  <LadderLink id={c.id} label={c.name} current={skill} mode={mode} xp={xp} />
                </li>
              ))}
            </ul>
          </Panel>
          <Panel as="nav" aria-label="PvP hiscores" className="!p-3">
            <h2 className="mb-2 px-1 text-lg text-gold">PvP</h2>
            <ul className="space-y-1">
              {PVP_LINKS.map((l) => (
                <li key={l.id}>
                  <LadderLink id={l.id} label={l.label} current={skill} mode={mode} xp={xp} />
                </li>
              ))}
            </ul>
          </Panel>
          <Panel as="nav" aria-label="Activity hiscores" className="!p-3">
            <h2 className="mb-2 px-1 text-lg text-gold">Activities</h2>
            {/* Closed lists keep the 90-odd ladders out of the way; the current one's group is open. */}
            {ACTIVITY_GROUPS.map((g) => (
              <details key={g.group} open={g.group === currentGroup} className="mb-1">
                <summary className="cursor-pointer rounded px-2 py-1.5 text-stone-100 hover:bg-stone-800">{g.title}</summary>
                <ul className="mt-1 grid grid-cols-2 gap-1 sm:grid-cols-3 lg:grid-cols-1">
                  {ACTIVITIES.filter((a) => a.group === g.group && a.official).map((a) => (
                    <li key={a.id}>
                      <LadderLink id={a.id} label={a.name} current={skill} mode={mode} xp={xp} />
                    </li>
                  ))}
                </ul>
              </details>
            ))}
          </Panel>
        </aside>
      </div>
    </>
  );
}

type SearchParams = Record<string, string | string[] | undefined>;
export const firstParam = (p: SearchParams, k: string): string | undefined => {
  const v = p[k];
  return Array.isArray(v) ? v[0] : v;
};
