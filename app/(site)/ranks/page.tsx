import type { Metadata } from "next";
import Link from "next/link";
import { TierBadge, titleCase } from "@/components/forums/rank-labels";
import { StaffIcon } from "@/components/forums/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { TableHead } from "@/components/ui/table-head";
import { PRIVILEGE_LADDER } from "@/lib/privileges";
import { DONATOR_RANKS, postTierSteps, rankColorClass } from "@/lib/ranks";

export const metadata: Metadata = { title: "Ranks" };

// /ranks: what the rank and the post-count tier in a forum author's panel mean. Every number is
// read from lib/ranks.ts, the tables the site ranks players by; prerendered like /rules.

const cell = "px-2 py-1.5";
const dollars = (n: number) => `$${n.toLocaleString("en-US")}`;
const posts = (n: number) => n.toLocaleString("en-US");

export default function RanksPage() {
  const tiers = postTierSteps();
  const staff = PRIVILEGE_LADDER.filter((p) => p !== "PLAYER").map((p) => titleCase(p.toLowerCase()));
  return (
    <>
      <PageHeader title="Ranks" subtitle="What the rank and the tier beside a name in the forums mean." />
      <div className="space-y-6">
        <Panel id="donator-ranks" aria-labelledby="donator-ranks-heading" className="scroll-mt-4">
          <h2 id="donator-ranks-heading" className="mb-2 text-2xl text-gold">
            Donator ranks
          </h2>
          <p className="mb-3 text-stone-300">
            A donator rank comes with the total a player has donated over time, and the name is shown in its colour. A player without one shows as Player.
          </p>
          <div className="overflow-x-auto">
            <table className="w-full max-w-md text-left">
              <TableHead
                columns={[
                  { label: "Rank", className: cell },
                  { label: "Total donated", className: `${cell} text-right` },
                ]}
              />
              <tbody>
                {DONATOR_RANKS.map((r) => (
                  <tr key={r.rank} className="border-b border-stone-800" data-rank={r.rank.toLowerCase()}>
                    <th scope="row" className={`${cell} font-bold ${rankColorClass(r.rank.toLowerCase())}`}>
                      {r.name}
                    </th>
                    <td className={`${cell} text-right tabular-nums`}>{dollars(r.minDollars)} or more</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-3 text-stone-300">
            What each rank gives in the game is listed under Donator Benefits in the <Link href="/store">store</Link>.
          </p>
        </Panel>

        <Panel id="staff-ranks" aria-labelledby="staff-ranks-heading" className="scroll-mt-4">
          <h2 id="staff-ranks-heading" className="mb-2 text-2xl text-gold">
            Staff ranks
          </h2>
          <p className="text-stone-300">Members of staff show their staff rank instead, whatever they have donated, marked with the staff icon:</p>
          <ul className="mt-2 flex flex-wrap gap-x-4">
            {staff.map((s) => (
              <li key={s} className={`flex items-center gap-1.5 font-bold ${rankColorClass(s.toLowerCase())}`}>
                <StaffIcon rank={s} />
                {s}
              </li>
            ))}
          </ul>
        </Panel>

        <Panel id="post-tiers" aria-labelledby="post-tiers-heading" className="scroll-mt-4">
          <h2 id="post-tiers-heading" className="mb-2 text-2xl text-gold">
            Forum post tiers
          </h2>
          <p className="mb-3 text-stone-300">The tier under a name follows how many posts its author has written in the forums.</p>
          <div className="overflow-x-auto">
            <table className="w-full max-w-md text-left">
              <TableHead
                columns={[
                  { label: "Tier", className: cell },
                  { label: "Posts", className: `${cell} text-right` },
                ]}
              />
              <tbody>
                {tiers.map((t, i) => {
                  const next = tiers[i + 1];
                  return (
                    <tr key={t.tier} className="border-b border-stone-800">
                      <th scope="row" className={`${cell} font-normal`}>
                        <TierBadge tier={t.tier} />
                      </th>
                      <td className={`${cell} text-right tabular-nums`}>
                        {next ? `${posts(t.minPosts)}–${posts(next.minPosts - 1)}` : `${posts(t.minPosts)} or more`}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </Panel>
      </div>
    </>
  );
}
