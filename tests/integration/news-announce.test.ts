// News announced on Discord through the job queue: the publish transaction queues the job (a
// refused or failed publish queues nothing), the job posts one embed to the webhook, retries
// what a retry can fix (5xx, 429) and gives up on what it cannot (404). The webhook is a local
// HTTP server speaking Discord's protocol (JSON in, 204 out).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as news from "@/app/api/v1/news/route";
import { db } from "@/lib/server/db";
import { announcementBody, type DiscordWebhookBody } from "@/lib/server/news/announce-news";
import { createNews } from "@/lib/server/news/create-news";
import { siteConfig } from "@/lib/site-config";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { startFakeServer, type FakeReply } from "../support/fake-payments";
import { makeRetriesDue, queuedJobs, runJobsUntilIdle } from "../support/jobs";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

const WEBHOOK_PATH = "/api/webhooks/1234/secret-token";
let answers: FakeReply[] = [];
let discord: Awaited<ReturnType<typeof startFakeServer>>;
let restore: () => void;
let staff: { userId: number; privilege: "MODERATOR" };

beforeAll(async () => {
  // Answers in order, then 204 (Discord's success without ?wait=true).
  discord = await startFakeServer(() => answers.shift() ?? { status: 204, text: "" });
  restore = setEnv({ DISCORD_NEWS_WEBHOOK_URL: `${discord.url}${WEBHOOK_PATH}`, TRUST_PROXY: "true" });
  const mod = await createUser({ privilege: "MODERATOR" });
  staff = { userId: mod.id, privilege: "MODERATOR" };
});
afterEach(() => {
  discord.requests.length = 0;
  answers = [];
});
afterAll(async () => {
  restore();
  await discord.close();
});

const sent = () => discord.requests.map((r) => ({ path: r.path, type: r.headers["content-type"], body: JSON.parse(r.body) as DiscordWebhookBody }));
const publish = (title: string, extra: { image?: string; preview?: string } = {}) =>
  createNews(staff, { title, content: "<p>Double experience all weekend.</p>", ...extra }, null);

describe("announcing news on Discord", () => {
  it("queues the job with the post and sends one embed linking the post, with mentions off", async () => {
    const p = await publish("Double XP weekend @everyone", { image: "https://cdn.example.com/xp.png", preview: "Twice the experience." });
    // Queued in the publish transaction, before any job ran: nothing sent yet.
    expect((await queuedJobs("announce-news")).map((j) => j.payload)).toEqual([{ newsId: p.id }]);
    expect(discord.requests).toHaveLength(0);

    await runJobsUntilIdle();
    expect(sent()).toEqual([
      {
        path: WEBHOOK_PATH,
        type: "application/json",
        body: {
          username: siteConfig.name,
          allowed_mentions: { parse: [] },
          embeds: [
            {
              title: "Double XP weekend @everyone",
              url: `http://localhost:3000/news/${p.slug}/`,
              description: "Twice the experience.",
              color: expect.any(Number),
              timestamp: p.thread.date,
              image: { url: "https://cdn.example.com/xp.png" },
              footer: { text: `${siteConfig.name} news` },
            },
          ],
        },
      },
    ]);
    expect(await queuedJobs("announce-news")).toHaveLength(0);
  });

  it("announces posts published at the same time once each", async () => {
    const posts = await Promise.all([1, 2, 3].map((n) => publish(`Patch notes part ${n}`)));
    expect(await queuedJobs("announce-news")).toHaveLength(3);
    await runJobsUntilIdle();
    const urls = sent().map((r) => r.body.embeds[0]!.url);
    expect(urls.sort()).toEqual(posts.map((p) => `http://localhost:3000/news/${p.slug}/`).sort());
  });

  it("retries a Discord outage (500, then 429) and sends once it is back", async () => {
    answers = [
      { status: 500, text: "upstream error" },
      { status: 429, json: { retry_after: 1 } },
    ];
    const p = await publish("Server maintenance");
    await runJobsUntilIdle();
    const [failed] = await queuedJobs("announce-news");
    expect(failed).toMatchObject({ attempts: 1, last_error: expect.stringContaining("Discord answered 500") });
    await makeRetriesDue();
    await runJobsUntilIdle();
    expect((await queuedJobs("announce-news"))[0]).toMatchObject({ attempts: 2, last_error: expect.stringContaining("Discord answered 429") });
    await makeRetriesDue();
    await runJobsUntilIdle();
    expect(await queuedJobs("announce-news")).toHaveLength(0);
    expect(sent().map((r) => r.body.embeds[0]!.title)).toEqual(["Server maintenance", "Server maintenance", "Server maintenance"]);
    expect(sent().every((r) => r.body.embeds[0]!.url.endsWith(`/news/${p.slug}/`))).toBe(true);
  });

  it("gives up at once on a webhook Discord no longer knows (404)", async () => {
    answers = [{ status: 404, json: { message: "Unknown Webhook", code: 10015 } }];
    await publish("Webhook deleted");
    await runJobsUntilIdle();
    expect(discord.requests).toHaveLength(1);
    expect(await queuedJobs("announce-news")).toHaveLength(0);
  });

  it("does not announce a post hidden before its job runs", async () => {
    const p = await publish("Posted by mistake");
    await db.forumThread.update({ where: { id: p.thread.id }, data: { hidden: true } });
    await runJobsUntilIdle();
    expect(discord.requests).toHaveLength(0);
    expect(await queuedJobs("announce-news")).toHaveLength(0);
  });

  it("queues nothing for a refused publish, nor when no webhook is configured", async () => {
    const player = await createUser();
    const session = await createSessionToken(player.id);
    const refused = await call(news.POST, {
      method: "POST",
      path: "/api/v1/news",
      body: { title: "Not staff", content: "<p>Hi</p>" },
      cookies: { session },
      headers: { ...SAME_ORIGIN, ...freshClient() },
    });
    expect(refused.status).toBe(403);
    expect(await queuedJobs("announce-news")).toHaveLength(0);

    const off = setEnv({ DISCORD_NEWS_WEBHOOK_URL: undefined });
    try {
      await publish("Quiet post");
      expect(await queuedJobs("announce-news")).toHaveLength(0);
    } finally {
      off();
    }
  });
});

describe("the embed", () => {
  const post = { slug: "big-update", title: "Big update", preview: "All about it.", publishedAt: new Date("2026-11-01T12:00:00Z") };

  it("makes a site path absolute and leaves an SVG image out", () => {
    expect(announcementBody({ ...post, image: "/images/news/update.png" }, "https://play.example.com/").embeds[0]!.image).toEqual({
      url: "https://play.example.com/images/news/update.png",
    });
    expect(announcementBody({ ...post, image: "/images/news/default.svg" }, "https://play.example.com").embeds[0]!.image).toBeUndefined();
    expect(announcementBody({ ...post, image: "/x.png" }, "https://play.example.com").embeds[0]!.url).toBe("https://play.example.com/news/big-update/");
  });

  it("keeps the title and description within Discord's limits", () => {
    const long = announcementBody({ ...post, title: "t".repeat(300), preview: "p".repeat(5000), image: "/x.png" }, "https://play.example.com").embeds[0]!;
    expect(long.title).toHaveLength(256);
    expect(long.description).toHaveLength(4096);
    expect(long.title.endsWith("…")).toBe(true);
  });
});
