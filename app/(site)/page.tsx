import type { Metadata } from "next";
import Link from "next/link";
import { PlayersOnline } from "@/components/game/players-online-client";
import { GoalBars } from "@/components/goals/goal-bars-client";
import { Supporters } from "@/components/goals/supporters-client";
import { LatestNews } from "@/components/news/latest-news-client";
import { RecentAchievements } from "@/components/progress/recent-achievements";
import { ButtonLink } from "@/components/ui/button-link";
import { VoteGoalProgress } from "@/components/votes/vote-goal-progress-client";
import { siteConfig } from "@/lib/site-config";

export const metadata: Metadata = { title: { absolute: `Home | ${siteConfig.name}` } };
// Prerendered, then regenerated in the background at most this often (seconds) for the Recent
// achievements feed, the one part read from the database: the page stays a file served without a
// render per request, and needs no database at build time (docs/performance.md).
export const revalidate = 30;

const FEATURES = [
  { href: "/hiscores", title: "Hiscores", text: "Every skill ranked, across every game mode and XP rate. Claim your spot at the top." },
  { href: "/vote", title: "Vote rewards", text: "Vote on three listing sites every 12 hours and collect points in-game." },
  { href: "/store", title: "Store", text: "Spend credits on cosmetics and supplies, claimed from the donation manager at home." },
  { href: "/forums", title: "Community", text: "Guides, clan recruitment, suggestions and the latest news from the team." },
];

export default function HomePage() {
  return (
    <div className="flex flex-col gap-10">
      <section className="panel relative overflow-hidden px-4 py-12 text-center sm:px-10 sm:py-20" aria-labelledby="hero-heading">
        <p className="font-[family-name:var(--font-display)] text-lg text-gold-bright">{siteConfig.tagline}</p>
        <h1 id="hero-heading" className="mt-3 text-4xl text-stone-50 sm:text-6xl">
          What are you waiting for?
        </h1>
        {/* Both greetings are in the prerendered page; the stylesheet shows the members' one once
            the browser knows who is signed in (app/globals.css, .guest-only / .member-only). */}
        <div className="guest-only" data-testid="hero-guest">
          <p className="mx-auto mt-4 max-w-2xl text-stone-300">
            Create a free account, download the client and step into {siteConfig.name}: classic combat, skilling and bossing, with a community that plays for
            the long haul.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <ButtonLink href="/play" variant="ember" className="px-8 text-lg">
              Play Now
            </ButtonLink>
            <ButtonLink href="/register" variant="stone">
              Create an Account
            </ButtonLink>
          </div>
        </div>
        <div className="member-only" data-testid="hero-member">
          <p className="mx-auto mt-4 max-w-2xl text-stone-300">
            Welcome back. Your votes reset every 12 hours, your store items wait at the donation manager, and the hiscores show what you gained today.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <ButtonLink href="/play" variant="ember" className="px-8 text-lg">
              Play Now
            </ButtonLink>
            <ButtonLink href="/vote" variant="gold">
              Vote for Rewards
            </ButtonLink>
            <ButtonLink href="/account" variant="stone">
              My Account
            </ButtonLink>
          </div>
        </div>
        <PlayersOnline />
      </section>

      {/* The community goal, vote goal and supporters come from the public API in the browser: the page stays prerendered. */}
      <GoalBars />
      <VoteGoalProgress />
      <Supporters />

      <LatestNews />

      <RecentAchievements />

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="mb-4 text-2xl text-gold">
          Your adventure, your way
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <li key={f.href} className="panel p-5">
              <h3 className="text-xl text-gold-bright">
                <Link href={f.href}>{f.title}</Link>
              </h3>
              <p className="mt-2 text-sm text-stone-300">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="panel flex flex-col items-center gap-4 p-6 text-center sm:flex-row sm:text-left" aria-labelledby="chat-heading">
        <div className="flex-1">
          <h2 id="chat-heading" className="text-2xl text-gold">
            Join us on {siteConfig.chatServerName}
          </h2>
          <p className="mt-1 text-stone-300">Events, announcements, staff applications and a friendly place to ask for help.</p>
        </div>
        <ButtonLink href={siteConfig.chatInviteUrl} external variant="gold">
          Join {siteConfig.chatServerName}
        </ButtonLink>
      </section>
    </div>
  );
}
