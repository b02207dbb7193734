"use client";

import { useEffect, useState } from "react";
import { useApiForm } from "@/components/forms/use-api-form";
import { ClientForm } from "@/components/forms/form-client";
import { StatusBadge } from "@/components/tickets/status-badge";
import { TextAreaField } from "@/components/staff/form-controls";
import { LiveAlert } from "@/components/ui/alert";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { Panel } from "@/components/ui/panel";
import { api, readErrors } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import { APPEAL_LINK_INVALID, type TAppealTicket } from "@/lib/schemas/appeals";
import { COMMENT_MAX } from "@/lib/schemas/tickets";

// The emailed appeal link's page: the token goes to the API in a POST body (never another
// address), the ticket and its answers are shown, and a reply box while the ticket is open.

export function AppealTicket({ token }: { token: string }) {
  const [ticket, setTicket] = useState<TAppealTicket | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [content, setContent] = useState("");
  const [posted, setPosted] = useState(false);

  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    void api(endpoints.appealTicket, { body: { token } }).then((res) => {
      if (!live) return;
      if (res.ok) setTicket(res.data as unknown as TAppealTicket);
      else setError(readErrors(res.data as Record<string, unknown>).details ?? APPEAL_LINK_INVALID);
    });
    return () => {
      live = false;
    };
  }, [token, version]);

  const form = useApiForm<{ content: string }>({
    endpoint: endpoints.appealComment,
    required: ["content"],
    fields: ["content"],
    prepare: (v) => ({ token, content: v.content }),
    isSuccess: (res) => res.status === 201,
    onSuccess: () => {
      setContent("");
      setPosted(true);
      setVersion((v) => v + 1);
    },
  });

  if (error) return <LiveAlert tone="error">{error}</LiveAlert>;
  if (!ticket)
    return (
      <p className="text-stone-400" role="status">
        Loading your request…
      </p>
    );
  return (
    <div className="space-y-6">
      <header className="border-b-2 border-stone-700 pb-4">
        <p className="text-sm text-stone-400">
          {ticket.type_label} · #{ticket.id} · <StatusBadge closed={ticket.closed} />
        </p>
        <h1 className="text-3xl break-words text-gold sm:text-4xl">{ticket.title}</h1>
      </header>
      <Panel as="article" aria-label="Your request">
        <p className="mb-3 text-sm text-stone-400">
          <span className="font-semibold text-stone-100">{ticket.user}</span> wrote on <LocalDateTime value={ticket.created} long />
        </p>
        <p className="break-words whitespace-pre-wrap">{ticket.description}</p>
      </Panel>
      <section aria-labelledby="appeal-comments-heading" className="space-y-4">
        <h2 id="appeal-comments-heading" className="text-2xl text-gold">
          Answers
        </h2>
        {ticket.comments.length === 0 ? <p className="text-stone-400">No answers yet. Staff will answer here; keep the email with this link.</p> : null}
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
              </Panel>
            </li>
          ))}
        </ol>
      </section>
      {ticket.closed ? (
        <p className="rounded border-2 border-stone-600 bg-stone-800/60 px-4 py-3">
          Staff closed this request. To ask again, send a new request from the appeal page.
        </p>
      ) : (
        <Panel aria-label="Reply">
          <ClientForm
            noValidate
            onSubmit={(e) => {
              setPosted(false);
              void form.submit({ content }, e);
            }}
            className="space-y-3"
          >
            <TextAreaField
              id="appeal-reply"
              label="Your reply"
              rows={5}
              value={content}
              onChange={(e) => setContent(e.target.value)}
              errors={form.fieldErrors.content}
              maxLength={COMMENT_MAX}
            />
            <LiveAlert tone={form.formError ? "error" : "success"}>{form.formError ?? (posted ? "Your reply was sent." : undefined)}</LiveAlert>
            <button type="submit" className="btn btn-gold" disabled={form.busy}>
              {form.busy ? "Sending..." : "Send reply"}
            </button>
          </ClientForm>
        </Panel>
      )}
    </div>
  );
}
