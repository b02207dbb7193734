"use client";

import { useApiGet } from "@/components/api/use-api-get";
import * as endpoints from "@/lib/client/endpoints";

// "N players online" under the home header, as the game last reported it. Nothing is shown
// while loading, when the call fails, or when no world has reported lately: a guessed or
// stale number would be worse than none.
export function PlayersOnline() {
  const { res } = useApiGet(endpoints.playersOnline, {});
  const data = res?.ok ? res.data : null;
  if (!data || data.worlds.length === 0) return null;
  return (
    <p className="mt-6 inline-flex items-center gap-2 rounded-full border border-stone-700 bg-stone-900/70 px-4 py-1 text-sm text-stone-200" role="status">
      <span className="size-2 rounded-full bg-emerald-400" aria-hidden="true" />
      <span>
        <strong className="text-stone-50">{data.count.toLocaleString("en-US")}</strong> {data.count === 1 ? "player" : "players"} online
      </span>
    </p>
  );
}
