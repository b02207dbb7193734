import type { Metadata } from "next";
import Link from "next/link";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Support" };

type Block = { title: string; text: string; links: { href: string; label: string }[] };

// docs/product.md §2 Support landing: the four help blocks, each with real targets.
const BLOCKS: Block[] = [
  {
    title: "Billing Help",
    text: "Questions about credits, a payment or a store purchase that did not arrive.",
    links: [
      { href: "/tickets/create?type=RSGP_STORE_PURCHASES", label: "Open a store ticket" },
      { href: "/credits", label: "Credit Store" },
    ],
  },
  {
    title: "Technical Support",
    text: "The client will not start, the website misbehaves, or you found a bug.",
    links: [{ href: "/tickets/create?type=WEBSITE_SUPPORT", label: "Open a ticket" }],
  },
  {
    title: "Account Recovery",
    text: "Locked out? Reset your password with your username and email.",
    links: [
      { href: "/account/request-password-reset", label: "Reset your password" },
      { href: "/appeal?type=ACCOUNT_RECOVERY", label: "Lost your authenticator" },
      { href: "/appeal?type=BAN_APPEAL", label: "Appeal a ban" },
    ],
  },
  {
    title: "Report a Player",
    text: "Rule breaking, scams or abuse: tell staff with as much detail as you can.",
    links: [{ href: "/tickets/create?type=REPORT_PLAYER", label: "Report a player" }],
  },
];

export default function SupportPage() {
  return (
    <>
      <PageHeader title="Support" subtitle="Need a hand? Pick a topic below or open a ticket and staff will get back to you.">
        <ButtonLink href="/tickets/create">Create Ticket</ButtonLink>
        <ButtonLink href="/account/tickets" variant="stone">
          My Tickets
        </ButtonLink>
      </PageHeader>
      <ul className="grid gap-4 sm:grid-cols-2">
        {BLOCKS.map((b) => (
          <li key={b.title} className="panel flex flex-col gap-3 p-4 sm:p-6">
            <h2 className="text-2xl text-gold">{b.title}</h2>
            <p className="grow">{b.text}</p>
            <p className="flex flex-wrap gap-x-4 gap-y-2">
              {b.links.map((l) => (
                <Link key={l.href} href={l.href}>
                  {l.label}
                  <span aria-hidden="true"> →</span>
                </Link>
              ))}
            </p>
          </li>
        ))}
      </ul>
      <p className="mt-6">
        <Link href="/ticketinfo/">How tickets work</Link>
      </p>
    </>
  );
}
