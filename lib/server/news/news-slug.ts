import "server-only";

// Slugs of news posts (/news/{slug}): lowercase ASCII letters and digits joined by single
// hyphens, from the title. Unique by the database's unique index; createNews picks the next
// free "-2", "-3"… while it holds the news forum's row lock, and retries if a writer outside
// that lock got there first.

export const SLUG_MAX = 80;
const FALLBACK = "news";

/** "Winter Festival: Día 2!" → "winter-festival-dia-2"; nothing usable left → "news". */
export function slugify(title: string): string {
  const ascii = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (!ascii) return FALLBACK;
  if (ascii.length <= SLUG_MAX) return ascii;
  // Cut at a word boundary when one is near the end, never leaving a trailing hyphen.
  const cut = ascii.slice(0, SLUG_MAX);
  const hyphen = cut.lastIndexOf("-");
  return (hyphen >= SLUG_MAX / 2 ? cut.slice(0, hyphen) : cut).replace(/-+$/g, "");
}

/** A slug as it may appear in a URL: checked before any lookup, so odd paths never reach the database. */
export function isSlug(s: string): boolean {
  return s.length <= 140 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s);
}

/** The first free slug for `base` given the slugs already taken: `base`, else `base-2`, `base-3`… */
export function nextFreeSlug(base: string, taken: readonly string[]): string {
  const set = new Set(taken);
  if (!set.has(base)) return base;
  let n = 2;
  while (set.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}
