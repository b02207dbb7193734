// Seeding the mixed load's database through our own code (scripts/bench/mixed.ts): the demo
// data, players with passwords, credits, sessions, API token pairs and vote tokens, a game key,
// and the paths the readers read.
import { spawn } from "node:child_process";
import type pg from "pg";
import { CATEGORIES } from "../../../lib/hiscores";
import { SKILLS } from "../../../lib/skills";
import { priceBreakdown } from "../../../lib/store/pricing";
import { priceInForce, type SaleTier, tierSale } from "../../../lib/store/sale";
import { userFactory } from "../../../tests/factories/user-factory";
import { COUPON, COUPON_LIMIT, COUPON_PER_PLAYER, COUPONS, DEEP_PAGE, GIFT_CARDS, GRANT, pick, PLAYERS, rand, say, USER_AGENT } from "./config";
import { inParallel, type Player, type World } from "./driver";

/** Runs a command to its end; answers its output, or fails with it. */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}:\n${out}`))));
  });
}

/** Fills the database the app serves; answers what the virtual users act with and read. */
export async function seed(databaseUrl: string, sql: pg.Pool): Promise<Omit<World, "app" | "baseline" | "site" | "voteSecrets"> & { ladderPlayers: number }> {
  // The demo data, as `npm start` seeds it in local mode: store, forums, news, an owner.
  const { runDemoSeed } = await import("../../../prisma/seed");
  await runDemoSeed(databaseUrl, "local");
  say("seeded the demo data");

  // Players who can log in: the test factory hashes the one password once (argon2id, as the
  // site does), so hundreds of accounts take a second, not a minute of hashing.
  const factory = userFactory(async <T>(text: string, values: readonly unknown[]) => (await sql.query(text, [...values])).rows as T[]);
  const made: { id: number; username: string }[] = [];
  await inParallel(
    Array.from({ length: PLAYERS }, (_, i) => i),
    4,
    async (i) => {
      const u = await factory.createUser({ username: `mx${i + 1}` });
      made[i] = { id: u.id, username: u.username };
    },
  );

  const { grantCredits } = await import("../../../lib/server/store/admin/grant-credits");
  const { createBrowserSession } = await import("../../../lib/server/sessions/browser-sessions");
  const { issueTokenPair } = await import("../../../lib/server/sessions/api-tokens");
  const { ensureVoteToken } = await import("../../../lib/server/votes/vote-token");
  const { createGameApiKey } = await import("../../../lib/server/game/api-keys");
  const { CLI_ACTOR } = await import("../../../lib/server/audit/audit-actor");
  const owner = (await sql.query<{ id: number }>(`SELECT id FROM users WHERE privilege = 'OWNER' ORDER BY id LIMIT 1`)).rows[0];
  if (!owner) throw new Error("the demo seed made no owner");

  const players: Player[] = [];
  await inParallel(made, 4, async (u, i) => {
    const address = `10.${((i + 1) >> 16) & 255}.${((i + 1) >> 8) & 255}.${(i + 1) & 255}`;
    // Credits through the staff grant (POST /api/v1/staff/credits's use case), granted by the owner.
    await grantCredits({ username: u.username, amount: GRANT, reason: "mixed benchmark" }, { actorId: owner.id, privilege: "OWNER", ip: null });
    const session = await createBrowserSession(u.id, { userAgent: USER_AGENT, ip: address });
    const pair = await issueTokenPair(u.id, { userAgent: "launcher", ip: address });
    const voteToken = await ensureVoteToken(u.id);
    const xp = SKILLS.map((_, s) => (s === 3 ? 1154 : 0) + Math.floor(rand() * 2_000_000));
    players[i] = {
      id: u.id,
      username: u.username,
      address,
      cookie: session.token,
      refresh: pair.refresh,
      voteToken,
      xp,
      kills: 0,
      voted: new Set(),
      claiming: false,
    };
  });
  const { key: gameKey } = await createGameApiKey(CLI_ACTOR, "mixed-bench", ["login", "deliveries", "hiscores"]);
  say(`made ${PLAYERS} players with ${GRANT.toLocaleString("en-US")} credits, a session, an API token pair and a vote token each, and a game key`);

  // The coupons and gift cards the mix redeems, made by the owner through the staff use cases
  // (POST /api/v1/staff/store/coupons and …/gift-cards); only the redemptions go over HTTP.
  const { createCoupon } = await import("../../../lib/server/store/admin/coupons");
  const { issueGiftCard } = await import("../../../lib/server/giftcards/staff-gift-cards");
  const { ZCouponInput } = await import("../../../lib/schemas/staff-store");
  const { ZGiftCardIssueInput } = await import("../../../lib/schemas/gift-cards");
  const staff = { actorId: owner.id, ip: null };
  const coupons: World["coupons"] = [];
  await inParallel(
    Array.from({ length: COUPONS }, (_, i) => i),
    4,
    async (i) => {
      const input = ZCouponInput.parse({ code: `BENCH-${i + 1}`, ...COUPON, scope: "BASKET", maxRedemptions: COUPON_LIMIT, perPlayerLimit: COUPON_PER_PLAYER });
      const c = await createCoupon(input, staff);
      coupons[i] = { id: c.id, code: c.code };
    },
  );
  const giftCards: World["giftCards"] = [];
  await inParallel(
    Array.from({ length: GIFT_CARDS }, (_, i) => i),
    4,
    async (i) => {
      const credits = 100 * (1 + Math.floor(rand() * 50));
      const issued = await issueGiftCard(ZGiftCardIssueInput.parse({ credits, reason: "mixed benchmark" }), staff);
      giftCards[i] = { id: issued.card.id, code: issued.code, credits };
    },
  );
  say(
    `made ${COUPONS} coupons (${COUPON.value}% off, ${COUPON_LIMIT} uses, ${COUPON_PER_PLAYER} a player) and ${GIFT_CARDS} gift cards (${giftCards
      .reduce((n, c) => n + c.credits, 0)
      .toLocaleString("en-US")} credits)`,
  );

  // What the readers read: ids from the seeded data.
  const q = async <T extends pg.QueryResultRow>(text: string) => (await sql.query<T>(text)).rows;
  // The price with a coupon: the pipeline's own arithmetic over the product's tier (the seed has no scheduled sales).
  const withCoupon = (price: number, sale: SaleTier | null) =>
    priceBreakdown({ base: price, unit: "credits", sales: [tierSale(sale)].filter((r) => r !== null), coupon: { code: "BENCH", ...COUPON } }).total;
  const products = (
    await q<{ id: number; price: number; sale: SaleTier | null }>(
      `SELECT p.id, p.price, p.sale FROM store_products p JOIN store_categories c ON c.id = p."categoryId" WHERE p.active AND NOT c.hidden ORDER BY p.id`,
    )
  )
    .map((p) => ({ id: p.id, price: priceInForce(p.price, p.sale), couponPrice: withCoupon(p.price, p.sale) }))
    .filter((p) => p.price >= 1);
  const forums = await q<{ id: number }>(`SELECT id FROM forums ORDER BY id`);
  const threads = await q<{ id: number }>(`SELECT id FROM forum_threads ORDER BY id`);
  const news = await q<{ slug: string }>(`SELECT slug FROM news_posts ORDER BY id`);
  const [ladder] = await q<{ players: number }>(`SELECT players FROM hiscore_ladders WHERE "gameMode" = 'REGULAR' AND "xpMode" = 'REGULAR'`);
  const generated = await q<{ username: string }>(`SELECT username FROM users WHERE "emailKey" LIKE '%@generated.invalid' ORDER BY id LIMIT 2000`);
  if (!products.length || !forums.length || !threads.length || !news.length || !ladder || !generated.length)
    throw new Error("the seed left something empty (products, forums, threads, news or the ladder)");

  const lastPage = Math.ceil(ladder.players / 25);
  const skills = CATEGORIES.filter((c) => c.id <= SKILLS.length).map((c) => c.slug);
  const deep = () => DEEP_PAGE + Math.floor(rand() * Math.max(1, lastPage - DEEP_PAGE + 1));
  const hiscorePaths: string[] = [];
  for (let i = 0; i < 200; i++) {
    const skill = pick(skills);
    const name = encodeURIComponent(pick(generated).username);
    hiscorePaths.push(
      `/api/v1/hiscores?skill=${skill}&page=${deep()}`,
      `/hiscores/${skill}?page=${deep()}`,
      `/api/v1/hiscores/player/${name}`,
      `/hiscores/player/${name}`,
      i % 2 ? "/hiscores" : `/api/v1/hiscores?page=${deep()}`,
    );
  }
  const forumPaths: string[] = [];
  for (const f of forums) forumPaths.push(`/forums/${f.id}`, `/api/v1/forums/threads/${f.id}`);
  for (const t of threads) forumPaths.push(`/forums/thread/${t.id}`, `/forums/thread/${t.id}`, `/api/v1/forums/thread/${t.id}`);
  for (let i = 0; i < forumPaths.length / 4; i++) forumPaths.push("/forums", "/api/v1/forums");
  return {
    gameKey,
    players,
    products,
    coupons,
    giftCards,
    // The home page is a static file whose Latest News and players-online figures are client calls.
    guestPaths: [
      "/",
      "/api/v1/news/latest?amount=3",
      "/api/v1/players-online",
      "/news",
      `/news/${news[0]!.slug}`,
      "/rules",
      "/",
      "/terms",
      "/faq",
      "/play",
      "/login",
      "/privacy",
      "/register",
    ],
    hiscorePaths,
    forumPaths,
    playerPaths: ["/store", "/account", "/vote", "/credits", "/account/purchases?type=credits", "/store"],
    ladderPlayers: ladder.players,
  };
}
