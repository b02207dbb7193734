import Link from "next/link";
import { NotificationBell } from "@/components/notifications/notification-bell-client";
import { siteConfig } from "@/lib/site-config";
import { AccountMenu, GuestLoginLink } from "./account-menu-client";
import { MobileMenu } from "./mobile-menu-client";
import { NAV_LINKS } from "./nav-links";

/**
 * Site header: logo, main links, chat link, account menu and PLAY NOW (docs/product.md §2 Global chrome).
 * The same for every visitor, so pages can be prerendered; who is signed in is the account
 * menu's business (a client island, see session-state.ts).
 */
export function Navbar() {
  return (
    <header className="relative border-b-2 border-stone-700 bg-stone-900/95">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-gold focus:px-3 focus:py-2 focus:text-stone-950"
      >
        Skip to content
      </a>
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-3 py-2 sm:px-4">
        <MobileMenu />
        <Link
          href="/"
          className="mr-2 flex items-center gap-2 font-[family-name:var(--font-display)] text-xl font-bold text-gold hover:no-underline sm:text-2xl"
          aria-label={`${siteConfig.name} home`}
        >
          <span aria-hidden="true" className="text-ember">
            ◆
          </span>
          {siteConfig.name}
        </Link>
        <div className="ml-auto flex items-center gap-1">
          <GuestLoginLink />
          <Link href="/play" className="hidden rounded px-3 py-2 text-stone-200 hover:bg-stone-800 hover:no-underline md:block">
            Download
          </Link>
          <a
            href={siteConfig.chatInviteUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="hidden rounded px-3 py-2 text-stone-200 hover:bg-stone-800 hover:no-underline md:block"
          >
            {siteConfig.chatServerName}
          </a>
          <NotificationBell />
          <AccountMenu />
          <Link href="/play" className="btn btn-ember hidden whitespace-nowrap sm:inline-flex">
            PLAY NOW
          </Link>
        </div>
      </div>
      {/* Wide screens: the main links get a row of their own, like the game's classic menu bar. */}
      <nav aria-label="Main" className="hidden border-t border-stone-700/70 bg-stone-950/60 lg:block">
        <ul className="mx-auto flex max-w-7xl items-center justify-center gap-1 px-4">
          {NAV_LINKS.map((l) => (
            <li key={l.href}>
              <Link
                href={l.href}
                className="block px-4 py-2.5 font-[family-name:var(--font-display)] text-[1.05rem] tracking-wide text-stone-200 hover:bg-stone-800 hover:text-gold-bright hover:no-underline"
              >
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
