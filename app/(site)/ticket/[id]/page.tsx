import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ReplyForm } from "@/components/tickets/reply-form-client";
import { StaffControls } from "@/components/tickets/staff-controls-client";
import { StatusBadge } from "@/components/tickets/status-badge";
import { TicketContext } from "@/components/tickets/ticket-context";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { Panel } from "@/components/ui/panel";
import { routeId } from "@/lib/route-id";
import { TICKET_CLOSED_MESSAGE } from "@/lib/schemas/tickets";
import { requireUser } from "@/lib/server/sessions/guards";
import { findTicket } from "@/lib/server/tickets/get-ticket";
import { BackLink } from "@/components/ui/back-link";
import { RatingForm } from "@/components/tickets/rating-form-client";
import { NoteForm, TicketAssignment } from "@/components/tickets/staff-desk-client";
import { FirstResponseText } from "@/components/tickets/first-response";
import { atLeast } from "@/lib/privileges";
import { isTicketRating, TICKET_STATE_LABELS } from "@/lib/schemas/tickets";
import { getStaffTicketOrThrow } from "@/lib/server/tickets/get-staff-ticket";
import { listAssignableStaff } from "@/lib/server/tickets/list-assignable-staff";
import { AppealAccountPanel } from "@/components/tickets/appeal-account-panel";
import { AttachmentThumbnails } from "@/components/tickets/attachment-thumbnails";
import { findAppealAccount } from "@/lib/server/appeals/appeal-account";

