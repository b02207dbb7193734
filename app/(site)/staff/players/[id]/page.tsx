import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { CreditGrantForm } from "@/components/staff/credit-grant-form-client";
import { type ActionKind, PlayerActions } from "@/components/staff/player-actions-client";
import {
  DeliveriesTable,
  LedgerTable,
  OrdersTable,
  PostsTable,
  ProgressTable,
  PurchasesTable,
  SessionsTable,
  TicketsTable,
  VoteCallbacksTable,
  VotesTable,
} from "@/components/staff/player-records";
import { PlayerRisk } from "@/components/staff/player-risk";
import { PlayerNoteForm, PunishForm } from "@/components/staff/punish-form-client";
import { NotesTable, PunishmentsTable } from "@/components/staff/punishment-records";
import { SharedAddresses } from "@/components/staff/shared-addresses-client";
import { StaffBadge } from "@/components/staff/staff-badge";
import { Pager } from "@/components/ui/pager";
import { ButtonLink } from "@/components/ui/button-link";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { InvalidQuery } from "@/components/ui/invalid-query";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { atLeast, staffRefusal } from "@/lib/privileges";
import type { PrivilegeName } from "@/lib/ranks";
import { routeId } from "@/lib/route-id";
import { PAGE_QUERIES } from "@/lib/schemas/page-queries";
import { PLAYER_OVERVIEW_ROWS, PLAYER_RECORDS_PAGE_SIZE, type TStaffPlayer } from "@/lib/schemas/staff-players";
import { isAppError } from "@/lib/server/errors";
import { parsePageQuery, type SearchParams } from "@/lib/server/http/page-query";
import { hasSpendingHold } from "@/lib/server/payments/disputes";
import { getPlayerRisk } from "@/lib/server/payments/player-risk";
import { requireStaff } from "@/lib/server/sessions/guards";
import { getPlayer, getPlayerCard } from "@/lib/server/staff/get-player";
import { listPlayerDeliveries } from "@/lib/server/staff/list-player-deliveries";
import { listPlayerLedger } from "@/lib/server/staff/list-player-ledger";
import { listPlayerOrders } from "@/lib/server/staff/list-player-orders";
import { listPlayerPosts } from "@/lib/server/staff/list-player-posts";
import { listPlayerProgress } from "@/lib/server/staff/list-player-progress";
import { listPlayerPurchases } from "@/lib/server/staff/list-player-purchases";
import { listPlayerTickets } from "@/lib/server/staff/list-player-tickets";
import { listPlayerVoteCallbacks } from "@/lib/server/staff/list-player-vote-callbacks";
import { listPlayerVotes } from "@/lib/server/staff/list-player-votes";
import { listPunishments, proposePunishments } from "@/lib/server/punishments/list-punishments";
import { listPlayerNotes } from "@/lib/server/punishments/player-notes";
import { activeMuteOf } from "@/lib/server/punishments/restrictions";
import type { Listed, RecordPage, StaffViewer } from "@/lib/server/staff/player-dto";

