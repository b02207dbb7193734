// What forum pages show while their data loads: the same boxes, greyed, announced once.

function Bar({ className = "" }: { className?: string }) {
  return <span className={`block animate-pulse rounded bg-stone-800 ${className}`} />;
}

export function ForumIndexSkeleton() {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">Loading the forums…</span>
      <div aria-hidden="true">
        <div className="mb-6 border-b-2 border-stone-700 pb-4">
          <Bar className="h-10 w-48" />
          <Bar className="mt-3 h-5 w-80 max-w-full" />
        </div>
        <Bar className="mb-6 h-11 w-full max-w-xl" />
        {[0, 1].map((c) => (
          <div key={c} className="panel mb-6 overflow-hidden">
            <div className="border-b-2 border-stone-700 bg-stone-850 px-4 py-3">
              <Bar className="h-6 w-40" />
            </div>
            {[0, 1, 2].map((r) => (
              <div key={r} className="border-b border-stone-800 px-4 py-3">
                <Bar className="h-5 w-56 max-w-full" />
                <Bar className="mt-2 h-4 w-full max-w-md" />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

export function SearchResultsSkeleton() {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">Searching…</span>
      <div aria-hidden="true">
        <div className="mb-6 border-b-2 border-stone-700 pb-4">
          <Bar className="h-10 w-56" />
        </div>
        <Bar className="mb-6 h-11 w-full max-w-xl" />
        {[0, 1, 2, 3].map((r) => (
          <div key={r} className="panel mb-3 p-4">
            <Bar className="h-5 w-64 max-w-full" />
            <Bar className="mt-2 h-4 w-40" />
            <Bar className="mt-3 h-4 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
