import Link from "next/link";
import { hiscoresHref, type TGameMode, type TXpMode } from "@/lib/hiscores";
import { recordsHref, topGainsHref } from "@/lib/progress/urls";

export type HiscoresSection = "ladders" | "gains" | "records" | "competitions";

/**
 * Ladders, Top gainers, Records: the three boards of the hiscores, linked from each other with
 * the ladder (game mode, XP mode) kept; and the competitions, which span every ladder. Links rendered on the server; the current one is marked.
 */
export function HiscoresSections({ current, mode, xp }: { current: HiscoresSection; mode: TGameMode; xp: TXpMode }) {
  const sections = [
    { id: "ladders", label: "Ladders", href: hiscoresHref({ mode, xp }) },
    { id: "gains", label: "Top gainers", href: topGainsHref({ mode, xp }) },
    { id: "records", label: "Records", href: recordsHref({ mode, xp }) },
    { id: "competitions", label: "Competitions", href: "/competitions" },
  ] as const;
  return (
    <nav aria-label="Hiscores boards" className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {sections.map((s) => (
          <li key={s.id}>
            <Link href={s.href} aria-current={s.id === current ? "page" : undefined} className={`btn ${s.id === current ? "btn-gold" : "btn-stone"}`}>
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
