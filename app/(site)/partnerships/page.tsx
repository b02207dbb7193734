import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { siteConfig } from "@/lib/site-config";

export const metadata: Metadata = { title: "Partnerships" };

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export default function PartnershipsPage() {
  return (
    <>
      <PageHeader
        title="Partnerships"
        subtitle={`Communities we work with. Their members are welcome on ${siteConfig.name}, and ours are welcome with them.`}
      />
      <ul className="grid gap-4 md:grid-cols-2">
        {siteConfig.partners.map((partner) => {
          const headingId = `partner-${slug(partner.name)}`;
          return (
            <li key={partner.name} className="flex">
              <article aria-labelledby={headingId} className="panel flex w-full flex-col gap-3 p-5 sm:p-6">
                <h2 id={headingId} className="text-2xl text-gold">
                  {partner.name}
                </h2>
                <p className="text-sm font-semibold text-gold-bright">{partner.members}</p>
                <p className="flex-1 text-stone-300">{partner.description}</p>
                <div>
                  <ButtonLink href={partner.inviteUrl} external variant="gold">
                    Join {partner.name}
                  </ButtonLink>
                </div>
              </article>
            </li>
          );
        })}
      </ul>

      <Panel className="mt-8" aria-labelledby="apply-heading">
        <h2 id="apply-heading" className="text-2xl text-gold">
          Become a partner
        </h2>
        <p className="mt-2 text-stone-300">
          Do you run a clan, guide site or community that would fit alongside ours? Join our {siteConfig.chatServerName} server and message a member of staff
          with a short introduction: what your community is about, roughly how many active members it has and what you would like a partnership to look like. We
          read every request, though we keep the list short so each partner gets real attention.
        </p>
        <div className="mt-4">
          <ButtonLink href={siteConfig.chatInviteUrl} external variant="stone">
            Join our {siteConfig.chatServerName}
          </ButtonLink>
        </div>
      </Panel>
    </>
  );
}
