import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.1 levels A and AA: what every page of the site is held to. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Runs axe over the page once it has finished rendering, and returns each violation as
 * "rule: help (first targets)" so a failure says what and where.
 *
 * Next sets the document title from the route's metadata, which can land after the `load`
 * event on a busy machine; axe then reports `document-title` for a page that has one. So the
 * walk first waits for a non-empty title, the signal that the head has been rendered.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await expect(page).toHaveTitle(/\S/);
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")})`,
  );
}
