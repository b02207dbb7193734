// npm run game:sim -- [options]: plays a game server against the site's game bridge, over HTTP
// only (docs/game-integration.md), so an operator can try the bridge without a game server.
// Imports only pure modules: it must work against any site, local or remote.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { BLOCK_REASON_CODES } from "../lib/orders/block-reasons";
import type { TAckResult, TBlockedResult, TClaimResult, TGameDelivery, TGameLoginResult, TPlayersOnline } from "../lib/schemas/game";
import { siteConfig } from "../lib/site-config";
import { SKILLS } from "../lib/skills";
import { MAX_XP, XP_FOR_LEVEL } from "../lib/xp";

const VOTE_SITES: string[] = siteConfig.voteSites.map((s) => s.key);

/** The demo player `npm start` seeds in local mode (prisma/seed-demo.ts). */
export const DEMO_PLAYER = { username: "Player", password: "Ember!Player1" };

export const USAGE = `Usage: npm run game:sim -- [options]

Plays a game server against the site: reports players online, logs a player in, pushes
their hiscores (skills and activity scores), claims their deliveries, grants them (prints
them), acks them, and asks for a ::store link. Every step prints one line; the exit code is
0 when all worked.

  --url URL           the site (default SITE_URL, else http://localhost:3000)
  --key KEY           game API key gsk_… (default env GAME_SIM_KEY); make one with
                      npm run admin -- game-key create sim all
  --username NAME     player to log in (local mode default: ${DEMO_PLAYER.username})
  --password PASS     their password (local mode default: the demo player's)
  --code CODE         two-factor code, when the account has 2FA
  --world N           world number to report (default 1)
  --players N         players online to report (default: a random 1–200)
  --lease SECONDS     claim lease, 10–600 (default 60)
  --no-ack            claim but do not ack: the deliveries return to the queue when the
                      lease ends and a later claim hands them out again
  --blocked REASON    claim, then report the deliveries blocked instead of acking them
                      (player_offline, inventory_full, ironman_restricted, player_busy,
                      wrong_world, other): the player's order history shows the reason
  --vote-token TOKEN  first play a listing site calling back for a vote with this
                      incentive token (the token in the player's vote link on /vote)
  --vote-site KEY     which site calls back (${VOTE_SITES.join(", ")}; default ${VOTE_SITES[0]})
  --days N            first push N days of play (0–31, default 3) dated in the past, so
                      gains, achievements and the adventure log have something to show;
                      skipped for a player who already has pushes after that time
  --help              this text`;

export type SimOptions = {
  url: string;
  key: string;
  username: string;
  password: string;
  code?: string;
  world: number;
  players: number;
  lease: number;
  ack: boolean;
  /** Report the claimed deliveries blocked with this reason instead of acking them. */
  blocked?: string;
  voteToken?: string;
  voteSite: string;
  /** Days of past play pushed first (0: none). */
  days: number;
  /** VOTE_<SITE>_SECRET, sent as the site would when it is set. */
  voteSecret?: string;
};

type Env = Record<string, string | undefined>;
const STRING_OPTIONS = ["url", "key", "username", "password", "code", "world", "players", "lease", "vote-token", "vote-site", "days", "blocked"];

