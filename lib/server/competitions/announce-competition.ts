import "server-only";
import { ANNOUNCEMENT_KINDS, type TAnnouncement } from "@/lib/competitions/rules";
import { metricName } from "@/lib/progress/metrics";
import { siteConfig } from "@/lib/site-config";
import { db } from "../db";
import { getEnv } from "../env";
import { log } from "../log";
import { selectStandings, selectTeams } from "./sql/standings";

// Competitions announced in the server's Discord (DISCORD_COMPETITIONS_WEBHOOK_URL): made,
// starting in 6 hours and in 5 minutes, started, ending in 12 hours, 2 hours and 30 minutes, and
// ended with the podium. Each is a "competition-announce" job with its own runAt and job key
// (lib/server/competitions/queue-competition-jobs.ts), retried like the news announcements:
// a network error, 429 or 5xx throws so the queue tries again; any other refusal is logged and
// ends the job. A job finds the competition as it is when it runs and says nothing when it was
// cancelled, when (for a timed one) it was edited since the job was queued (another version: the
// edit queued a new one), or when its moment has passed (the worker was down through the start).

const TITLE_MAX = 256;
const DESCRIPTION_MAX = 4096;
const EMBED_COLOR = 0xd9572b;

export type CompetitionAnnouncementBody = {
  username: string;
  allowed_mentions: { parse: string[] };
  embeds: Array<{ title: string; url: string; description: string; color: number; timestamp: string; footer: { text: string } }>;
};

export type Announced = {
  id: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  metrics: { metric: number; weight: number }[];
  prizes: { place: number; itemId: number; quantity: number }[];
  /** The ended announcement's podium: the first three players, or teams, with their scores. */
  podium: { name: string; score: number }[];
};

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
/** Discord shows `<t:…:F>` in each reader's own time zone. */
const when = (d: Date) => `<t:${Math.floor(d.getTime() / 1000)}:F>`;
const MEDALS = ["🥇", "🥈", "🥉"];

const HEADLINES: Record<TAnnouncement, (t: string) => string> = {
  created: (t) => `New competition: ${t}`,
  starts_6h: (t) => `${t} starts in 6 hours`,
  starts_5m: (t) => `${t} starts in 5 minutes`,
  started: (t) => `${t} has started`,
  ends_12h: (t) => `${t} ends in 12 hours`,
  ends_2h: (t) => `${t} ends in 2 hours`,
  ends_30m: (t) => `${t} ends in 30 minutes`,
  ended: (t) => `${t} has ended`,
};

/** The webhook body of one announcement. Mentions are off: a title with "@everyone" pings nobody. */
export function competitionAnnouncementBody(kind: TAnnouncement, c: Announced, siteUrl: string, now = new Date()): CompetitionAnnouncementBody {
  const base = siteUrl.replace(/\/+$/, "");
  const metrics = c.metrics.map((m) => (m.weight === 1 ? metricName(m.metric) : `${metricName(m.metric)} (×${m.weight})`)).join(", ");
  const lines: string[] = [];
  if (kind === "ended") {
    lines.push(c.podium.length ? c.podium.map((p, i) => `${MEDALS[i]} **${p.name}**: ${p.score.toLocaleString("en-US")}`).join("\n") : "Nobody scored.");
  } else {
    lines.push(`Counts: ${metrics}`);
    if (kind === "created" || kind.startsWith("starts")) lines.push(`Starts ${when(c.startsAt)}`);
    lines.push(`Ends ${when(c.endsAt)}`);
    if (c.prizes.length && (kind === "created" || kind.startsWith("starts")))
      lines.push(`Prizes for the top ${c.prizes.length === 1 ? "player" : c.prizes.length}.`);
  }
  return {
    username: siteConfig.name,
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: clip(HEADLINES[kind](c.title), TITLE_MAX),
        url: `${base}/competitions/${c.id}`,
        description: clip(lines.join("\n"), DESCRIPTION_MAX),
        color: EMBED_COLOR,
        timestamp: now.toISOString(),
        footer: { text: `${siteConfig.name} competitions` },
      },
    ],
  };
}

const isKind = (k: string): k is TAnnouncement => (ANNOUNCEMENT_KINDS as string[]).includes(k);

/** Why a job says nothing, or null when it is still the moment to say it. */
function staleReason(
  kind: TAnnouncement,
  c: { cancelledAt: Date | null; endedAt: Date | null; version: number; startsAt: Date; endsAt: Date; metrics: unknown[] },
  version: number,
  now: Date,
): string | null {
  if (c.cancelledAt) return "cancelled";
  if (c.metrics.length === 0) return "no metric chosen";
  if (kind === "ended") return c.endedAt ? null : "not ended";
  // The news of a new competition shows it as it is now, edited or not; a timed one belongs to the times it was queued for.
  if (kind !== "created" && c.version !== version) return "changed since it was queued";
  if (kind.startsWith("starts") && now >= c.startsAt) return "already started";
  if (now >= c.endsAt) return "already over";
  return null;
}

/** The "competition-announce" job. */
export async function announceCompetition(competitionId: number, announcement: string, version: number): Promise<void> {
  const webhook = getEnv().DISCORD_COMPETITIONS_WEBHOOK_URL;
  if (!webhook || !isKind(announcement)) return;
  const c = await db.competition.findUnique({
    where: { id: competitionId },
    include: { metrics: { orderBy: { metric: "asc" } }, prizes: { orderBy: { place: "asc" } } },
  });
  const why = c ? staleReason(announcement, c, version, new Date()) : "gone";
  if (!c || why) {
    log.info("competition announcement skipped", { competitionId, announcement, why });
    return;
  }
  let podium: Announced["podium"] = [];
  if (announcement === "ended") {
    if (c.type === "TEAM") {
      const teams = (await selectTeams(db, c.id)).filter((t) => t.finalRank !== null && t.total > BigInt(0));
      podium = teams
        .sort((a, b) => a.finalRank! - b.finalRank!)
        .slice(0, 3)
        .map((t) => ({ name: t.name, score: Number(t.total) }));
    } else {
      podium = (await selectStandings(db, c.id, true, 0, 3)).filter((r) => r.score > BigInt(0)).map((r) => ({ name: r.username, score: Number(r.score) }));
    }
  }
  const res = await fetch(webhook, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(competitionAnnouncementBody(announcement, { ...c, podium }, getEnv().SITE_URL)),
    redirect: "error",
    signal: AbortSignal.timeout(10_000),
  });
  if (res.ok) return;
  const detail = (await res.text().catch(() => "")).slice(0, 300);
  if (res.status === 429 || res.status >= 500) throw new Error(`Discord answered ${res.status}; the announcement will be retried. ${detail}`);
  log.error("competition announcement refused by Discord: check DISCORD_COMPETITIONS_WEBHOOK_URL", { competitionId, announcement, status: res.status, detail });
}
