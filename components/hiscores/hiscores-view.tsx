import Link from "next/link";
import { Suspense } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { CATEGORIES, GAME_MODE_LABEL, GAME_MODES, hiscoresHref, type TGameMode, type TXpMode, XP_MODE_LABEL, XP_MODES } from "@/lib/hiscores";
import { skillName } from "@/lib/skills";
import { HiscoresTable, HiscoresTableLoading } from "./hiscores-table";
import { LadderFilters } from "./ladder-filters";
import { PlayerSearch } from "./player-search";

/** Spec §2 Hiscores: title, search, filters, categories, PvP links and the ladder. */
export function HiscoresView({ skill, mode, xp, page }: { skill: number; mode: TGameMode; xp: TXpMode; page: number }) {
  const modes = GAME_MODES.map((m) => ({ value: m, label: GAME_MODE_LABEL[m], href: hiscoresHref({ skill, mode: m, xp }) }));
  const xps = XP_MODES.map((x) => ({ value: x, label: XP_MODE_LABEL[x], href: hiscoresHref({ skill, mode, xp: x }) }));
  return (
    <>
      <PageHeader title="Hiscores" subtitle="Every skill ranked, per game mode and XP rate. Ties go to whoever got there first.">
        <PlayerSearch />
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
        <aside className="space-y-6">
          <Panel as="nav" aria-label="Hiscores categories" className="!p-3">
            <h2 className="mb-2 px-1 text-lg text-gold">Categories</h2>
            <ul className="grid grid-cols-2 gap-1 sm:grid-cols-3 lg:grid-cols-1">
              {CATEGORIES.map((c) => (
                <li key={c.id}>
                  <Link
                    href={hiscoresHref({ skill: c.id, mode, xp })}
                    aria-current={c.id === skill ? "page" : undefined}
                    className={`block rounded px-2 py-1.5 hover:bg-stone-800 ${c.id === skill ? "bg-stone-800 text-gold-bright" : "text-stone-200"}`}
                  >
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </Panel>
          <Panel className="!p-3">
            <h2 className="mb-2 px-1 text-lg text-gold">PvP</h2>
            {/* Inert until the game reports kills (spec §2). */}
            <ul className="space-y-1 text-stone-400">
              <li>
                <span className="block px-2 py-1.5" aria-disabled="true">
                  Top Pkers <span className="text-xs">(coming soon)</span>
                </span>
              </li>
              <li>
                <span className="block px-2 py-1.5" aria-disabled="true">
                  Top Kill Streaks <span className="text-xs">(coming soon)</span>
                </span>
              </li>
            </ul>
          </Panel>
        </aside>
        <Panel>
          <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
            <h2 className="text-2xl text-gold">{skillName(skill)}</h2>
            <LadderFilters key={`${mode}-${xp}`} modes={modes} xps={xps} mode={mode} xp={xp} />
          </div>
          {/* Keyed by the ladder and page: each navigation shows the loading state, then the rows. */}
          <Suspense key={`${skill}-${mode}-${xp}-${page}`} fallback={<HiscoresTableLoading />}>
            <HiscoresTable skill={skill} mode={mode} xp={xp} page={page} />
          </Suspense>
        </Panel>
      </div>
    </>
  );
}

type SearchParams = Record<string, string | string[] | undefined>;
export const firstParam = (p: SearchParams, k: string): string | undefined => {
  const v = p[k];
  return Array.isArray(v) ? v[0] : v;
};
