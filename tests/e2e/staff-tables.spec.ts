import { type Page, expect } from "@playwright/test";
import { createE2EUser } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { sql } from "./support/store-link";

// The staff tables on a phone (390 px) and on a desktop: below the width a table needs, each
// row is a card of "label: value" lines, so every column's value is on the screen with its
// label and nothing scrolls sideways; where there is room, the same rows are a table with its
// header row. One shared component (components/ui/responsive-table.tsx) does this for every
// staff table: the player's records, the ticket queue, the jobs queue, the store editor and the
// dashboard's figures. Each page passes axe at both widths.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

type Problem = string;

/**
 * Every body cell of every table in the main area: on the screen (not cut off at either side,
 * not hidden in a scroll box), and, where the layout is cards, with its column's label visible
 * beside it. Returns what is wrong, as text.
 */
async function cellsShown(page: Page): Promise<{ problems: Problem[]; cells: number; cards: boolean[] }> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const cards: boolean[] = [];
    let cells = 0;
    const width = document.documentElement.clientWidth;
    // A chart's live legend (uPlot draws it as a table) is part of the chart, not a table of figures.
    for (const table of Array.from(document.querySelectorAll("main table:not(.u-legend)"))) {
      if (!(table as HTMLElement).offsetParent) continue; // inside a closed <details>
      const caption = table.querySelector("caption")?.textContent?.trim() ?? "(no caption)";
      const heads = Array.from(table.querySelectorAll("thead th")).map((th) => th.textContent?.trim() ?? "");
      const asCards = getComputedStyle(table).display === "block";
      cards.push(asCards);
      for (const tr of Array.from(table.querySelectorAll("tbody tr"))) {
        Array.from(tr.children).forEach((cell, i) => {
          cells += 1;
          const box = cell.getBoundingClientRect();
          const where = `${caption}, row ${tr.textContent?.slice(0, 40)}…, column ${heads[i]}`;
          if (box.width === 0 || box.height === 0) problems.push(`${where}: not shown`);
          if (box.left < -0.5 || box.right > width + 0.5)
            problems.push(`${where}: outside the screen (${Math.round(box.left)}–${Math.round(box.right)} of ${width})`);
          // A scroll box between the cell and the page would hide the part past its edge.
          for (let el = cell.parentElement; el && el !== document.body; el = el.parentElement) {
            const s = getComputedStyle(el);
            if ((s.overflowX === "auto" || s.overflowX === "scroll" || s.overflowX === "hidden") && el.scrollWidth > el.clientWidth + 1) {
              problems.push(`${where}: in a box that scrolls sideways`);
              break;
            }
          }
          if (!asCards) return;
          const label = cell.querySelector(":scope > [aria-hidden='true']");
          const headText = heads[i] ?? "";
          const hiddenLabel = cell.querySelector(":scope > div.col-span-2");
          if (hiddenLabel) return; // a column whose header is for screen readers (an image, the actions)
          if (!label || label.textContent?.trim() !== headText) problems.push(`${where}: no "${headText}" label`);
          else if (label.getBoundingClientRect().width === 0) problems.push(`${where}: its label is not shown`);
        });
      }
    }
    return { problems, cells, cards };
  });
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

/** At 390 px: cards with every value and label; at 1280 px: tables; axe clean at both. */
async function checkBothWidths(page: Page, path: string, prepare?: (page: Page) => Promise<void>) {
  await page.setViewportSize(PHONE);
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  if (prepare) await prepare(page);
  const phone = await cellsShown(page);
  expect(phone.cells, `${path}: some table cells to check`).toBeGreaterThan(0);
  expect(phone.problems, path).toEqual([]);
  expect(phone.cards.every(Boolean), `${path}: every table is cards at 390 px`).toBe(true);
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page), `${path} at 390 px`).toEqual([]);

  await page.setViewportSize(DESKTOP);
  const desktop = await cellsShown(page);
  expect(desktop.problems, path).toEqual([]);
  expect(
    desktop.cards.some((c) => !c),
    `${path}: a table at 1280 px`,
  ).toBe(true);
  await expectNoSidewaysScroll(page);
  expect(await axeViolations(page), `${path} at 1280 px`).toEqual([]);
}

