import { type Page, expect } from "@playwright/test";

/**
 * The first link matching `pattern` in the newest captured email addressed to `to`, read from the local
 * outbox page of the server at `base` (mail may be written a moment after the request).
 */
export async function linkFromLatestEmail(page: Page, to: string, pattern: RegExp, base?: string): Promise<string> {
  const outbox = base ? new URL("/dev/outbox", base).toString() : "/dev/outbox";
  let href: string | null = null;
  await expect
    .poll(
      async () => {
        await page.goto(outbox);
        // Addressed to `to` (its "To" line), not merely naming it: a notice to the old address
        // of an email change names the new one in its text.
        const mail = page
          .locator("article")
          .filter({ has: page.locator("dd", { hasText: to }) })
          .first();
        if ((await mail.count()) === 0) return null;
        const links = await mail.locator("pre a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
        href = links.find((l) => pattern.test(l)) ?? null;
        return href;
      },
      { message: `an email to ${to} with a link matching ${pattern}`, timeout: 15_000 },
    )
    .not.toBeNull();
  return href!;
}
