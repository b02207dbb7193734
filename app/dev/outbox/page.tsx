import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { clientAddress } from "@/lib/server/security/client-address";
import { isOutboxEnabled, listOutbox, mayViewOutbox } from "@/lib/server/mail/list-outbox";
import { getCurrentActor } from "@/lib/server/sessions/current-user";

// Local mode only (docs/deployment.md): the emails the site would have sent, newest first. Shown to
// administrators and owners and to clients on this machine only; anyone else (moderators
// included) gets the 404 page.
export const metadata: Metadata = { title: "Outbox", robots: { index: false, follow: false } };

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/** Plain-text body with its links clickable. */
function LinkedText({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="break-all">
            {part}
          </a>
        ) : (
          <span key={i}>{part}</span>
        ),
      )}
    </>
  );
}

export default async function OutboxPage() {
  // Rendered per request: the configuration and the mail table are read at request time.
  await connection();
  if (!isOutboxEnabled()) notFound();
  const [requestHeaders, actor] = await Promise.all([headers(), getCurrentActor()]);
  if (!mayViewOutbox({ address: clientAddress(requestHeaders), privilege: actor?.privilege ?? null })) notFound();
  const messages = await listOutbox(100);
  return (
    <main id="main" className="mx-auto w-full max-w-4xl px-3 py-6 sm:px-4">
      <header className="mb-6 border-b-2 border-stone-700 pb-4">
        <h1 className="text-3xl text-gold">Outbox</h1>
        <p className="mt-2 text-stone-300">
          Local mode: no mail server is configured, so emails are kept here instead of being sent. Newest first. <Link href="/">Back to the site</Link>
        </p>
      </header>
      {messages.length === 0 ? (
        <p className="text-stone-300">No emails yet.</p>
      ) : (
        <ol className="space-y-4">
          {messages.map((m) => (
            <li key={m.id}>
              <article aria-labelledby={`mail-${m.id}-subject`} data-to={m.to} className="panel p-4">
                <h2 id={`mail-${m.id}-subject`} className="text-xl break-words text-gold">
                  {m.subject}
                </h2>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
                  <dt className="text-stone-400">To</dt>
                  <dd className="break-all text-stone-100">{m.to}</dd>
                  <dt className="text-stone-400">Date</dt>
                  <dd className="text-stone-100">
                    <LocalDateTime value={m.createdAt.toISOString()} />
                  </dd>
                </dl>
                <pre className="mt-3 rounded bg-stone-950 p-3 font-[family-name:var(--font-body)] text-sm whitespace-pre-wrap text-stone-200">
                  <LinkedText text={m.text} />
                </pre>
                {m.html ? (
                  <details className="mt-3">
                    <summary className="cursor-pointer text-gold">View HTML</summary>
                    {/* sandbox="" : no scripts, no forms, no navigation from the captured HTML. */}
                    <iframe title={`HTML of: ${m.subject}`} sandbox="" srcDoc={m.html} className="mt-2 h-96 w-full rounded border border-stone-700 bg-white" />
                  </details>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
