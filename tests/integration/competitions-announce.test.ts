// Competitions announced on Discord through the job queue (docs/competitions.md,
// "Announcements"): each announcement a job with its own time and key, moved by an edit; a job
// that finds the competition edited since, cancelled or past its moment says nothing; the end
// posts the podium; Discord outages (5xx, 429) are retried like the news announcements, a 404
// ends the job. The webhook is a local HTTP server speaking Discord's protocol (JSON in, 204 out).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ANNOUNCEMENT_KINDS } from "@/lib/competitions/rules";
import { type CompetitionAnnouncementBody, competitionAnnouncementBody } from "@/lib/server/competitions/announce-competition";
import { cancelCompetition } from "@/lib/server/competitions/cancel-competition";
import { endCompetition } from "@/lib/server/competitions/end-competition";
import { joinCompetition } from "@/lib/server/competitions/join-competition";
import { updateCompetition } from "@/lib/server/competitions/update-competition";
import { db } from "@/lib/server/db";
import { siteConfig } from "@/lib/site-config";
import { setEnv } from "../support/env";
import { startFakeServer, type FakeReply } from "../support/fake-payments";
import { makeRetriesDue, queuedJobs, runJobsUntilIdle } from "../support/jobs";
import { ATTACK, endNow, makeCompetition, player, push, staffContext, startNow } from "./competitions-fixtures";

const WEBHOOK_PATH = "/api/webhooks/77/competitions-token";
let answers: FakeReply[] = [];
let discord: Awaited<ReturnType<typeof startFakeServer>>;
let restore: () => void;

beforeAll(async () => {
  discord = await startFakeServer(() => answers.shift() ?? { status: 204, text: "" });
  restore = setEnv({ DISCORD_COMPETITIONS_WEBHOOK_URL: `${discord.url}${WEBHOOK_PATH}`, TRUST_PROXY: "true" });
});
afterEach(async () => {
  discord.requests.length = 0;
  answers = [];
  // Each test sees only its own announcements.
  await db.$executeRaw`DELETE FROM graphile_worker._private_jobs WHERE task_id IN (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'competition-announce')`;
});
afterAll(async () => {
  restore();
  await discord.close();
});

const sent = () => discord.requests.map((r) => ({ path: r.path, body: JSON.parse(r.body) as CompetitionAnnouncementBody }));
const titles = () => sent().map((r) => r.body.embeds[0]!.title);
const announceJobs = async (competitionId: number) =>
  (await queuedJobs("competition-announce"))
    .filter((j) => j.payload.competitionId === competitionId)
    .map((j) => ({ announcement: j.payload.announcement as string, version: j.payload.version as number, at: j.run_at }));
/** Makes the competition's queued announcements of these kinds due now. */
const makeDue = (competitionId: number, kinds: string[]) =>
  db.$executeRaw`UPDATE graphile_worker._private_jobs SET run_at = now()
    WHERE key = ANY(${kinds.map((k) => `competition-announce:${competitionId}:${k}`)}::text[])`;

