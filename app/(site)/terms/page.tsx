import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { siteConfig } from "@/lib/site-config";

export const metadata: Metadata = { title: "Terms" };

const name = siteConfig.name;

export default function TermsPage() {
  return (
    <>
      <PageHeader
        title="Terms of Service"
        subtitle={
          <>
            <span className="font-semibold text-gold-bright">Version 0.1</span>
            <span aria-hidden="true"> · </span>
            <span>Last updated February 2022</span>
          </>
        }
      />
      <Panel tone="parchment" as="article" className="prose-site [&_h2]:text-ember-dark" aria-label="Terms of Service">
        <p className="mt-0!">
          These terms are the agreement between you and the team that runs {name}. They cover the game, this website, the game client and our community spaces.
          By creating an account, downloading the client or playing, you accept them. If you do not agree, please do not use {name}.
        </p>

        <h2>1. About {name}</h2>
        <p>
          {name} is an independent, fan-run game server. It is not affiliated with, endorsed by or connected to the publisher of any commercial game. The
          service is offered free of charge; optional purchases only add extras.
        </p>

        <h2>2. Your account</h2>
        <ul>
          <li>Your account belongs to you alone. One login is used both on this website and in the game.</li>
          <li>Give a valid email address you control; we use it for account recovery and important notices.</li>
          <li>
            Keep your password secret and turn on two-factor authentication from your <Link href="/account">account page</Link>. You are responsible for
            everything done through your account.
          </li>
          <li>Sharing, selling, buying or lending accounts is not allowed, and we cannot restore items lost through a shared account.</li>
          <li>If you are below the age of majority where you live, you need permission from a parent or guardian to play and to make purchases.</li>
        </ul>

        <h2>3. Virtual items and credits</h2>
        <p>
          Credits, in-game gold, items, ranks, vote points and every other virtual good exist only inside {name}. They have no real-world value, are not your
          property and cannot be exchanged back for money. What you receive is a personal, revocable permission to use them in the game.
        </p>
        <p>
          We may change, rebalance or remove virtual goods as the game develops, and we may reset data when a fix requires it. Such changes do not entitle
          anyone to compensation.
        </p>

        <h2>4. Purchases, refunds and chargebacks</h2>
        <ul>
          <li>
            Credit packages are priced in US dollars and paid through external payment providers. Credits and store items are delivered to your account once the
            payment has been confirmed, and are claimed in-game.
          </li>
          <li>
            Purchases are voluntary support for the server. Because virtual goods are delivered at once, all sales are final except where the law where you live
            says otherwise.
          </li>
          <li>
            If something went wrong with an order, open a <Link href="/tickets">support ticket</Link> first: most problems are fixed quickly.
          </li>
          <li>
            Filing a chargeback or payment dispute without contacting us first is treated as a serious breach. The account involved, and any other account owned
            by the same person, may be suspended or closed while it is resolved.
          </li>
        </ul>

        <h2>5. Conduct</h2>
        <p>
          Everyone who plays must follow the <Link href="/rules">Rules</Link>. They describe what is not allowed and the penalties that apply, and they form
          part of these terms. Staff decide on penalties; you can appeal a decision through a support ticket, or a ban on the appeal page (/appeal), which needs
          no sign-in.
        </p>

        <h2>6. The game client</h2>
        <p>
          Download the client only from the <Link href="/play">download page</Link>. You may not modify, decompile, resell or redistribute it, or use it
          together with software that automates play or gives an unfair advantage.
        </p>

        <h2>7. Suspension and termination</h2>
        <p>
          We may mute, suspend or close any account that breaks these terms or the Rules, or that puts other players or the service at risk. When an account is
          closed for a breach, credits, items and ranks on it are forfeited and are not refunded. You may stop playing at any time and ask us to delete your
          account as described in the <Link href="/privacy">Privacy Policy</Link>.
        </p>

        <h2>8. Availability and liability</h2>
        <p>
          {name} is provided as it is and as available. We work to keep it running smoothly but cannot promise that it will always be online, free of errors or
          that data will never be lost. To the fullest extent the law allows, the team is not liable for indirect losses, lost virtual goods or lost playing
          time, and our total liability for any claim is limited to the amount you paid for the purchase it concerns.
        </p>

        <h2>9. Changes to these terms</h2>
        <p>
          We may update these terms as the server grows. Each update gets a new version number and date at the top of this page, and larger changes are
          announced on our community chat server. Continuing to play after a change means you accept the new version.
        </p>

        <h2>10. Contact</h2>
        <p>
          Questions about these terms are welcome on our{" "}
          <a href={siteConfig.chatInviteUrl} target="_blank" rel="noopener noreferrer">
            {siteConfig.chatServerName} server
          </a>
          , or through a <Link href="/tickets">support ticket</Link> if it concerns your account.
        </p>
      </Panel>
    </>
  );
}
