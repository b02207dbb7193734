/** "Open" or "Closed" (docs/product.md §2 side panel and tables). */
export function StatusBadge({ closed }: { closed: boolean }) {
  return (
    <span
      className={`rounded px-2 py-0.5 text-sm font-bold ${closed ? "bg-stone-700 text-stone-200" : "bg-moss/30 text-emerald-200"}`}
      data-testid="ticket-status"
    >
      {closed ? "Closed" : "Open"}
    </span>
  );
}
