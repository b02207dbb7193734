import Link from "next/link";
import { ProgressTime } from "@/components/progress/progress-time";
import { Panel } from "@/components/ui/panel";
import { combatLevelOf } from "@/lib/combat-level";
import { GAME_MODE_LABEL, hiscoresHref, skillSlug } from "@/lib/hiscores";
import { ACTIVITY_GROUPS, activityByKey, activitySlug } from "@/lib/hiscores-layout";
import type { TPlayerHiscores } from "@/lib/schemas/hiscores";
import { PlayerHeader } from "./player-header";
import { SkillIcon, SkillIconSprite } from "./skill-icons";
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

/** The combat level, and when the stats last changed in the server's time zone (as on the progress tabs: a cached page reads the same for all). */
function Summary({ player }: { player: TPlayerHiscores }) {
  return (
    <dl className="flex flex-wrap gap-x-6 gap-y-1 text-stone-300">
      <div className="flex gap-1.5">
        <dt>Combat level:</dt>
        <dd className="font-bold text-gold tabular-nums" data-testid="combat-level">
          {combatLevelOf(player.results)}
        </dd>
      </div>
      <div className="flex flex-wrap gap-x-1.5" data-testid="stats-changed">
        <dt>Stats last changed:</dt>
        <dd>
          <ProgressTime value={player.updated} />
        </dd>
      </div>
    </dl>
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

/**
 * docs/product.md §2 Player hiscores: name, combat level and last change, badges from the real
 * mode, the skill table (an icon per skill, then its name), the activity panels; the tabs lead to
 * the player's progress.
 */
export function PlayerHiscores({ name, player }: { name: string; player: TPlayerHiscores | null }) {
  return (
    <>
      <PlayerHeader name={name} player={player} current="stats" />
      {player ? (
        <div className="space-y-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Summary player={player} />
            <Badges player={player} />
          </div>
          <Panel aria-labelledby="skills-heading">
            <h2 id="skills-heading" className="mb-3 text-2xl text-gold">
              Skills
            </h2>
            <SkillIconSprite />
            {/* On a phone the icon column gives its room to the numbers, so nothing scrolls sideways. */}
            <div className="overflow-x-auto">
              <table className="w-full text-left text-xs min-[400px]:text-sm sm:text-base">
                <TableHead columns={PLAYER_COLUMNS} />
                <tbody>
                  {player.results.map((r) => (
                    <tr key={r.skill} className="border-b border-stone-800">
                      <td className="hidden px-1.5 py-2 sm:table-cell sm:px-2">
                        <SkillIcon skill={r.skill} className="size-7" />
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
