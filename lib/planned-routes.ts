// Pages the spec names that later issues build (news, forums, hiscores, tickets).
// Links to them exist already; until a page exists its link is not prefetched, because the
// prefetch answers 404 and the browser reports that as a console error on every page.
// The issue that adds a page removes its entry (tests/e2e/page-walk.spec.ts catches a miss).
const PLANNED = ["/news", "/forums"];

/** `prefetch` for a <Link> to `href`: false while the page is not built, else Next's default. */
export function prefetchFor(href: string): false | undefined {
  const path = href.split(/[?#]/)[0]!.replace(/(.)\/$/, "$1");
  return PLANNED.some((p) => path === p || path.startsWith(`${p}/`)) ? false : undefined;
}
