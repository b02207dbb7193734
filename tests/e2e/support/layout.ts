import { expect, type Page } from "@playwright/test";

/** How far the page scrolls sideways (0 or less: it fits the viewport's width). */
export function sideScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The page as it stands fits a 360 × 740 phone screen without scrolling sideways; the desktop size is put back after. */
export async function fitsPhone(page: Page): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await sideScroll(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}
