import Link from "next/link";

/** Previous / Next links for `?page=` lists; other query values are kept. */
export function Pager({ basePath, query, page, hasNext }: { basePath: string; query: Record<string, string | undefined>; page: number; hasNext: boolean }) {
  if (page <= 1 && !hasNext) return null;
  const href = (n: number) => {
    const q = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])));
    if (n > 1) q.set("page", String(n));
    const s = q.toString();
    return s ? `${basePath}?${s}` : basePath;
  };
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center gap-3">
      {page > 1 ? (
        <Link href={href(page - 1)} className="btn btn-stone">
          Previous Page
        </Link>
      ) : null}
      <span className="text-stone-300">Page {page}</span>
      {hasNext ? (
        <Link href={href(page + 1)} className="btn btn-stone">
          Next Page
        </Link>
      ) : null}
    </nav>
  );
}