export const metadata: Metadata = { title: "Ticket", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

/**
 * docs/product.md §2 Ticket view. Numeric ids only; a ticket that is missing or not the reader's goes to
 * the 404 page alike (docs/product.md §6 "403 → /404"). Users' text is rendered as React text only.
 * Staff also get the desk (docs/support-desk.md): assignment, priority, the first-response target
 * and the internal notes, read through the staff use case only when the reader is staff; the
 * player's view is built from the player's read alone, which holds no notes. `?rate=` (the close
 * mail's links) only preselects the owner's rating: the Confirm button records it.
 */
export default async function TicketPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const id = routeId((await params).id);
  if (id === null) notFound();
  const actor = await requireUser(`/ticket/${id}`);
  const ticket = await findTicket(actor, id);
  if (!ticket) notFound();
  const isOwner = ticket.user === actor.username;
  const [desk, assignable] = actor.isStaff ? await Promise.all([getStaffTicketOrThrow(id), listAssignableStaff()]) : [null, []];
  const rate = (await searchParams).rate;
  const chosen = isTicketRating(rate) ? rate : null;
  const appealAccount = await findAppealAccount(actor, ticket.id);

  return (
    <>
      {actor.isStaff && !isOwner ? (
        <BackLink href="/staff/tickets">Back to the ticket queue</BackLink>
      ) : (
        <BackLink href="/account/tickets">Back to my tickets</BackLink>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-6">
          <header className="border-b-2 border-stone-700 pb-4">
            <p className="text-sm text-stone-400">{ticket.type_label}</p>
            <h1 className="text-3xl break-words text-gold sm:text-4xl">{ticket.title}</h1>
          </header>
          <Panel as="article" aria-label="Original description">
            <p className="mb-3 text-sm text-stone-400">
              {desk ? (
                <a href={`/staff/players/${desk.player.id}`} className="font-semibold">
                  {ticket.user}
                </a>
              ) : (
                <span className="font-semibold text-stone-100">{ticket.user}</span>
              )}{" "}
              wrote on <LocalDateTime value={ticket.created} long />
            </p>
            <p className="break-words whitespace-pre-wrap">{ticket.description}</p>
            <AttachmentThumbnails attachments={ticket.attachments} />
          </Panel>

          <section aria-labelledby="comments-heading" className="space-y-4">
            <h2 id="comments-heading" className="text-2xl text-gold">
              Comments
            </h2>
            {ticket.comments.length === 0 ? <p className="text-stone-400">No replies yet.</p> : null}
            <ol className="space-y-4">
              {ticket.comments.map((c) => (
                <li key={c.id}>
                  <Panel as="article" className={c.staff ? "border-gold-dark" : ""} aria-label={`Reply by ${c.user}`}>
                    <p className="mb-2 flex flex-wrap items-center gap-2 text-sm text-stone-400">
                      <span className="font-semibold text-stone-100">{c.user}</span>
                      {c.staff ? <span className="rounded bg-gold/15 px-1.5 text-xs font-bold text-gold">Staff</span> : null}
                      <LocalDateTime value={c.date} long />
                    </p>
                    <p className="break-words whitespace-pre-wrap">{c.content}</p>
                    <AttachmentThumbnails attachments={c.attachments} />
                  </Panel>
                </li>
              ))}
            </ol>
          </section>

          {ticket.closed ? (
            <p className="rounded border-2 border-stone-600 bg-stone-800/60 px-4 py-3" data-testid="closed-notice">
              {TICKET_CLOSED_MESSAGE} <Link href="/tickets/create">Create a new ticket</Link>
            </p>
          ) : (
            <Panel aria-label="Reply">
              <ReplyForm ticketId={ticket.id} staffAnswer={actor.isStaff && !isOwner} staffTools={actor.isStaff} />
            </Panel>
          )}
          {ticket.closed && isOwner ? (
            <Panel id="rate">
              <RatingForm ticketId={ticket.id} current={ticket.rating} chosen={chosen} />
            </Panel>
          ) : null}

          {desk ? (
            <section aria-labelledby="notes-heading" className="space-y-4 rounded border-2 border-dashed border-stone-600 p-4" data-testid="internal-notes">
              <h2 id="notes-heading" className="text-2xl text-gold">
                Internal notes
              </h2>
              {desk.notes.length === 0 ? <p className="text-stone-400">No notes yet.</p> : null}
              <ol className="space-y-3">
                {desk.notes.map((n) => (
                  <li key={n.id} className="rounded bg-stone-800/60 p-3">
                    <p className="mb-1 text-sm text-stone-400">
                      <span className="font-semibold text-stone-100">{n.user}</span> <LocalDateTime value={n.date} long />
                    </p>
                    <p className="break-words whitespace-pre-wrap">{n.content}</p>
                  </li>
                ))}
              </ol>
              <NoteForm ticketId={ticket.id} />
            </section>
          ) : null}
        </div>

        <aside className="space-y-6" aria-label="Ticket details">
          <Panel>
            <dl className="space-y-3">
              <div>
                <dt className="text-sm text-stone-400">Ticket ID</dt>
                <dd className="font-semibold">#{ticket.id}</dd>
              </div>
              <div>
                <dt className="text-sm text-stone-400">Status</dt>
                <dd>
                  <StatusBadge closed={ticket.closed} />
                  {ticket.state === "waiting_for_player" ? (
                    <span className="ml-2 text-sm text-stone-300" data-testid="ticket-state">
                      {isOwner ? "Waiting for your answer" : TICKET_STATE_LABELS.waiting_for_player}
                    </span>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-stone-400">Last Updated</dt>
                <dd>
                  <LocalDateTime value={ticket.updated} long />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-stone-400">Created On</dt>
                <dd>
                  <LocalDateTime value={ticket.created} long />
                </dd>
              </div>
            </dl>
          </Panel>
          {actor.isStaff ? (
            <Panel>
              <StaffControls ticketId={ticket.id} closed={ticket.closed} />
            </Panel>
          ) : null}
          {desk ? (
            <Panel>
              <p className="mb-3 text-sm">
                First response: <FirstResponseText value={desk.first_response} />
              </p>
              {desk.rating ? (
                <p className="mb-3 text-sm">
                  Player rating: {desk.rating}
                  {desk.rated_staff ? ` (for ${desk.rated_staff})` : ""}
                </p>
              ) : null}
              <TicketAssignment
                ticketId={ticket.id}
                actorId={actor.userId}
                assigneeId={desk.assignee?.id ?? null}
                priority={desk.priority}
                staff={assignable}
              />
            </Panel>
          ) : null}
          {appealAccount ? (
            <Panel>
              <AppealAccountPanel account={appealAccount} />
            </Panel>
          ) : null}
          {ticket.context.purchase || ticket.context.order || ticket.context.vote ? (
            <Panel>
              <TicketContext
                context={ticket.context}
                paymentHref={
                  desk && ticket.context.purchase && atLeast(actor.privilege, "ADMINISTRATOR") ? `/staff/payments?q=${ticket.context.purchase.id}` : undefined
                }
              />
            </Panel>
          ) : null}
        </aside>
      </div>
    </>
  );
}