test.describe("staff tables on a phone and a desktop", () => {
  test.setTimeout(300_000); // several axe runs per page on a shared machine

  test("a player's records: every column of every table, with its label, on a 390 px screen", async ({ page }) => {
    const admin = await createE2EUser({ privilege: "ADMINISTRATOR" });
    // The demo player has a ledger, purchases, an order, deliveries, votes, tickets and posts.
    const [player] = await sql<{ id: number }>(`SELECT id FROM users WHERE username = 'Player'`);
    await startSignedIn(page, admin);
    await checkBothWidths(page, `/staff/players/${player!.id}`);

    // What a person reads on the phone: a ledger entry as a card, each value beside its label.
    await page.setViewportSize(PHONE);
    const ledger = page.getByTestId("section-ledger").getByRole("row").nth(1);
    for (const label of ["When", "Change", "Balance after", "Kind", "Note", "By"]) await expect(ledger.getByText(label, { exact: true })).toBeVisible();
    const purchases = page.getByTestId("section-purchases").getByRole("row").nth(1);
    await expect(purchases.getByText("Provider events", { exact: true })).toBeVisible();
    // Its last value, scrolled to, is wholly on the screen: nothing past the right edge.
    await purchases.getByRole("cell").last().scrollIntoViewIfNeeded();
    await expect(purchases.getByRole("cell").last()).toBeInViewport({ ratio: 1 });
    // On the desktop the header row is back and the labels are gone.
    await page.setViewportSize(DESKTOP);
    await expect(page.getByTestId("section-ledger").getByRole("columnheader", { name: "Balance after" })).toBeVisible();
    await expect(ledger.getByText("Balance after", { exact: true })).toBeHidden();
  });

  test("the ticket queue and a player's own tickets", async ({ page }) => {
    const mod = await createE2EUser({ privilege: "MODERATOR" });
    await startSignedIn(page, mod);
    await checkBothWidths(page, "/staff/tickets?status=all");
    await page.setViewportSize(PHONE);
    const first = page.getByRole("table", { name: "Ticket queue" }).getByRole("row").nth(1);
    for (const label of ["Title", "Player", "Type", "State", "Waiting since", "First response", "Priority", "Assigned to", "Last Reply"]) {
      // The label (the demo player is called "Player", so the value may read the same).
      await expect(first.locator(":scope > td > [aria-hidden='true'], :scope > th > [aria-hidden='true']").getByText(label, { exact: true })).toBeVisible();
    }

    // A player's My Tickets (the same table without the staff columns).
    await page.context().clearCookies();
    const player = await createE2EUser();
    await startSignedIn(page, player);
    const opened = await page.request.post("/api/v1/tickets", { data: { type: "REPORT_BUG", title: "Bank tab icons reset", description: "After logout." } });
    expect(opened.status()).toBe(201);
    await checkBothWidths(page, "/account/tickets");
  });

  test("the jobs queue, the store editor and the dashboard's figures", async ({ page }) => {
    const owner = await createE2EUser({ privilege: "OWNER" });
    await startSignedIn(page, owner);
    await checkBothWidths(page, "/staff/jobs");
    // Each tab of the store editor is a table of its own.
    for (const tab of ["Products", "Categories", "Credit packages"]) {
      await checkBothWidths(page, "/staff/store", (p) => p.getByRole("tab", { name: tab }).click());
    }
    await checkBothWidths(page, "/staff", async (p) => {
      for (const summary of await p.getByText("Show the figures").all()) await summary.click();
    });
    // The audit log: an entry with a reason and a change.
    const player = await createE2EUser();
    const grant = await page.request.post("/api/v1/staff/credits", { data: { username: player.username, amount: 250, reason: "Gold bought on ticket #20" } });
    expect(grant.status()).toBe(200);
    await checkBothWidths(page, `/staff/audit?targetType=user&target=${player.id}`);
  });
});
