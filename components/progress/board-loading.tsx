/** What a board's place shows while it loads, as the ladders do. */
export function BoardLoading({ what }: { what: string }) {
  return (
    <div role="status" aria-live="polite" className="py-8 text-center text-stone-300">
      <span className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-gold border-t-transparent align-middle" aria-hidden="true" /> Loading{" "}
      {what}…
    </div>
  );
}
