import Link from "next/link";
import { HISCORES_PAGE_SIZE, hiscoresHref, playerHref, type TGameMode, type TXpMode } from "@/lib/hiscores";
import { isActivityId } from "@/lib/hiscores-layout";
import { listHiscores } from "@/lib/server/hiscores/list-hiscores";
import { TableHead } from "@/components/ui/table-head";

const LADDER_COLUMNS = [
  { label: "Rank", className: "px-2 py-2" },
  { label: "Username", className: "px-2 py-2" },
  { label: "Level", className: "px-2 py-2 text-right" },
  { label: "Experience", className: "px-2 py-2 text-right" },
];
const ACTIVITY_COLUMNS = [
  { label: "Rank", className: "px-2 py-2" },
  { label: "Username", className: "px-2 py-2" },
  { label: "Score", className: "px-2 py-2 text-right" },
];

export const EMPTY_TEXT = "No hiscores entries found";
const fmt = new Intl.NumberFormat("en-US");

const RANK_STYLE: Record<number, string> = {
  1: "bg-gold/15 text-gold-bright",
  2: "bg-stone-300/10 text-stone-100",
  3: "bg-ember/10 text-ember",
};

/**
 * Table Rank / Username / Level / Experience (an activity: Rank / Username / Score), the top three
 * highlighted, Previous / Next by ?page=.
 */
export async function HiscoresTable({ skill, mode, xp, page }: { skill: number; mode: TGameMode; xp: TXpMode; page: number }) {
  const { results, hasNext, players } = await listHiscores({ skill, mode, xp, page });
  const lastPage = Math.max(1, Math.ceil(players / HISCORES_PAGE_SIZE));
  const previous = page > 1 ? Math.min(page - 1, Math.max(lastPage, 1)) : null;
  return (
    <div data-testid="hiscores-table">
      {results.length === 0 ? (
        <p className="py-8 text-center text-stone-300">{EMPTY_TEXT}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm sm:text-base">
            <TableHead columns={isActivityId(skill) ? ACTIVITY_COLUMNS : LADDER_COLUMNS} />
            <tbody>
              {results.map((e) => (
                <tr key={e.id} className={`border-b border-stone-800 ${RANK_STYLE[e.rank] ?? ""}`} data-rank={e.rank}>
                  <td className="px-2 py-2 tabular-nums">
                    {e.rank <= 3 ? <span className="sr-only">Top three: </span> : null}
                    {fmt.format(e.rank)}
                  </td>
                  <td className="px-2 py-2">
                    <Link href={playerHref(e.username)} className="underline-offset-2 hover:underline">
                      {e.username}
                    </Link>
                  </td>
                  {"score" in e ? (
                    <td className="px-2 py-2 text-right tabular-nums">{fmt.format(e.score)}</td>
                  ) : (
                    <>
                      <td className="px-2 py-2 text-right tabular-nums">{fmt.format(e.total_level)}</td>
                      <td className="px-2 py-2 text-right tabular-nums">{fmt.format(e.total_experience)}</td>
                    </>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Hiscores pages" className="mt-4 flex items-center justify-between gap-3">
        {previous ? (
          <Link href={hiscoresHref({ skill, mode, xp, page: previous })} className="btn btn-stone" rel="prev">
            Previous
          </Link>
        ) : (
          <span className="btn btn-stone pointer-events-none opacity-50" aria-disabled="true">
            Previous
          </span>
        )}
        <span className="text-sm text-stone-300">Page {fmt.format(page)}</span>
        {hasNext ? (
          <Link href={hiscoresHref({ skill, mode, xp, page: page + 1 })} className="btn btn-stone" rel="next">
            Next
          </Link>
        ) : (
          <span className="btn btn-stone pointer-events-none opacity-50" aria-disabled="true">
            Next
          </span>
        )}
      </nav>
    </div>
  );
}

/** What the table's place shows while it loads (docs/product.md §2: loading state). */
export function HiscoresTableLoading() {
  return (
    <div role="status" aria-live="polite" className="py-8 text-center text-stone-300">
      <span className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-gold border-t-transparent align-middle" aria-hidden="true" /> Loading
      hiscores…
    </div>
  );
}
