import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { FAQ_ENTRIES, type AnswerPart } from "@/lib/content/faq";
import { siteConfig } from "@/lib/site-config";

export const metadata: Metadata = { title: "FAQ" };

function Part({ part }: { part: AnswerPart }) {
  if (typeof part === "string") return <>{part}</>;
  if (part.external) {
    return (
      <a href={part.href} target="_blank" rel="noopener noreferrer">
        {part.text}
      </a>
    );
  }
  return <Link href={part.href}>{part.text}</Link>;
}

export default function FaqPage() {
  return (
    <>
      <PageHeader title="Frequently Asked Questions" subtitle={`Quick answers to the questions new ${siteConfig.name} players ask most.`} />
      <div className="flex flex-col gap-4">
        {FAQ_ENTRIES.map((entry) => (
          <section key={entry.id} id={entry.id} aria-labelledby={`${entry.id}-q`} className="panel scroll-mt-24">
            <h2 id={`${entry.id}-q`} className="border-b border-stone-700 px-4 py-3 text-xl text-gold sm:px-6 sm:text-2xl">
              {entry.question}
            </h2>
            <div className="space-y-3 px-4 py-4 leading-relaxed text-stone-200 sm:px-6">
              {entry.answer.map((paragraph, i) => (
                <p key={i}>
                  {paragraph.map((part, j) => (
                    <Part key={j} part={part} />
                  ))}
                </p>
              ))}
            </div>
          </section>
        ))}
      </div>
      <p className="mt-6 text-stone-300">
        Still stuck? Open a <Link href="/tickets">support ticket</Link> or ask on our{" "}
        <a href={siteConfig.chatInviteUrl} target="_blank" rel="noopener noreferrer">
          {siteConfig.chatServerName} server
        </a>
        .
      </p>
    </>
  );
}
