import Link from "next/link";

export type Crumb = { label: string; href?: string };

/** Forums › Category › Forum (› Thread): the last crumb is the current page. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-stone-300">
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={`${i}-${c.label}`} className="flex min-w-0 items-center gap-2">
              {c.href && !last ? (
                <Link href={c.href} className="break-words">
                  {c.label}
                </Link>
              ) : (
                <span aria-current={last ? "page" : undefined} className="break-words text-stone-200">
                  {c.label}
                </span>
              )}
              {last ? null : (
                <span aria-hidden="true" className="text-stone-500">
                  ›
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
