import { Panel } from "@/components/ui/panel";
import { playerTabHref } from "@/lib/progress/urls";
import type { LogView } from "@/lib/server/progress/log";
import { ListPager } from "./list-pager";
import { exactDateTime, ProgressTime } from "./progress-time";

// The Adventure log tab (docs/progress.md, "Adventure log"): the player's entries, newest first,
// 25 a page; server firsts stand out.

export const EMPTY_LOG_TEXT = "Nothing in the adventure log yet.";

function Entry({ e }: { e: LogView }) {
  // A folded entry (ten level-ups in an evening) spans from its first repeat to its last.
  const span = e.count > 1 && e.started_at !== e.at ? `From ${exactDateTime(e.started_at)} to ${exactDateTime(e.at)}` : undefined;
  return (
    <li
      className={`flex flex-col gap-1 border-b border-stone-800 py-3 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4 ${
        e.server_first ? "-mx-2 rounded border-2 border-gold-dark bg-gold/10 px-2" : ""
      }`}
      data-kind={e.kind}
      data-server-first={e.server_first || undefined}
    >
      <p className={`min-w-0 break-words ${e.server_first ? "font-semibold text-gold-bright" : "text-stone-100"}`}>
        {e.server_first ? (
          <span aria-hidden="true" className="mr-1">
            ★
          </span>
        ) : null}
        {e.text}
      </p>
      <ProgressTime value={e.at} title={span} className="shrink-0 text-sm text-stone-300" />
    </li>
  );
}

export function PlayerLogView({ username, page, results, hasNext }: { username: string; page: number; results: LogView[]; hasNext: boolean }) {
  return (
    <Panel aria-labelledby="log-heading">
      <h2 id="log-heading" className="mb-2 text-2xl text-gold">
        Adventure log
      </h2>
      <p className="mb-3 text-sm text-stone-300">Level-ups, milestones, boss kills, achievements and rare finds, as the game reported them.</p>
      {results.length === 0 ? (
        <p className="py-6 text-center text-stone-300">{page > 1 ? "No entries on this page." : EMPTY_LOG_TEXT}</p>
      ) : (
        <ol className="border-t border-stone-800" data-testid="adventure-log">
          {results.map((e) => (
            <Entry key={e.id} e={e} />
          ))}
        </ol>
      )}
      {page > 1 || hasNext ? (
        <ListPager label="Adventure log pages" page={page} hasNext={hasNext} href={(n) => playerTabHref(username, "log", { page: n })} />
      ) : null}
    </Panel>
  );
}
