import { type Page, expect } from "@playwright/test";
import { createE2EUser } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";

// Moderation by the rules in the browser: a moderator picks a rule on a player's staff page, the
// form proposes the next rung of its ladder (the player's second offence of it here), the
// moderator mutes the player with it and sees the mute and the history, then writes a staff note.
// The page passes axe and fits a 360 px wide phone.

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test("a moderator mutes a player by a rule's ladder and sees the history and the note @mobile", async ({ page }) => {
  test.setTimeout(180_000);
  const [mod, player] = await Promise.all([createE2EUser({ privilege: "MODERATOR" }), createE2EUser()]);
  await startSignedIn(page, mod);
  // A first offence of the spam rule, given through the API.
  const first = await page.request.post(`/api/v1/staff/players/${player.id}/punishments`, {
    data: { kind: "MUTE", rule: "spam", step: 1, duration: "24h", message: "Please stop spamming.", reason: "First time, ticket #3" },
  });
  expect(first.status()).toBe(201);
  // It ends early, so the player is not muted now.
  expect((await page.request.post(`/api/v1/staff/players/${player.id}/unmute`, { data: { reason: "Apologised" } })).status()).toBe(200);

  await page.goto(`/staff/players/${player.id}`);
  await expect(page.getByRole("heading", { level: 1, name: player.username })).toBeVisible();
  const form = page.getByRole("form", { name: `Punish ${player.username}` });
  await form.getByLabel("Rule broken").selectOption({ label: "Spam" });
  // The second offence of the rule: its second rung, a 48-hour mute, is filled in.
  await expect(form.getByTestId("punish-proposal")).toHaveText(
    `Offence 2 of this rule for ${player.username}: the ladder proposes 48-hour mute (step 2 of 4).`,
  );
  await expect(form.getByRole("radio", { name: "Mute" })).toBeChecked();
  await expect(form.getByRole("radio", { name: "48 hours" })).toBeChecked();
  expect(await axeViolations(page), "the player's page with the form filled").toEqual([]);
  await expectNoSidewaysScroll(page);

  await form.getByLabel("Message to the player").fill("Spamming the trade forum again.");
  await form.getByLabel("Internal note (staff only, kept in the audit log)").fill("Second offence, reported on ticket #9");
  await form.getByRole("button", { name: `Mute: ${player.username}` }).click();
  await expect(form.getByRole("status").filter({ hasText: `${player.username} is muted until` })).toBeVisible();

  // The account shows the mute, and the history both punishments with their rule and state.
  await expect(page.getByTestId("mute-state")).toContainText("Muted for now");
  await expect(page.getByTestId("mute-state")).toContainText("Spamming the trade forum again.");
  const history = page.getByTestId("section-punishments");
  await expect(history.getByRole("heading", { name: "Punishment history (2)" })).toBeVisible();
  await expect(history).toContainText("Spam (step 2)");
  await expect(history).toContainText("Second offence, reported on ticket #9");
  await expect(history).toContainText("In force");
  await expect(history).toContainText("Spam (step 1)");
  await expect(history).toContainText(`Lifted by ${mod.username}`);

  // A staff note.
  await page.getByLabel("New note (staff only)").fill("Talked to them in game; they know the rules now.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note added." })).toBeVisible();
  const notes = page.getByTestId("section-notes");
  await expect(notes).toContainText("Talked to them in game; they know the rules now.");
  await expect(notes).toContainText(mod.username);

  expect(await axeViolations(page), "the player's page after the mute").toEqual([]);
  await expectNoSidewaysScroll(page);
});
