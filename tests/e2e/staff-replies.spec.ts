import { randomBytes } from "node:crypto";
import { type Page, expect } from "@playwright/test";
import { createE2EUser, e2eQuery } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";

// Saved replies, reply and close, report outcomes and the shared-address look-up in the browser:
// a moderator inserts a saved reply in a ticket with the keyboard shortcut (filled for that
// ticket on the server) and sends it with "Reply and close"; resolves a report as agreed (the
// reporter is told); the new page and the new parts of old pages pass axe and fit a 360 px phone.

const tag = () => randomBytes(3).toString("hex");

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

async function ticketOf(userId: number, title: string): Promise<number> {
  const [row] = await e2eQuery<{ id: number }>(
    `INSERT INTO tickets ("userId", type, title, description, "updatedAt") VALUES ($1, 'GENERAL_INQUIRY', $2, 'My items vanished', now()) RETURNING id`,
    [userId, title],
  );
  return row!.id;
}

test("a moderator inserts a saved reply with the shortcut, then replies and closes the ticket", async ({ page }) => {
  test.setTimeout(120_000);
  const [mod, player] = await Promise.all([createE2EUser({ privilege: "MODERATOR" }), createE2EUser()]);
  const title = `Greeting ${tag()}`;
  await e2eQuery(`INSERT INTO saved_replies (title, body) VALUES ($1, $2)`, [title, "Hello {player.name}, about ticket #{ticket.id}. {staff.name}"]);
  const ticketId = await ticketOf(player.id, `Lost items ${tag()}`);

  await startSignedIn(page, mod);
  await page.goto(`/ticket/${ticketId}`);
  const box = page.getByLabel("Your reply");
  await box.click();
  await page.keyboard.press("Alt+Shift+R");
  const picker = page.getByLabel(/Saved reply/);
  await expect(picker).toBeFocused();
  await picker.selectOption({ label: title });
  await picker.press("Enter");
  await expect(box).toHaveValue(`Hello ${player.username}, about ticket #${ticketId}. ${mod.username}`);

  await page.getByRole("button", { name: "Reply and close" }).click();
  await expect(page.getByText("Reply posted and ticket closed.")).toBeVisible();
  await expect(page.getByTestId("closed-notice")).toBeVisible();
  await expect(page.getByRole("article", { name: `Reply by ${mod.username}` })).toContainText(`Hello ${player.username}`);
  const [row] = await e2eQuery<{ closed: boolean }>(`SELECT closed FROM tickets WHERE id = $1`, [ticketId]);
  expect(row?.closed).toBe(true);
});

test("a moderator resolves a report as agreed, and the reporter is told", async ({ page }) => {
  test.setTimeout(120_000);
  const [mod, author, reporter] = await Promise.all([createE2EUser({ privilege: "MODERATOR" }), createE2EUser(), createE2EUser()]);
  const [forum] = await e2eQuery<{ id: number }>(`SELECT id FROM forums WHERE NOT hidden ORDER BY id LIMIT 1`);
  const threadTitle = `Rude thread ${tag()}`;
  const [thread] = await e2eQuery<{ id: number }>(`INSERT INTO forum_threads ("forumId", "userId", title, "postCount") VALUES ($1, $2, $3, 1) RETURNING id`, [
    forum!.id,
    author.id,
    threadTitle,
  ]);
  const [post] = await e2eQuery<{ id: number }>(
    `INSERT INTO forum_posts ("threadId", "userId", content) VALUES ($1, $2, '<p>rude words here</p>') RETURNING id`,
    [thread!.id, author.id],
  );
  // Dated long ago, so it is on the first page of the open queue (oldest first) whatever else is open.
  const reason = `Rude to everyone ${tag()}`;
  await e2eQuery(`INSERT INTO forum_post_reports ("postId", "reporterId", reason, "createdAt") VALUES ($1, $2, $3, '2020-01-01')`, [
    post!.id,
    reporter.id,
    reason,
  ]);

  await startSignedIn(page, mod);
  await page.goto("/staff/forums/reports");
  const report = page.getByTestId("report").filter({ hasText: reason });
  await report.getByLabel("Outcome").selectOption("agreed");
  await report.getByLabel("Action taken").selectOption("warned");
  await report.getByLabel("Note to the reporter (optional)").fill("Thanks, the author was warned.");
  await report.getByRole("button", { name: "Resolve" }).click();
  await expect(report).toBeHidden();

  await page.goto("/staff/forums/reports?status=resolved");
  // Resolved ones come most recently resolved first.
  await expect(page.getByTestId("report").filter({ hasText: reason }).getByTestId("report-outcome")).toContainText("agreed (author warned)");
  const notes = await e2eQuery<{ data: { detail?: string } }>(`SELECT data FROM notifications WHERE "userId" = $1 AND type = 'report_outcome'`, [reporter.id]);
  expect(notes.map((n) => n.data.detail)).toEqual(["staff agreed and warned its author. Note: Thanks, the author was warned."]);
});

test("the new page and the new parts pass axe and fit a 360 px screen @mobile", async ({ page }) => {
  test.setTimeout(150_000);
  const [mod, player, other] = await Promise.all([createE2EUser({ privilege: "MODERATOR" }), createE2EUser(), createE2EUser()]);
  await e2eQuery(`INSERT INTO saved_replies (title, body) VALUES ($1, 'Hi {player.name}')`, [`Short ${tag()}`]);
  const ticketId = await ticketOf(player.id, `Help ${tag()}`);
  const ip = `198.51.100.${(randomBytes(1)[0]! % 250) + 1}`;
  for (const u of [player.id, other.id])
    await e2eQuery(
      `INSERT INTO sessions ("tokenHash", "userId", ip, "idleExpiresAt", "absoluteExpiresAt") VALUES ($1, $2, $3, now() + interval '1 day', now() + interval '1 day')`,
      [randomBytes(32).toString("hex"), u, ip],
    );
  await page.setViewportSize({ width: 360, height: 740 });
  await startSignedIn(page, mod);

  await page.goto("/staff/tickets/saved-replies");
  await expect(page.getByRole("heading", { level: 1, name: "Saved replies" })).toBeVisible();
  await page.getByRole("button", { name: "New saved reply" }).click();
  await page.getByLabel("Title").fill(`Typo ${tag()}`);
  await page.getByLabel("Reply", { exact: true }).fill("Hello {player.nmae}");
  await page.getByRole("button", { name: "Save reply" }).click();
  await expect(page.getByText("Unknown placeholder {player.nmae}")).toBeVisible();
  expect(await axeViolations(page), "saved replies").toEqual([]);
  await expectNoSidewaysScroll(page);

  await page.goto(`/ticket/${ticketId}`);
  await expect(page.getByTestId("saved-reply-tools")).toBeVisible();
  expect(await axeViolations(page), "ticket with saved replies").toEqual([]);
  await expectNoSidewaysScroll(page);

  await page.goto(`/staff/players/${player.id}`);
  await page.getByLabel("Period").selectOption("7");
  await page.getByRole("button", { name: "Look up accounts" }).click();
  await expect(page.getByTestId("shared-account").filter({ hasText: other.username })).toContainText(ip);
  expect(await axeViolations(page), "player page with shared addresses").toEqual([]);
  await expectNoSidewaysScroll(page);

  await page.goto("/staff/forums/reports");
  expect(await axeViolations(page), "reports").toEqual([]);
  await expectNoSidewaysScroll(page);
});
