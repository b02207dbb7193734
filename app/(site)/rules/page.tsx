import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { offenseLabel, penaltyLabel, RULE_SECTIONS, type PenaltyLadder, type RuleSection } from "@/lib/content/rules";
import { siteConfig } from "@/lib/site-config";

export const metadata: Metadata = { title: "Rules" };

function LadderTable({ sectionId, ladder, index }: { sectionId: string; ladder: PenaltyLadder; index: number }) {
  const noteId = `${sectionId}-ladder-${index}-note`;
  return (
    <div className="mt-4">
      <div className="overflow-x-auto">
        <table className="my-0! max-w-md" aria-describedby={ladder.note ? noteId : undefined}>
          <caption className="mb-2 text-left font-semibold text-ink">Penalties: {ladder.offense}</caption>
          <thead>
            <tr>
              <th scope="col">Offense</th>
              <th scope="col">Penalty</th>
            </tr>
          </thead>
          <tbody>
            {ladder.steps.map((step, i) => (
              <tr key={`${step}-${i}`}>
                <th scope="row" className="bg-stone-800 whitespace-nowrap">
                  {offenseLabel(i)}
                </th>
                <td className="bg-parchment-dark/40">{penaltyLabel(step)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {ladder.note ? (
        <p id={noteId} className="mt-2! text-sm">
          {ladder.note}
        </p>
      ) : null}
    </div>
  );
}

/** A paragraph with the section's link words turned into links (each where it first appears). */
function Paragraph({ text, links = [] }: { text: string; links?: RuleSection["links"] }) {
  const parts: ReactNode[] = [];
  let rest = text;
  for (const link of links) {
    const at = rest.indexOf(link.text);
    if (at < 0) continue;
    parts.push(
      rest.slice(0, at),
      <Link key={link.href} href={link.href}>
        {link.text}
      </Link>,
    );
    rest = rest.slice(at + link.text.length);
  }
  return (
    <p>
      {parts}
      {rest}
    </p>
  );
}

function RuleSectionBlock({ section }: { section: RuleSection }) {
  const headingId = `${section.id}-heading`;
  return (
    <section id={section.id} aria-labelledby={headingId} className="scroll-mt-24 border-t border-gold-dark/40 pt-2 first:border-t-0 first:pt-0">
      <h2 id={headingId} className="mt-4!">
        {section.number}. {section.title}
      </h2>
      {section.body.map((paragraph) => (
        <Paragraph key={paragraph} text={paragraph} links={section.links} />
      ))}
      {section.points && section.points.length > 0 ? (
        <ul>
          {section.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      ) : null}
      {section.ladders.length === 0 ? (
        <p className="text-sm italic">No separate penalty ladder applies to this section.</p>
      ) : (
        section.ladders.map((ladder, i) => <LadderTable key={ladder.offense} sectionId={section.id} ladder={ladder} index={i} />)
      )}
      <p className="text-sm">
        <a href="#contents">Back to contents</a>
      </p>
    </section>
  );
}

export default function RulesPage() {
  return (
    <>
      <PageHeader
        title="Rules"
        subtitle={`These rules apply everywhere ${siteConfig.name} is played or discussed: in the game, on this website and on our ${siteConfig.chatServerName} server. Penalties grow with each repeat offense.`}
      />
      <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)] lg:items-start">
        <nav id="contents" aria-label="Contents" className="panel scroll-mt-24 p-4 lg:sticky lg:top-4">
          <p className="mb-2 font-[family-name:var(--font-display)] text-xl text-gold">Contents</p>
          <ol className="list-decimal space-y-1 pl-6 text-sm">
            {RULE_SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <Panel tone="parchment" as="div" className="prose-site min-w-0 [&_h2]:text-ember-dark">
          <p className="mt-0!">
            Staff may act on behaviour that breaks the spirit of these rules even when no rule names it exactly. To report a player, open a{" "}
            <Link href="/tickets">support ticket</Link> and include screenshots or clips where you can. To appeal a ban, use the{" "}
            <Link href="/appeal">appeal page</Link>: it needs no sign-in.
          </p>
          {RULE_SECTIONS.map((section) => (
            <RuleSectionBlock key={section.id} section={section} />
          ))}
        </Panel>
      </div>
    </>
  );
}