describe("announcing competitions on Discord", () => {
  it("queues each announcement at its moment under its own key, and posts the new competition at once", async () => {
    const c = await makeCompetition({ title: "Attack @everyone" });
    const start = Date.parse(c.starts_at); // an hour from now
    const end = Date.parse(c.ends_at);
    const jobs = await announceJobs(c.id);
    // "starts in 6 hours" would be before now: not queued.
    expect(jobs.map((j) => j.announcement).sort()).toEqual(["created", "ends_12h", "ends_2h", "ends_30m", "started", "starts_5m"].sort());
    const at = Object.fromEntries(jobs.map((j) => [j.announcement, j.at.getTime()]));
    expect(at).toMatchObject({
      starts_5m: start - 5 * 60_000,
      started: start,
      ends_12h: end - 12 * 3_600_000,
      ends_2h: end - 2 * 3_600_000,
      ends_30m: end - 30 * 60_000,
    });

    await runJobsUntilIdle();
    expect(sent()).toEqual([
      {
        path: WEBHOOK_PATH,
        body: {
          username: siteConfig.name,
          allowed_mentions: { parse: [] },
          embeds: [
            {
              title: "New competition: Attack @everyone",
              url: `http://localhost:3000/competitions/${c.id}`,
              description: expect.stringContaining("Counts: Attack"),
              color: expect.any(Number),
              timestamp: expect.any(String),
              footer: { text: `${siteConfig.name} competitions` },
            },
          ],
        },
      },
    ]);
    expect(sent()[0]!.body.embeds[0]!.description).toContain(`Starts <t:${Math.floor(start / 1000)}:F>`);
    // The timed ones wait for their moment.
    expect((await announceJobs(c.id)).map((j) => j.announcement)).not.toContain("created");
  });

  it("moves the timed announcements when the competition is edited; one queued before the edit says nothing", async () => {
    const c = await makeCompetition({ title: "Moving target" });
    await runJobsUntilIdle();
    discord.requests.length = 0;
    const later = new Date(Date.parse(c.starts_at) + 86_400_000);
    await updateCompetition(c.id, { starts_at: later, ends_at: new Date(later.getTime() + 86_400_000) }, await staffContext());
    const jobs = await announceJobs(c.id);
    // One job per key, at the new times, for the new version.
    expect(jobs.map((j) => j.announcement).sort()).toEqual(["ends_12h", "ends_2h", "ends_30m", "started", "starts_5m", "starts_6h"].sort());
    expect(new Set(jobs.map((j) => j.version))).toEqual(new Set([2]));
    expect(jobs.find((j) => j.announcement === "starts_6h")!.at.getTime()).toBe(later.getTime() - 6 * 3_600_000);

    // A job of the old version (as one already running when the edit committed) does nothing.
    await db.$executeRaw`SELECT graphile_worker.add_job('competition-announce', json_build_object('competitionId', ${c.id}::int, 'announcement', 'starts_5m', 'version', 1))`;
    await runJobsUntilIdle();
    expect(discord.requests).toHaveLength(0);
    // The new one at its moment speaks.
    await makeDue(c.id, ["starts_6h"]);
    await runJobsUntilIdle();
    expect(titles()).toEqual(["Moving target starts in 6 hours"]);
  });

  it("says nothing for a cancelled competition, nor past the moment it was for", async () => {
    const c = await makeCompetition({ title: "Called off" });
    await runJobsUntilIdle();
    discord.requests.length = 0;
    await cancelCompetition(c.id, "No longer wanted", await staffContext());
    await makeDue(c.id, ["starts_5m", "started", "ends_2h"]);
    await runJobsUntilIdle();
    expect(discord.requests).toHaveLength(0);

    const late = await makeCompetition({ title: "Late worker" });
    await runJobsUntilIdle();
    discord.requests.length = 0;
    // The worker was down through the start: "starts in 5 minutes" is not said after it.
    await db.$executeRaw`UPDATE competitions SET "startsAt" = now() - interval '1 minute' WHERE id = ${late.id}`;
    await makeDue(late.id, ["starts_5m", "started"]);
    await runJobsUntilIdle();
    expect(titles()).toEqual(["Late worker has started"]);
  });

  it("posts the podium when the end job has frozen the places", async () => {
    const c = await makeCompetition({ title: "Podium race" });
    await runJobsUntilIdle();
    discord.requests.length = 0;
    const ps = [await player({ [ATTACK]: 0 }), await player({ [ATTACK]: 0 }), await player({ [ATTACK]: 0 }), await player({ [ATTACK]: 0 })];
    for (const p of ps) await joinCompetition(p.id, c.id, {});
    await startNow(c.id);
    for (const [i, p] of ps.entries()) await push(p.id, { [ATTACK]: (i + 1) * 1_000 });
    await endNow(c.id);
    await endCompetition(c.id);
    expect((await announceJobs(c.id)).map((j) => j.announcement)).toContain("ended");
    await makeDue(c.id, ["ended"]);
    await runJobsUntilIdle();
    const ended = sent().find((r) => r.body.embeds[0]!.title === "Podium race has ended")!;
    expect(ended.body.embeds[0]!.description).toBe(
      [`🥇 **${ps[3]!.username}**: 4,000`, `🥈 **${ps[2]!.username}**: 3,000`, `🥉 **${ps[1]!.username}**: 2,000`].join("\n"),
    );
  });

  it("retries a Discord outage (500, then 429) and sends once it is back", async () => {
    answers = [
      { status: 500, text: "upstream error" },
      { status: 429, json: { retry_after: 1 } },
    ];
    const c = await makeCompetition({ title: "Stormy" });
    await runJobsUntilIdle();
    const failed = (await queuedJobs("competition-announce")).find((j) => j.payload.competitionId === c.id && j.payload.announcement === "created")!;
    expect(failed).toMatchObject({ attempts: 1, last_error: expect.stringContaining("Discord answered 500") });
    await makeRetriesDue();
    await runJobsUntilIdle();
    const again = (await queuedJobs("competition-announce")).find((j) => j.payload.competitionId === c.id && j.payload.announcement === "created")!;
    expect(again).toMatchObject({ attempts: 2, last_error: expect.stringContaining("Discord answered 429") });
    await makeRetriesDue();
    await runJobsUntilIdle();
    expect((await announceJobs(c.id)).map((j) => j.announcement)).not.toContain("created");
    expect(titles()).toEqual(["New competition: Stormy", "New competition: Stormy", "New competition: Stormy"]);
  });

  it("gives up at once on a webhook Discord no longer knows (404)", async () => {
    answers = [{ status: 404, json: { message: "Unknown Webhook", code: 10015 } }];
    const c = await makeCompetition({ title: "Webhook gone" });
    await runJobsUntilIdle();
    expect(discord.requests).toHaveLength(1);
    expect((await announceJobs(c.id)).map((j) => j.announcement)).not.toContain("created");
  });

  it("queues no announcement when no webhook is configured", async () => {
    const off = setEnv({ DISCORD_COMPETITIONS_WEBHOOK_URL: undefined });
    try {
      const c = await makeCompetition({ title: "Quiet" });
      expect(await announceJobs(c.id)).toEqual([]);
      // Its end is queued all the same.
      expect((await queuedJobs("competition-end")).filter((j) => j.payload.competitionId === c.id)).toHaveLength(1);
    } finally {
      off();
    }
  });
});

describe("the embed", () => {
  const c = {
    id: 9,
    title: "Slayer week",
    startsAt: new Date("2026-12-14T18:00:00Z"),
    endsAt: new Date("2026-12-21T18:00:00Z"),
    metrics: [
      { metric: 19, weight: 1 },
      { metric: 0, weight: 2 },
    ],
    prizes: [{ place: 1, itemId: 995, quantity: 1 }],
    podium: [],
  };

  it("has a headline for every announcement, names weights, and says when nobody scored", () => {
    for (const kind of ANNOUNCEMENT_KINDS)
      expect(competitionAnnouncementBody(kind, c, "https://play.example.com/").embeds[0]!.url).toBe("https://play.example.com/competitions/9");
    expect(competitionAnnouncementBody("ends_2h", c, "https://x.example").embeds[0]!.title).toBe("Slayer week ends in 2 hours");
    expect(competitionAnnouncementBody("created", c, "https://x.example").embeds[0]!.description).toContain("Counts: Slayer, Overall (×2)");
    expect(competitionAnnouncementBody("ended", c, "https://x.example").embeds[0]!.description).toBe("Nobody scored.");
  });
});
