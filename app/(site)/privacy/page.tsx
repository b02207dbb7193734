import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { siteConfig } from "@/lib/site-config";

export const metadata: Metadata = { title: "Privacy Policy" };

const name = siteConfig.name;

const COLLECTED: { what: string; why: string }[] = [
  {
    what: "Username and email address",
    why: "To create your account, show your name in the game, on the hiscores and in the forums, and to send account recovery and security emails.",
  },
  {
    what: "Password",
    why: "To let you log in. We never store the password itself, only a one-way hash of it that cannot be turned back into the original.",
  },
  {
    what: "IP address",
    why: "For security: to limit repeated login or sign-up attempts, detect abuse and enforce bans. It is not used for advertising or profiling.",
  },
  {
    what: "Purchase records",
    why: "To deliver what you bought, show your purchase history and handle refunds or disputes. Payments are handled by our payment providers; we receive the order details and status, never your card or bank details.",
  },
  {
    what: "Vote records",
    why: "To know which listing site you voted on and when, so we can apply the vote cooldown and add your vote points.",
  },
  {
    what: "Things you write",
    why: "Support tickets and forum posts are stored so that they can be shown and answered.",
  },
];

export default function PrivacyPage() {
  return (
    <>
      <PageHeader
        title="Privacy Policy"
        subtitle={
          <>
            <span className="font-semibold text-gold-bright">Version 0.1</span>
            <span aria-hidden="true"> · </span>
            <span>How {name} handles your personal data</span>
          </>
        }
      />
      <Panel tone="parchment" as="article" className="prose-site [&_h2]:text-ember-dark" aria-label="Privacy Policy">
        <p className="mt-0!">
          We collect as little about you as we can while still running a safe game server. This page explains what we keep, why, for how long and what you can
          ask us to do with it. It applies to this website, the game and the game client.
        </p>

        <h2>1. What we collect and why</h2>
        <div className="overflow-x-auto">
          <table>
            <caption className="sr-only">Data we collect and the reason for each</caption>
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Why we need it</th>
              </tr>
            </thead>
            <tbody>
              {COLLECTED.map((row) => (
                <tr key={row.what}>
                  <th scope="row" className="align-top">
                    {row.what}
                  </th>
                  <td className="bg-parchment-dark/40 align-top">{row.why}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>We do not sell your data, and we do not share it with anyone except as described below.</p>

        <h2>2. Who else sees it</h2>
        <ul>
          <li>
            <strong>Payment providers</strong> process the payments you choose to make, under their own privacy policies.
          </li>
          <li>
            <strong>Server listing sites</strong>: when you vote, the link you follow passes your username to that site so your vote can be credited.
          </li>
          <li>
            <strong>Other players</strong> see your username, hiscores, rank and anything you post publicly in the forums or in the game.
          </li>
          <li>We may disclose data when the law requires it, or to protect players from fraud or harm.</li>
        </ul>

        <h2>3. Cookies</h2>
        <p>
          While you are logged in, this website sets two cookies. The session cookie keeps you logged in; it is marked HttpOnly, so scripts in the page cannot
          read it, and it ends when you log out or after a period without use. Beside it sits a marker that holds nothing but the value 1, so the page knows to
          show your name in the menu. Both go when you log out. There are no tracking, advertising or analytics cookies, and no third-party trackers.
        </p>

        <h2>4. How long we keep it</h2>
        <ul>
          <li>Account details are kept for as long as your account exists.</li>
          <li>IP addresses in security logs are kept only for as long as they are useful to stop abuse, then removed.</li>
          <li>Purchase records are kept for as long as we need them for accounting and to resolve disputes, even after an account is closed.</li>
          <li>Records of bans may be kept after an account is deleted so that the ban cannot be avoided by signing up again.</li>
        </ul>

        <h2>5. Keeping it safe</h2>
        <p>
          Passwords are stored only as hashes, connections to the website are encrypted, and you can add two-factor authentication on your{" "}
          <Link href="/account">account page</Link>. Staff access to personal data is limited to what they need to help players.
        </p>

        <h2>6. Your rights</h2>
        <p>Depending on where you live, you may have the right to:</p>
        <ul>
          <li>see a copy of the personal data we hold about you;</li>
          <li>have wrong details corrected;</li>
          <li>have your account and personal data deleted;</li>
          <li>object to, or ask us to limit, how we use your data.</li>
        </ul>
        <p>
          To make a request, open a <Link href="/tickets">support ticket</Link> while logged in, or contact us on the chat server below. We may ask you to prove
          the account is yours before acting on it.
        </p>

        <h2>7. Changes to this policy</h2>
        <p>
          When this policy changes, the version number at the top of the page changes too, and important changes are announced on our community chat server.
        </p>

        <h2>8. Contact</h2>
        <p>
          Privacy questions are welcome on our{" "}
          <a href={siteConfig.chatInviteUrl} target="_blank" rel="noopener noreferrer">
            {siteConfig.chatServerName} server
          </a>
          . See also our <Link href="/terms">Terms of Service</Link>.
        </p>
      </Panel>
    </>
  );
}