/** The options, or the text to print and the exit code (help: 0, usage error: 2). */
export function parseSimArgs(argv: string[], env: Env): SimOptions | { exit: number; text: string } {
  let v;
  try {
    v = parseArgs({
      args: argv,
      strict: true,
      options: {
        ...Object.fromEntries(STRING_OPTIONS.map((k) => [k, { type: "string" as const }])),
        "no-ack": { type: "boolean" },
        help: { type: "boolean" },
      },
    }).values as Record<string, string | boolean | undefined>;
  } catch (e) {
    return { exit: 2, text: `${(e as Error).message}. See npm run game:sim -- --help` };
  }
  if (v.help) return { exit: 0, text: USAGE };
  const usage = (msg: string) => ({ exit: 2, text: `${msg}\nSee npm run game:sim -- --help` });
  const str = (k: string) => (typeof v[k] === "string" ? (v[k] as string) : undefined);
  const int = (k: string, dflt: number, min: number, max: number) => {
    const n = str(k) === undefined ? dflt : Number(str(k));
    return Number.isInteger(n) && n >= min && n <= max ? n : null;
  };

  const local = (env.APP_MODE || "local") === "local";
  const url = str("url") || env.SITE_URL || `http://localhost:${env.PORT || 3000}`;
  const key = str("key") || env.GAME_SIM_KEY;
  const username = str("username") ?? (local ? DEMO_PLAYER.username : undefined);
  const password = str("password") ?? (local && !str("username") ? DEMO_PLAYER.password : undefined);
  const [world, players, lease] = [int("world", 1, 1, 999), int("players", 1 + Math.floor(Math.random() * 200), 0, 100_000), int("lease", 60, 10, 600)];
  const voteSite = str("vote-site") ?? VOTE_SITES[0]!;
  const days = int("days", 3, 0, 31);

  if (!/^https?:\/\/[^/]/.test(url)) return usage(`--url must be an http(s) address, not "${url}".`);
  if (!key) return usage("No game API key: pass --key gsk_… or set GAME_SIM_KEY. Make one with: npm run admin -- game-key create sim all");
  if (!username || !password) return usage("Pass --username and --password (the demo player is the default only in local mode).");
  if (world === null) return usage("--world must be a whole number from 1 to 999.");
  if (players === null) return usage("--players must be a whole number from 0 to 100000.");
  if (lease === null) return usage("--lease must be a whole number of seconds from 10 to 600.");
  if (days === null) return usage("--days must be a whole number from 0 to 31.");
  if (!VOTE_SITES.includes(voteSite)) return usage(`--vote-site must be one of ${VOTE_SITES.join(", ")}.`);
  const blocked = str("blocked");
  if (blocked !== undefined && !(BLOCK_REASON_CODES as readonly string[]).includes(blocked))
    return usage(`--blocked must be one of ${BLOCK_REASON_CODES.join(", ")}.`);
  const voteSecret = env[`VOTE_${voteSite.toUpperCase()}_SECRET`] || undefined;
  return {
    url: url.replace(/\/+$/, ""),
    key,
    username,
    password,
    code: str("code"),
    world,
    players,
    lease,
    ack: !v["no-ack"],
    ...(blocked !== undefined ? { blocked } : {}),
    voteToken: str("vote-token"),
    voteSite,
    days,
    voteSecret,
  };
}

/** A step that failed, with what to do about it. */
class SimError extends Error {}

function unreachable(url: string, e: unknown): string {
  const cause = (e as { cause?: { code?: string; errors?: { code?: string }[] } }).cause;
  const code = cause?.code ?? cause?.errors?.[0]?.code ?? (e as Error).name;
  if (code === "ECONNREFUSED") return `cannot connect to ${url} (connection refused): is the site running? Start it with npm start, or pass --url.`;
  if (code === "ENOTFOUND") return `cannot connect to ${url}: host not found. Check --url.`;
  if (code === "TimeoutError") return `${url} did not answer within 15 s.`;
  return `cannot connect to ${url} (${code ?? String(e)}): is the site running? Start it with npm start, or pass --url.`;
}

