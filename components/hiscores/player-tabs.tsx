import Link from "next/link";
import { PLAYER_TABS, type PlayerTab, playerTabHref } from "@/lib/progress/urls";

/**
 * The tab bar of a player's pages: plain links rendered on the server (no script), the current
 * one marked with aria-current. Wraps on a phone instead of scrolling sideways.
 */
export function PlayerTabs({ username, current }: { username: string; current: PlayerTab }) {
  return (
    <nav aria-label="Player pages" className="mb-6 border-b-2 border-stone-700">
      <ul className="-mb-0.5 flex flex-wrap gap-x-1">
        {PLAYER_TABS.map((t) => {
          const here = t.tab === current;
          return (
            <li key={t.tab}>
              <Link
                href={playerTabHref(username, t.tab)}
                aria-current={here ? "page" : undefined}
                className={`block border-b-2 px-3 py-2 font-[family-name:var(--font-display)] no-underline hover:no-underline ${
                  here ? "border-gold text-gold-bright" : "border-transparent text-stone-200 hover:border-stone-500 hover:text-gold-bright"
                }`}
              >
                {t.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
