import Link from "next/link";

const fmt = new Intl.NumberFormat("en-US");

/** Previous / Page N / Next under a list, as on the ladders: a link each way, greyed out at an end. */
export function ListPager({ label, page, hasNext, href }: { label: string; page: number; hasNext: boolean; href: (page: number) => string }) {
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link href={href(page - 1)} className="btn btn-stone" rel="prev">
          Previous
        </Link>
      ) : (
        <span className="btn btn-stone pointer-events-none opacity-50" aria-disabled="true">
          Previous
        </span>
      )}
      <span className="text-sm text-stone-300">Page {fmt.format(page)}</span>
      {hasNext ? (
        <Link href={href(page + 1)} className="btn btn-stone" rel="next">
          Next
        </Link>
      ) : (
        <span className="btn btn-stone pointer-events-none opacity-50" aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
