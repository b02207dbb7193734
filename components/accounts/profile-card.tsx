import Link from "next/link";
import { LogoutButton } from "@/components/layout/logout-button-client";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { Panel } from "@/components/ui/panel";
import { DONATOR_RANKS, nextDonatorRank, rankColorClass } from "@/lib/ranks";
import type { TUserDto } from "@/lib/schemas/accounts";

const dollars = (n: number) => `$${n.toFixed(2)}`;

/** docs/product.md §2 Account: User Profile card with the Sign out button. */
export function ProfileCard({ profile, creatorDashboard = false }: { profile: TUserDto; creatorDashboard?: boolean }) {
  const rows: { label: string; value: React.ReactNode }[] = [
    { label: "Joined", value: <LocalDateTime value={profile.joinDate} /> },
    { label: "Total votes", value: profile.totalVotes.toLocaleString("en-US") },
    { label: "Total spent", value: dollars(profile.totalSpent) },
    { label: "Store credits", value: profile.storeCredits.toLocaleString("en-US") },
  ];
  return (
    <Panel aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="text-2xl text-gold">
        User Profile
      </h2>
      <p className="mt-3 text-xl font-bold break-all">
        <span className={rankColorClass(profile.rank)} data-rank={profile.rank} data-testid="profile-name">
          {profile.name}
        </span>
      </p>
      <p className="text-sm text-stone-400">
        <span className="capitalize">{profile.rank}</span> · <span className="break-all">{profile.email}</span>
      </p>
      <DonatorProgress memberRank={profile.memberRank} totalSpent={profile.totalSpent} />
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        {rows.map((r) => (
          <div key={r.label} className="contents">
            <dt className="text-stone-400">{r.label}</dt>
            <dd className="text-right font-semibold text-stone-100 sm:text-left">{r.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-5 flex flex-wrap items-center gap-3">
        <Link href="/account/purchases?type=credits" className="btn btn-stone">
          View Purchase History
        </Link>
        <Link href="/account/tickets" className="btn btn-stone">
          My Tickets
        </Link>
        {creatorDashboard ? (
          <Link href="/account/creator" className="btn btn-stone">
            Creator dashboard
          </Link>
        ) : null}
        <LogoutButton className="btn btn-ember">Sign out</LogoutButton>
      </div>
    </Panel>
  );
}

/** The donator rank the player has and what the next one needs, with a bar (the ranks: /ranks). */
function DonatorProgress({ memberRank, totalSpent }: Pick<TUserDto, "memberRank" | "totalSpent">) {
  const totalCents = Math.round(totalSpent * 100);
  const current = DONATOR_RANKS.find((r) => r.rank === memberRank);
  const next = nextDonatorRank(totalCents);
  const span = next ? next.minDollars * 100 - next.fromCents : 1;
  const done = next ? Math.min(100, Math.max(0, Math.round(((totalCents - next.fromCents) / span) * 100))) : 100;
  return (
    <div className="mt-4" data-testid="donator-progress">
      <p className="text-sm text-stone-300">
        Donator rank:{" "}
        <Link href="/ranks#donator-ranks" className="font-semibold text-stone-100 underline-offset-2 hover:underline">
          {current?.name ?? "none yet"}
        </Link>
        {next ? (
          <>
            {" "}
            · <span className="font-semibold text-gold">{dollars(next.missingCents / 100)}</span> more to {next.name}
          </>
        ) : (
          " · the highest rank"
        )}
      </p>
      <div
        role="progressbar"
        aria-label={next ? `Progress to ${next.name}` : "Donator rank progress"}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={done}
        className="mt-1.5 h-2 overflow-hidden rounded bg-stone-800"
      >
        <div className="h-full rounded bg-gold" style={{ width: `${done}%` }} />
      </div>
    </div>
  );
}
