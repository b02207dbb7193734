import { describe, expect, it } from "vitest";
import { GET as countdownRoute } from "@/app/api/v1/vote/countdown/route";
import { GET as historyRoute } from "@/app/api/v1/vote/history/route";
import { db } from "@/lib/server/db";
import { createSessionToken } from "../factories/users";
import { call, freshClient } from "./helpers";
import { callback, rspsList, runelist, runelocus, withVoteSiteSettings, voter } from "./vote-fixtures";

// What a player sees of their own votes: when each site counts again, and their recent
// callbacks with the outcome and the reward's state. Never another player's.

withVoteSiteSettings();

async function signedInVoter() {
  const v = await voter();
  return { ...v, session: await createSessionToken(v.id) };
}

const countdown = (session?: string) =>
  call(countdownRoute, { path: "/api/v1/vote/countdown", cookies: session ? { session } : undefined, headers: freshClient() });
const history = (session?: string) => call(historyRoute, { path: "/api/v1/vote/history", cookies: session ? { session } : undefined, headers: freshClient() });
const lastVote = (userId: number, key: string) => db.vote.findFirstOrThrow({ where: { userId, site: { key } }, orderBy: { id: "desc" } });

describe("GET /api/v1/vote/countdown", () => {
  it("is for signed-in players only", async () => {
    expect((await countdown()).status).toBe(401);
  });

  it("answers null for every site before the first vote", async () => {
    const p = await signedInVoter();
    expect(await countdown(p.session)).toMatchObject({ status: 200, json: { runelocus: null, rsps_list: null, runelist: null } });
  });

  it("answers when the next vote counts: the last counted vote plus 12 hours, then null once that has passed", async () => {
    const p = await signedInVoter();
    const other = await signedInVoter();
    await runelocus(p.token);
    await runelocus(p.token); // a duplicate does not move the time
    const vote = await lastVote(p.id, "runelocus");
    const r = await countdown(p.session);
    expect(r.json).toEqual({ runelocus: new Date(vote.createdAt.getTime() + 12 * 3_600_000).toISOString(), rsps_list: null, runelist: null });
    expect((await countdown(other.session)).json).toEqual({ runelocus: null, rsps_list: null, runelist: null });

    await db.vote.update({ where: { id: vote.id }, data: { createdAt: new Date(Date.now() - 12 * 3_600_000 - 1000) } });
    expect((await countdown(p.session)).json).toEqual({ runelocus: null, rsps_list: null, runelist: null });
  });
});

describe("GET /api/v1/vote/history", () => {
  it("is for signed-in players only", async () => {
    expect((await history()).status).toBe(401);
  });

  it("lists the caller's callbacks newest first: counted or why not, and whether the reward arrived", async () => {
    const p = await signedInVoter();
    await runelocus(p.token);
    await runelocus(p.token);
    await callback("rsps_list", { form: { userid: p.token }, ip: "203.0.113.99" }); // refused: not the site's address
    await runelist(p.token);
    const delivered = await lastVote(p.id, "runelist");
    await db.gameDelivery.update({ where: { voteId: delivered.id }, data: { status: "DELIVERED", deliveredAt: new Date() } });

    const r = await history(p.session);
    expect(r.status).toBe(200);
    const rows = r.json.results as Array<Record<string, unknown>>;
    expect(rows.map(({ site, site_name, counted, reason, reward }) => ({ site, site_name, counted, reason, reward }))).toEqual([
      { site: "runelist", site_name: "Runelist", counted: true, reason: null, reward: "delivered" },
      { site: "rsps_list", site_name: "RSPS-List", counted: false, reason: "The vote site's report could not be verified", reward: null },
      { site: "runelocus", site_name: "RuneLocus", counted: false, reason: "Already voted on this site in the last 12 hours", reward: null },
      { site: "runelocus", site_name: "RuneLocus", counted: true, reason: null, reward: "pending" },
    ]);
    for (const row of rows) expect(new Date(row.time as string).toISOString()).toBe(row.time);
  });

  it("never shows one player's votes to another", async () => {
    const a = await signedInVoter();
    const b = await signedInVoter();
    await runelocus(a.token);
    await rspsList(a.token);
    await runelist(b.token);
    const aIds = (await db.voteCallback.findMany({ where: { userId: a.id }, select: { id: true } })).map((c) => c.id);
    const seenByB = (await history(b.session)).json.results as Array<{ id: number; site: string }>;
    expect(seenByB.map((row) => row.site)).toEqual(["runelist"]);
    expect(seenByB.some((row) => aIds.includes(row.id))).toBe(false);
    expect(((await history(a.session)).json.results as unknown[]).length).toBe(2);
  });
});