/** A failed answer in a sentence that says what to do. */
function explain(status: number, path: string, data: Record<string, unknown> | null, res: Response): string {
  const details = typeof data?.details === "string" ? data.details : "";
  switch (status) {
    case 401:
      return `401 ${details} The key is wrong or revoked: make one with npm run admin -- game-key create sim all, then pass --key.`;
    case 403:
      return `403 ${details} The key lacks the scope for ${path}: make a key with all scopes (npm run admin -- game-key create sim all).`;
    case 404:
      return `404 on ${path}: is --url this site, and does it have the game bridge?`;
    case 429:
      return `429 rate limited: try again in ${res.headers.get("retry-after") ?? "a few"} seconds.`;
    case 400: {
      const fields = Object.entries(data ?? {}).filter(([k, m]) => k !== "details" && Array.isArray(m));
      return `400 ${details} ${fields.map(([k, m]) => `${k}: ${(m as string[]).join(" ")}`).join("; ")}`.trim();
    }
    default:
      return `HTTP ${status} on ${path}${details ? `: ${details}` : ""}${status >= 500 ? ` (see the site's log, request id ${res.headers.get("x-request-id")})` : ""}`;
  }
}

/** A JSON body, or a form (a listing site's vote callback, sent without the key). */
type Call = <T>(method: "GET" | "POST", path: string, body?: object) => Promise<T>;

function client(o: SimOptions): Call {
  return async (method, path, body) => {
    const form = body instanceof URLSearchParams;
    let res: Response;
    try {
      res = await fetch(o.url + path, {
        method,
        headers: {
          ...(form ? {} : { "x-api-key": o.key }),
          ...(body === undefined ? {} : { "content-type": form ? "application/x-www-form-urlencoded" : "application/json" }),
        },
        body: body === undefined ? undefined : form ? body.toString() : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (e) {
      throw new SimError(unreachable(o.url, e));
    }
    const text = await res.text();
    let data: Record<string, unknown> | null = null;
    try {
      data = JSON.parse(text);
    } catch {
      // not JSON: reported below
    }
    if (res.ok && data) return data as never;
    throw new SimError(res.ok ? `${path} answered ${res.status} without JSON: is --url this site?` : explain(res.status, path, data, res));
  };
}

/** A random sequence in [0, 1) that is the same for a name (and a salt) on every run. */
function seeded(username: string, salt = ""): () => number {
  let seed = [...(username.toLowerCase() + salt)].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0;
  return () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** Plausible experience for all 23 skills, the same for a name on every run. */
export function experienceFor(username: string): number[] {
  const next = seeded(username);
  return SKILLS.map((skill) => {
    const level = Math.max(skill === "Hitpoints" ? 10 : 1, Math.floor(30 + next() * 69));
    return XP_FOR_LEVEL[level]! + Math.floor(next() * ((XP_FOR_LEVEL[level + 1] ?? XP_FOR_LEVEL[level]! + 1) - XP_FOR_LEVEL[level]!));
  });
}

/**
 * Plausible activity scores (keys of lib/hiscores-layout.ts), the same for a name on every run:
 * clue scrolls by tier with their total, a few bosses' kill counts, PvP kills and the best streak.
 */
export function activitiesFor(username: string): Record<string, number> {
  const next = seeded(username, "activities");
  const upTo = (n: number) => Math.floor(next() * (n + 1));
  const clues = Object.fromEntries(["beginner", "easy", "medium", "hard", "elite", "master"].map((tier) => [`clue_scrolls_${tier}`, upTo(60)]));
  const kills = upTo(500);
  return {
    clue_scrolls_all: Object.values(clues).reduce((a, b) => a + b, 0),
    ...clues,
    barrows_chests: upTo(400),
    zulrah: upTo(300),
    vorkath: upTo(300),
    general_graardor: upTo(200),
    tztok_jad: upTo(5),
    pvp_kills: kills,
    pvp_kill_streak: Math.min(kills, upTo(25)),
  };
}

export type PlannedPush = { at: Date; experience: number[]; activities: Record<string, number> };

const HOUR = 3_600_000;

/**
 * `days` of play ending now, the same for a name on every run: two sessions a day of two hourly
 * pushes, each training a few skills and killing a few bosses. The last push (now) holds
 * experienceFor(name) with the player's best skill just past 99 and activitiesFor(name), so the
 * history crosses 99 along the way: an achievement, log entries and perhaps a server first.
 */
export function progressPlan(username: string, now: Date, days: number): PlannedPush[] {
  const final = experienceFor(username);
  const best = final.indexOf(Math.max(...final));
  final[best] = XP_FOR_LEVEL[99]! + 150_000;
  const finalActs = activitiesFor(username);
  const next = seeded(username, "history");
  const sessions = days * 2;
  const times: Date[] = [];
  for (let s = 0; s < sessions; s++) {
    const start = now.getTime() - (days * 24 - s * 12 - Math.floor(next() * 4)) * HOUR;
    times.push(new Date(start), new Date(start + HOUR));
  }
  times.push(now);
  // Each push adds a share of the gains: a few skills a session, the best one every time.
  const gains = final.map((xp, i) => (i === best ? 900_000 : Math.min(xp, Math.floor(next() * 400_000))));
  const shares = times.map(() => final.map((_, i) => (i === best || next() < 0.3 ? next() : 0)));
  const totals = final.map((_, i) => shares.reduce((sum, sh) => sum + sh[i]!, 0) || 1);
  const kills = ["zulrah", "vorkath", "general_graardor", "barrows_chests"].map((k) => [k, Math.min(finalActs[k] ?? 0, 60)] as const);
  const acc = final.map((xp, i) => xp - gains[i]!);
  return times.map((at, t) => {
    for (let i = 0; i < acc.length; i++)
      acc[i] = t === times.length - 1 ? final[i]! : Math.min(final[i]!, acc[i]! + Math.floor((gains[i]! * shares[t]![i]!) / totals[i]!));
    const left = (times.length - 1 - t) / (times.length - 1 || 1);
    const activities = { ...finalActs, ...Object.fromEntries(kills.map(([k, n]) => [k, Math.max(0, (finalActs[k] ?? 0) - Math.round(n * left))])) };
    return { at, experience: acc.map((x) => Math.min(MAX_XP, x)), activities };
  });
}

export function describeDelivery(d: TGameDelivery): string {
  // Each kind's payload is typed by its kind (lib/schemas/delivery-payloads.ts); a kind this
  // simulator does not know yet is shown as sent.
  switch (d.kind) {
    case "store_item":
      return `${d.payload.quantity} x ${d.payload.name ?? "item"} (item id ${d.payload.item_id})`;
    case "credit_package":
      return `${d.payload.credits} credits${d.payload.bonus_credits ? ` + ${d.payload.bonus_credits} bonus` : ""}`;
    case "vote_reward":
      return `${d.payload.points} vote point(s) for voting on ${d.payload.site ?? "a listing site"}`;
    case "competition_prize":
      return `${d.payload.quantity} x item ${d.payload.item_id} for place ${d.payload.placement} in ${d.payload.competition}`;
    case "vote_streak_reward":
      return `${d.payload.points} bonus vote point(s) for a ${d.payload.streak_days}-day vote streak`;
    case "vote_monthly_prize":
      return `${d.payload.points !== null ? `${d.payload.points} vote point(s)` : `${d.payload.quantity} x item ${d.payload.item_id}`} for place ${d.payload.place} among the top voters of ${d.payload.month}`;
    default:
      return JSON.stringify((d as { payload: unknown }).payload);
  }
}

const time = (iso: string | null) => (iso ? new Date(iso).toISOString().replace("T", " ").slice(0, 19) + " UTC" : "-");

/** Runs every step, printing a line each; answers the exit code. */
export async function runSim(o: SimOptions, print: (line: string) => void): Promise<number> {
  const call = client(o);
  const step = (name: string, text: string) => print(`✓ ${name.padEnd(14)} ${text}`);
  let current = "players online";
  try {
    const online = await call<TPlayersOnline>("POST", "/api/v1/game/players-online", { world: o.world, count: o.players });
    step(current, `world ${o.world}: reported ${o.players}; the site now shows ${online.count} online`);

    current = "login";
    const login = await call<TGameLoginResult>("POST", "/api/v1/game/login", {
      username: o.username,
      password: o.password,
      ip: "127.0.0.1",
      ...(o.code ? { code: o.code } : {}),
    });
    if (!login.ok) {
      const hint = login.reason === "two_factor_required" ? " Run again with --code <6 digits>." : login.ban_reason ? ` Ban reason: ${login.ban_reason}` : "";
      throw new SimError(`refused (${login.reason}): ${login.message}${hint}`);
    }
    const player = login.player;
    step(current, `ok: ${player.name} (id ${player.id}), ${player.privilege}, member rank ${player.memberRank}${player.is_staff ? ", staff" : ""}`);

    const plan = progressPlan(player.name, new Date(), o.days);
    const past = plan.slice(0, -1);
    if (past.length) {
      current = "history";
      try {
        for (const p of past)
          await call("POST", "/api/v1/game/hiscores", { player_id: player.id, game_mode: "regular", xp_mode: "regular", ...p, at: p.at.toISOString() });
        step(current, `pushed ${past.length} past pushes over ${o.days} day(s), from ${time(past[0]!.at.toISOString())}`);
      } catch (e) {
        // A player pushed to after that time already (an earlier run): history cannot go back.
        if (!(e instanceof SimError && /\bat:/.test(e.message))) throw e;
        step(current, `skipped: ${player.name} already has pushes after ${time(past[0]!.at.toISOString())} (use a fresh player for a new history)`);
      }
    }

    current = "hiscores";
    const { experience, activities } = plan.at(-1)!;
    const hs = await call<{ total_level: number; total_experience: number }>("POST", "/api/v1/game/hiscores", {
      player_id: player.id,
      game_mode: "regular",
      xp_mode: "regular",
      experience,
      activities,
    });
    step(
      current,
      `pushed ${SKILLS.length} skills: total level ${hs.total_level}, total experience ${hs.total_experience.toLocaleString("en-US")}; ` +
        `${Object.keys(activities).length} activity scores (${activities.clue_scrolls_all} clue scrolls, ${activities.zulrah} Zulrah kills, ${activities.pvp_kills} PvP kills)`,
    );

    current = "events";
    const events = await call<{ logged: number }>("POST", "/api/v1/game/events", {
      player_id: player.id,
      events: [
        { type: "clue", tier: "hard" },
        { type: "drop", name: "Tanzanite fang", rarity: 512 },
      ],
    });
    step(current, `reported a hard clue and a rare drop: ${events.logged} logged in the adventure log`);

    current = "competitions";
    const running = await call<{ results: { id: number; title: string }[] }>("GET", "/api/v1/competitions?status=ongoing");
    const places: string[] = [];
    for (const c of running.results.slice(0, 3)) {
      const view = await call<{ me: unknown; results: { id: number; rank: number; score: number }[] }>("GET", `/api/v1/competitions/${c.id}`);
      const mine = view.results.find((r) => r.id === player.id);
      places.push(mine ? `#${mine.rank} in "${c.title}" with ${mine.score.toLocaleString("en-US")} points` : `not in the top 25 of "${c.title}"`);
    }
    step(current, running.results.length ? `${running.results.length} running; ${player.name} is ${places.join("; ")}` : "none running");

    if (o.voteToken) {
      current = "vote callback";
      const site = siteConfig.voteSites.find((s) => s.key === o.voteSite)!;
      const cb: Record<string, string | undefined> = site.callback;
      const q = new URLSearchParams({ [site.callback.token]: o.voteToken });
      if (cb.secret && o.voteSecret) q.set(cb.secret, o.voteSecret);
      if (cb.voterIp) q.set(cb.voterIp, "127.0.0.1");
      // Posted as a form, as most sites do: the secret stays out of access logs.
      const vote = await call<{ status: string; details?: string }>("POST", `/api/v1/vote/callback/${site.key}`, q);
      step(current, `${site.name} called back: ${vote.status}${vote.details ? ` (${vote.details})` : ""}`);
    }

    current = "preview";
    const preview = await call<{ deliveries: (TGameDelivery & { status: string })[] }>("GET", `/api/v1/game/deliveries?player_id=${player.id}`);
    const leased = preview.deliveries.filter((d) => d.status === "leased").length;
    step(current, `${preview.deliveries.length} undelivered (${preview.deliveries.length - leased} pending, ${leased} leased to another claim)`);

    current = "claim";
    const claim = await call<TClaimResult>("POST", "/api/v1/game/deliveries/claim", { player_id: player.id, lease_seconds: o.lease });
    step(
      current,
      claim.lease_id
        ? `${claim.deliveries.length} delivery(ies) leased as ${claim.lease_id} until ${time(claim.leased_until)}`
        : "0 deliveries: nothing pending",
    );
    // A real game adds each item to the player and records the id in their save first.
    for (const d of claim.deliveries) print(`    grant #${d.id} ${d.kind}: ${describeDelivery(d)}`);

    current = "ack";
    if (!claim.lease_id || !claim.deliveries.length) step(current, "nothing to ack");
    else if (o.blocked) {
      const r = await call<TBlockedResult>("POST", "/api/v1/game/deliveries/blocked", {
        lease_id: claim.lease_id,
        delivery_ids: claim.deliveries.map((d) => d.id),
        reason: o.blocked,
      });
      if (r.rejected.length) throw new SimError(`rejected ${r.rejected.map((x) => `#${x.id} (${x.reason})`).join(", ")}`);
      step(current, `reported blocked (${o.blocked}) [${r.blocked.join(", ")}]: back in the queue, the player sees why`);
    } else if (!o.ack) step(current, `skipped (--no-ack): they return to the queue after ${time(claim.leased_until)}`);
    else {
      const ack = await call<TAckResult>("POST", "/api/v1/game/deliveries/ack", { lease_id: claim.lease_id, delivery_ids: claim.deliveries.map((d) => d.id) });
      if (ack.rejected.length)
        throw new SimError(`rejected ${ack.rejected.map((r) => `#${r.id} (${r.reason})`).join(", ")}; delivered [${ack.delivered.join(", ")}]`);
      step(current, `delivered [${ack.delivered.join(", ")}], none rejected`);
    }

    current = "store link";
    const link = await call<{ url: string; expires_at: string }>("POST", "/api/v1/game/store-link", { player_id: player.id });
    step(current, `${link.url} (one use, until ${time(link.expires_at)})`);
    print("Done: every step of the game bridge answered as expected.");
    return 0;
  } catch (e) {
    if (!(e instanceof SimError)) throw e;
    print(`✗ ${current.padEnd(14)} ${e.message}`);
    return 1;
  }
}

const isMain = process.argv[1] && /game-sim\.ts$/.test(process.argv[1]);
if (isMain) {
  if (existsSync(".env")) process.loadEnvFile(".env");
  const parsed = parseSimArgs(process.argv.slice(2), process.env);
  if ("exit" in parsed) {
    (parsed.exit === 0 ? console.log : console.error)(parsed.text);
    process.exit(parsed.exit);
  }
  console.log(`Game server simulator → ${parsed.url} as ${parsed.username}`);
  process.exit(await runSim(parsed, (line) => (line.startsWith("✗") ? console.error : console.log)(line)));
}
