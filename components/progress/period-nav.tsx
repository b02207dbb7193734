import Link from "next/link";

/**
 * A row of period links (a segmented control without a script): each a URL, the current one
 * marked with aria-current. Wraps on a phone.
 */
export function PeriodNav<P extends string>({
  label,
  periods,
  current,
  href,
}: {
  label: string;
  periods: readonly { value: P; label: string }[];
  current: P;
  href: (p: P) => string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {periods.map((p) => (
          <li key={p.value}>
            <Link
              href={href(p.value)}
              aria-current={p.value === current ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded border-2 px-3 py-1.5 text-sm no-underline hover:no-underline ${
                p.value === current
                  ? "border-gold bg-stone-800 text-gold-bright"
                  : "border-stone-700 text-stone-200 hover:border-stone-500 hover:text-gold-bright"
              }`}
            >
              {p.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
