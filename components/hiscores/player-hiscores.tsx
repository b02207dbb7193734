import Link from "next/link";
import { Panel } from "@/components/ui/panel";
import { GAME_MODE_LABEL, hiscoresHref, skillSlug } from "@/lib/hiscores";
import { ACTIVITY_GROUPS, activityByKey, activitySlug } from "@/lib/hiscores-layout";
import type { TPlayerHiscores } from "@/lib/schemas/hiscores";
import { PlayerHeader } from "./player-header";
import { TableHead } from "@/components/ui/table-head";

const PLAYER_COLUMNS = [
  { label: "Skill", className: "hidden px-1.5 py-2 sm:table-cell sm:px-2" },
  { label: "Skill Name", className: "px-1.5 py-2 sm:px-2" },
  { label: "Rank", className: "px-1.5 py-2 sm:px-2 text-right" },
  { label: "Level", className: "px-1.5 py-2 sm:px-2 text-right" },
  { label: "Experience", className: "px-1.5 py-2 sm:px-2 text-right" },
];

const ACTIVITY_COLUMNS = [
  { label: "Activity", className: "px-1.5 py-2 sm:px-2" },
  { label: "Rank", className: "px-1.5 py-2 sm:px-2 text-right" },
  { label: "Score", className: "px-1.5 py-2 sm:px-2 text-right" },
];

const fmt = new Intl.NumberFormat("en-US");

/** One panel per activity group (bosses, PvP, clues, minigames): what the player is ranked in. */
function ActivityPanels({ player }: { player: TPlayerHiscores }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {ACTIVITY_GROUPS.map(({ group, title }) => {
        const rows = player.activities.flatMap((r) => {
          const a = activityByKey(r.activity);
          return a && a.group === group ? [{ ...r, id: a.id, slug: activitySlug(a) }] : [];
        });
        return (
          <Panel key={group} aria-labelledby={`activities-${group}`}>
            <h2 id={`activities-${group}`} className="mb-2 text-xl text-gold">
              {title}
            </h2>
            {rows.length === 0 ? (
              <p className="text-stone-300">None ranked yet.</p>
            ) : (
              <table className="w-full text-left text-xs min-[400px]:text-sm sm:text-base">
                <TableHead columns={ACTIVITY_COLUMNS} />
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.activity} className="border-b border-stone-800">
                      <td className="px-1.5 py-2 sm:px-2">
                        <Link
                          href={hiscoresHref({ skill: r.id, mode: player.game_mode, xp: player.xp_mode })}
                          className="underline-offset-2 hover:underline"
                          data-activity={r.slug}
                        >
                          {r.name}
                        </Link>
                      </td>
                      <td className="px-1.5 py-2 sm:px-2 text-right tabular-nums">{fmt.format(r.rank)}</td>
                      <td className="px-1.5 py-2 sm:px-2 text-right tabular-nums">{fmt.format(r.score)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Panel>
        );
      })}
    </div>
  );
}

function Badges({ player }: { player: TPlayerHiscores }) {
  const badges: string[] = [];
  if (player.game_mode !== "regular") badges.push(GAME_MODE_LABEL[player.game_mode]);
  if (player.xp_mode !== "regular") badges.push(`${player.xp_mode} XP Boost`);
  if (badges.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Account type">
      {badges.map((b) => (
        <li key={b} className="rounded border border-gold-dark bg-stone-850 px-2 py-0.5 text-sm text-gold">
          {b}
        </li>
      ))}
    </ul>
  );
}

/** docs/product.md §2 Player hiscores: name, badges from the real mode, the skill table, the activity panels; the tabs lead to the player's progress. */
export function PlayerHiscores({ name, player }: { name: string; player: TPlayerHiscores | null }) {
  return (
    <>
      <PlayerHeader name={name} player={player} current="stats" />
      {player ? (
        <div className="space-y-6">
          <Badges player={player} />
          <Panel aria-labelledby="skills-heading">
            <h2 id="skills-heading" className="mb-3 text-2xl text-gold">
              Skills
            </h2>
            {/* On a phone the icon column gives its room to the numbers, so nothing scrolls sideways. */}
            <div className="overflow-x-auto">
              <table className="w-full text-left text-xs min-[400px]:text-sm sm:text-base">
                <TableHead columns={PLAYER_COLUMNS} />
                <tbody>
                  {player.results.map((r) => (
                    <tr key={r.skill} className="border-b border-stone-800">
                      <td className="hidden px-1.5 py-2 sm:table-cell sm:px-2">
                        <span aria-hidden="true" className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-stone-800 text-xs text-gold">
                          {r.skill_name.slice(0, 2)}
                        </span>
                      </td>
                      <td className="px-1.5 py-2 sm:px-2">
                        <Link
                          href={hiscoresHref({ skill: r.skill, mode: player.game_mode, xp: player.xp_mode })}
                          className="underline-offset-2 hover:underline"
                          data-skill={skillSlug(r.skill)}
                        >
                          {r.skill_name}
                        </Link>
                      </td>
                      <td className="px-1.5 py-2 sm:px-2 text-right tabular-nums">{fmt.format(r.rank)}</td>
                      <td className="px-1.5 py-2 sm:px-2 text-right tabular-nums">{fmt.format(r.level)}</td>
                      <td className="px-1.5 py-2 sm:px-2 text-right tabular-nums">{fmt.format(r.experience)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Panel>
          <ActivityPanels player={player} />
        </div>
      ) : null}
    </>
  );
}