// A player's staff page: profile, privilege, donator rank, money, ban and 2FA state,
// live sessions, then every record the site keeps of them, the newest ten of each with a link
// to all of them (?section=…, paged). Moderators and up read it (purchases and their provider
// events: administrators); the actions offered are the ones this member of staff may take, and
// the API checks each again.
export const metadata: Metadata = { title: "Player", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

type Section = {
  key: string;
  title: string;
  min: PrivilegeName;
  load: (id: number, p: RecordPage, viewer: StaffViewer) => Promise<{ total: number; node: ReactNode }>;
};

function section<T>(
  key: string,
  title: string,
  min: PrivilegeName,
  empty: string,
  list: (id: number, p: RecordPage, viewer: StaffViewer) => Promise<Listed<T>>,
  Table: (props: { rows: T[] }) => ReactNode,
): Section {
  return {
    key,
    title,
    min,
    load: async (id, p, viewer) => {
      const { results, total } = await list(id, p, viewer);
      return { total, node: results.length ? <Table rows={results} /> : <p className="text-stone-300">{empty}</p> };
    },
  };
}

const SECTIONS: Section[] = [
  section("punishments", "Punishment history", "MODERATOR", "No warnings, mutes or bans.", listPunishments, PunishmentsTable),
  section("notes", "Staff notes", "MODERATOR", "No staff notes.", listPlayerNotes, NotesTable),
  section("ledger", "Credit ledger", "MODERATOR", "No credit changes yet.", listPlayerLedger, LedgerTable),
  section("purchases", "Credit purchases", "ADMINISTRATOR", "No credit purchases.", listPlayerPurchases, PurchasesTable),
  section("orders", "Store orders", "MODERATOR", "No store orders.", listPlayerOrders, OrdersTable),
  section("deliveries", "Game deliveries", "MODERATOR", "Nothing was sent to the game for this player.", listPlayerDeliveries, DeliveriesTable),
  section("votes", "Votes", "MODERATOR", "No counted votes.", listPlayerVotes, VotesTable),
  section("vote-callbacks", "Vote callbacks", "MODERATOR", "No vote-site callbacks named this player.", listPlayerVoteCallbacks, VoteCallbacksTable),
  section("tickets", "Support tickets", "MODERATOR", "No tickets.", listPlayerTickets, TicketsTable),
  section("posts", "Forum posts", "MODERATOR", "No forum posts.", listPlayerPosts, PostsTable),
  section("progress", "Progress history", "MODERATOR", "The game has pushed no progress for this player yet.", listPlayerProgress, ProgressTable),
];

const label = (p: string) => p.charAt(0) + p.slice(1).toLowerCase();
const actor3 = (v: StaffViewer) => ({ id: v.actorId, privilege: v.privilege });

/**
 * An account whose private record is out of this member of staff's reach (a rank at or above
 * theirs): its public name and privilege, and the privilege change where the rule allows it (an
 * owner changing another owner's).
 */
async function OutOfReach({ id, actor }: { id: number; actor: StaffViewer }) {
  const card = await getPlayerCard(id).catch((e: unknown) => {
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    throw e;
  });
  const mayChange = staffRefusal(actor3(actor), { id: card.id, privilege: card.privilege }, "privilege") === null;
  return (
    <>
      <PageHeader title={card.username} subtitle={`Player #${card.id} · ${label(card.rank)}`}>
        <ButtonLink href="/staff/players" variant="stone">
          All players
        </ButtonLink>
      </PageHeader>
      <Panel aria-labelledby="reach-heading" className="space-y-4">
        <h2 id="reach-heading" className="text-2xl text-gold">
          Out of your reach
        </h2>
        <p data-testid="out-of-reach">
          {card.username} is {card.privilege === "ADMINISTRATOR" || card.privilege === "OWNER" ? "an" : "a"} {card.privilege.toLowerCase()}: only a higher rank
          may read their record or act on their account.
        </p>
        {mayChange ? (
          <PlayerActions player={{ id: card.id, username: card.username, privilege: card.privilege, twoFactor: false }} allowed={["privilege"]} />
        ) : null}
      </Panel>
    </>
  );
}
function BanState({ player }: { player: TStaffPlayer }) {
  if (!player.banned) return <StaffBadge tone="ok">Not banned</StaffBadge>;
  return (
    <div className="space-y-1" data-testid="ban-state">
      <StaffBadge tone="bad">{player.bannedUntil ? "Banned for now" : "Banned for good"}</StaffBadge>
      {player.bannedUntil ? (
        <p>
          Until <LocalDateTime value={player.bannedUntil} long />, then it ends by itself.
        </p>
      ) : null}
      <p className="break-words">Reason: {player.banReason ?? "none given"}</p>
      {player.bannedAt ? (
        <p className="text-sm text-stone-400">
          Since <LocalDateTime value={player.bannedAt} long />
        </p>
      ) : null}
    </div>
  );
}

function MuteState({ mute }: { mute: { endsAt: Date | null; message: string } | null }) {
  if (!mute) return <StaffBadge tone="ok">Not muted</StaffBadge>;
  return (
    <div className="space-y-1" data-testid="mute-state">
      <StaffBadge tone="bad">{mute.endsAt ? "Muted for now" : "Muted for good"}</StaffBadge>
      {mute.endsAt ? (
        <p>
          Until <LocalDateTime value={mute.endsAt.toISOString()} long />, then it ends by itself.
        </p>
      ) : null}
      <p className="break-words">Message: {mute.message}</p>
    </div>
  );
}

function Profile({ player }: { player: TStaffPlayer }) {
  const rows: [string, ReactNode][] = [
    [
      "Email",
      <span key="e" className="break-all">
        {player.email}
      </span>,
    ],
    ["Email confirmed", player.emailConfirmed ? "Yes" : "No"],
    ["Privilege", label(player.privilege)],
    ["Donator rank", player.memberRank === "NONE" ? "None" : label(player.memberRank)],
    ["Total spent", `$${(player.totalSpentCents / 100).toFixed(2)}`],
    [
      "Credits",
      <span key="c" data-testid="player-balance">
        {player.storeCredits.toLocaleString("en-US")}
      </span>,
    ],
    ["Votes", player.totalVotes.toLocaleString("en-US")],
    ["Forum", `${player.threadCount.toLocaleString("en-US")} threads, ${player.postCount.toLocaleString("en-US")} posts`],
    ["Joined", <LocalDateTime key="j" value={player.joinDate} long />],
    ["Last login", player.lastLoginAt ? <LocalDateTime key="l" value={player.lastLoginAt} long /> : "Never"],
  ];
  return (
    <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-stone-400">{k}</dt>
          <dd className="min-w-0">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export default async function StaffPlayerPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> }) {
  const actor = await requireStaff("MODERATOR");
  const id = routeId((await params).id);
  if (!id) notFound();
  const viewer: StaffViewer = { actorId: actor.userId, privilege: actor.privilege };
  const player = await getPlayer(id, viewer).catch((e: unknown) => {
    if (isAppError(e) && e.code === "NOT_FOUND") notFound();
    if (isAppError(e) && e.code === "FORBIDDEN") return null;
    throw e;
  });
  if (!player) return <OutOfReach id={id} actor={viewer} />;
  const parsed = parsePageQuery(PAGE_QUERIES["/staff/players/{id}"], await searchParams);
  if (!parsed.ok) {
    return (
      <>
        <PageHeader title={player.username} subtitle={`Player #${player.id}`} />
        <InvalidQuery errors={parsed.errors} labels={{ section: "Section", page: "Page" }} />
        <Link href={`/staff/players/${player.id}`}>Back to {player.username}</Link>
      </>
    );
  }
  const sections = SECTIONS.filter((s) => atLeast(actor.privilege, s.min));
  const isAdmin = atLeast(actor.privilege, "ADMINISTRATOR");
  const base = `/staff/players/${player.id}`;

  // One list on its own, paged.
  const only = sections.find((s) => s.key === parsed.query.section);
  if (only) {
    const { page } = parsed.query;
    const { total, node } = await only.load(player.id, { page, pageSize: PLAYER_RECORDS_PAGE_SIZE }, viewer);
    return (
      <>
        <PageHeader title={`${only.title}: ${player.username}`} subtitle={`${total.toLocaleString("en-US")} in all, newest first.`}>
          <ButtonLink href={base} variant="stone">
            Back to {player.username}
          </ButtonLink>
        </PageHeader>
        <Panel aria-label={only.title}>
          {node}
          <Pager basePath={base} query={{ section: only.key }} page={page} hasNext={page * PLAYER_RECORDS_PAGE_SIZE < total} />
        </Panel>
      </>
    );
  }

  const target = { id: player.id, privilege: player.privilege };
  const reach = staffRefusal(actor3(viewer), target, "act") === null;
  const mute = await activeMuteOf(player.id);
  const allowed: ActionKind[] = [
    ...(reach && !player.banned ? (["ban"] as const) : []),
    ...(reach && player.banned ? (["unban"] as const) : []),
    ...(reach && mute ? (["unmute"] as const) : []),
    ...(reach ? (["end-sessions"] as const) : []),
    ...(reach && isAdmin && player.twoFactor ? (["reset-2fa"] as const) : []),
    ...(staffRefusal(actor3(viewer), target, "privilege") === null ? (["privilege"] as const) : []),
  ];
  const loaded = await Promise.all(sections.map(async (s) => ({ s, ...(await s.load(player.id, { page: 1, pageSize: PLAYER_OVERVIEW_ROWS }, viewer)) })));
  // Money figures are the administrators' (as purchases); every member of staff sees the hold.
  const [risk, onHold, proposals] = await Promise.all([
    isAdmin ? getPlayerRisk(player.id, viewer) : null,
    hasSpendingHold(player.id),
    reach ? proposePunishments(player.id, viewer) : null,
  ]);

  return (
    <>
      <PageHeader title={player.username} subtitle={`Player #${player.id} · ${label(player.rank)}`}>
        <ButtonLink href="/staff/players" variant="stone">
          All players
        </ButtonLink>
        {isAdmin ? (
          <ButtonLink href={`/staff/audit?targetType=user&target=${player.id}`} variant="stone">
            Audit log of this player
          </ButtonLink>
        ) : null}
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-2">
        <Panel aria-labelledby="profile-heading" className="min-w-0">
          <h2 id="profile-heading" className="mb-3 text-2xl text-gold">
            Profile
          </h2>
          <Profile player={player} />
        </Panel>
        <Panel aria-labelledby="account-heading" className="min-w-0 space-y-4">
          <h2 id="account-heading" className="text-2xl text-gold">
            Account
          </h2>
          <div>
            <h3 className="mb-1 font-semibold text-stone-100">Ban</h3>
            <BanState player={player} />
          </div>
          <div>
            <h3 className="mb-1 font-semibold text-stone-100">Mute</h3>
            <MuteState mute={mute} />
          </div>
          <div>
            <h3 className="mb-1 font-semibold text-stone-100">Store spending</h3>
            <span data-testid="spending-hold">
              {onHold ? <StaffBadge tone="bad">On hold: a payment dispute is open</StaffBadge> : <StaffBadge tone="ok">Not held</StaffBadge>}
            </span>
          </div>
          <div>
            <h3 className="mb-1 font-semibold text-stone-100">Two-factor authentication</h3>
            <StaffBadge tone={player.twoFactor ? "ok" : "none"}>{player.twoFactor ? "On" : "Off"}</StaffBadge>
          </div>
          <div>
            <h3 className="mb-2 font-semibold text-stone-100">Actions</h3>
            <PlayerActions
              player={{ id: player.id, username: player.username, privilege: player.privilege, twoFactor: player.twoFactor }}
              allowed={allowed}
              own={player.id === actor.userId}
            />
          </div>
        </Panel>
      </div>

      {risk ? (
        <Panel aria-labelledby="risk-heading" className="mt-6">
          <h2 id="risk-heading" className="mb-3 text-2xl text-gold">
            Payment risk
          </h2>
          <PlayerRisk risk={risk} />
        </Panel>
      ) : null}

      {proposals ? (
        <Panel aria-labelledby="punish-heading" className="mt-6">
          <h2 id="punish-heading" className="mb-3 text-2xl text-gold">
            Warn, mute or ban by the rules
          </h2>
          <PunishForm playerId={player.id} username={player.username} proposals={proposals.proposals} address={player.sessions.find((x) => x.ip)?.ip ?? null} />
          <h3 className="mt-6 mb-2 text-xl text-gold">Staff note</h3>
          <PlayerNoteForm playerId={player.id} />
        </Panel>
      ) : null}

      {isAdmin && reach ? (
        <Panel aria-labelledby="credits-heading" className="mt-6">
          <h2 id="credits-heading" className="mb-3 text-2xl text-gold">
            Add or remove credits
          </h2>
          <CreditGrantForm username={player.username} />
        </Panel>
      ) : null}

      <Panel aria-labelledby="sessions-heading" className="mt-6">
        <h2 id="sessions-heading" className="mb-3 text-2xl text-gold">
          Sessions ({player.sessions.length})
        </h2>
        <SessionsTable sessions={player.sessions} />
      </Panel>

      <Panel aria-labelledby="shared-addresses-heading" className="mt-6">
        <h2 id="shared-addresses-heading" className="mb-3 text-2xl text-gold">
          Shared addresses
        </h2>
        <SharedAddresses playerId={player.id} />
      </Panel>

      {loaded.map(({ s, total, node }) => (
        <Panel key={s.key} aria-labelledby={`${s.key}-heading`} className="mt-6" data-testid={`section-${s.key}`}>
          <h2 id={`${s.key}-heading`} className="mb-3 text-2xl text-gold">
            {s.title} ({total.toLocaleString("en-US")})
          </h2>
          {node}
          {total > PLAYER_OVERVIEW_ROWS ? (
            <p className="mt-3">
              <Link href={`${base}?section=${s.key}`} className="underline">
                All {total.toLocaleString("en-US")}: {s.title.toLowerCase()}
              </Link>
            </p>
          ) : null}
        </Panel>
      ))}
    </>
  );
}
