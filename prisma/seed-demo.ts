// Demo data for local mode: every page looks alive. Idempotent: a second run changes nothing.
// Never run in production (scripts/start.mjs and prisma/seed.ts check APP_MODE).
// Accounts are made by the same use cases as real ones (registration's core, the operator's
// privilege action), so demo data cannot break the rules players must follow.
import type { GameMode, Prisma, PrismaClient, XpMode } from "../lib/generated/prisma/client";
import { deliveryPayload } from "../lib/schemas/delivery-payloads";
import { setPrivilege } from "../lib/server/accounts/admin-actions";
import { createAccount, type NewAccount } from "../lib/server/accounts/create-account";
import { createForum } from "../lib/server/forums/create-forum";
import { createForumCategory } from "../lib/server/forums/create-forum-category";
import { syncVoteSiteRows } from "../lib/server/votes/vote-sites";
import { SKILLS } from "../lib/skills";
import { salePrice } from "../lib/store/sale";
import { usernameKey } from "../lib/usernames";
import { levelForXp, MAX_XP } from "../lib/xp";
import { seededRandom as prng } from "../lib/seeded-random";

export const DEMO_ACCOUNTS = {
  staff: { username: "Admin", email: "admin@example.com", password: "Ember!Admin1", privilege: "OWNER" as const },
  moderator: { username: "Guardian", email: "guardian@example.com", password: "Ember!Guard1", privilege: "MODERATOR" as const },
  player: { username: "Player", email: "player@example.com", password: "Ember!Player1", privilege: "PLAYER" as const },
};

export const DEMO_LADDER_PLAYERS = 300;
/** The running competition of the demo (every player's Overall experience counts). */
export const DEMO_COMPETITION = "Demo week: Overall experience";

const SYLLABLES = [
  "zar",
  "eth",
  "mor",
  "kal",
  "vin",
  "dra",
  "tho",
  "ria",
  "gul",
  "fen",
  "osk",
  "lyn",
  "bre",
  "quo",
  "ix",
  "tar",
  "wyn",
  "sol",
  "ka",
  "rune",
  "ash",
  "iron",
  "mist",
  "pk",
];

const daysAgo = (d: number, hour = 12) => {
  const t = new Date();
  t.setUTCHours(hour, 0, 0, 0);
  return new Date(t.getTime() - d * 86_400_000);
};

function html(...paragraphs: string[]) {
  return paragraphs.map((p) => `<p>${p}</p>`).join("");
}

export type SeedResult = { seeded: boolean };

export async function seedDemo(db: PrismaClient): Promise<SeedResult> {
  // Serialise concurrent seeders and skip when the demo already exists.
  return db.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(727274)`;
      const existing = await tx.user.findUnique({ where: { usernameKey: usernameKey(DEMO_ACCOUNTS.staff.username) } });
      if (existing) return { seeded: false };
      await seedAll(tx as unknown as PrismaClient);
      return { seeded: true };
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

async function seedAll(db: PrismaClient) {
  const rand = prng(20240201);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;

  // ── accounts ──
  const register = async (account: NewAccount): Promise<number> => {
    const r = await createAccount(account, { confirm: false, ip: null }, db);
    if (r.status !== "created") throw new Error(`demo account "${account.username}" clashes with an existing account`);
    return r.userId;
  };
  const people: Record<keyof typeof DEMO_ACCOUNTS, number> = { staff: 0, moderator: 0, player: 0 };
  for (const [key, a] of Object.entries(DEMO_ACCOUNTS) as [keyof typeof DEMO_ACCOUNTS, (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS]][]) {
    people[key] = await register({ username: a.username, email: a.email, password: a.password });
    // Demo history only: a confirmed address and an old join date.
    await db.user.update({ where: { id: people[key] }, data: { emailVerifiedAt: new Date(), joinDate: daysAgo(key === "player" ? 120 : 900) } });
  }

  // ── ladder players: a few hundred accounts that cannot log in, with stats in every skill ──
  const names = new Set<string>(Object.values(DEMO_ACCOUNTS).map((a) => usernameKey(a.username)));
  const ladder: { name: string; mode: GameMode; xpMode: XpMode }[] = [];
  while (ladder.length < DEMO_LADDER_PLAYERS) {
    let name = pick(SYLLABLES) + pick(SYLLABLES);
    name = name[0]!.toUpperCase() + name.slice(1);
    if (rand() < 0.4) name += String(Math.floor(rand() * 99));
    if (rand() < 0.15) name = name.slice(0, 6) + " " + pick(SYLLABLES);
    name = name.slice(0, 12).trim();
    if (names.has(usernameKey(name))) continue;
    names.add(usernameKey(name));
    const r = rand();
    const mode: GameMode = r < 0.6 ? "REGULAR" : r < 0.75 ? "IRONMAN" : r < 0.85 ? "HARDCORE_IRONMAN" : r < 0.93 ? "ULTIMATE_IRONMAN" : "GROUP_IRONMAN";
    const x = rand();
    const xpMode: XpMode = x < 0.55 ? "REGULAR" : x < 0.75 ? "X10" : x < 0.9 ? "X15" : "X25";
    ladder.push({ name, mode, xpMode });
  }
  const ladderUsers: { id: number }[] = [];
  for (const [i, p] of ladder.entries()) {
    const id = await register({ username: p.name, email: `ladder${i + 1}@players.example`, password: null });
    await db.user.update({ where: { id }, data: { joinDate: daysAgo(30 + Math.floor(rand() * 700)), totalVotes: Math.floor(rand() * 200) } });
    ladderUsers.push({ id });
  }

  const stats: Prisma.HiscoreStatCreateManyInput[] = [];
  const addStats = (userId: number, gameMode: GameMode, xpMode: XpMode, strength: number, hidden: boolean) => {
    let totalXp = 0;
    let totalLevel = 0;
    let latest = daysAgo(400);
    SKILLS.forEach((_, i) => {
      const skill = i + 1;
      const base = skill === 4 ? 1154 : 0; // Hitpoints starts at level 10
      const xp = Math.min(MAX_XP, base + Math.floor(strength ** 2.2 * rand() * 14_000_000));
      const level = levelForXp(xp);
      const reachedAt = daysAgo(Math.floor(rand() * 365), Math.floor(rand() * 24));
      if (reachedAt > latest) latest = reachedAt;
      totalXp += xp;
      totalLevel += level;
      stats.push({ userId, gameMode, xpMode, skill, level, experience: BigInt(xp), reachedAt, hidden });
    });
    stats.push({ userId, gameMode, xpMode, skill: 0, level: totalLevel, experience: BigInt(totalXp), reachedAt: latest, hidden });
  };
  for (const [i, p] of ladder.entries()) addStats(ladderUsers[i]!.id, p.mode, p.xpMode, rand(), false);
  addStats(people.player, "REGULAR", "REGULAR", 0.55, false);
  addStats(people.staff, "REGULAR", "REGULAR", 0.9, false);
  await db.hiscoreStat.createMany({ data: stats });
  // After the stats: the privilege action itself hides staff from the ladders.
  for (const a of Object.values(DEMO_ACCOUNTS)) if (a.privilege !== "PLAYER") await setPrivilege(a.username, a.privilege, "seed", db);

  // ── store ──
  const categories = ["Weapons", "Armour", "Cosmetics", "Supplies", "Pets"];
  const catIds: number[] = [];
  for (const [i, name] of categories.entries()) catIds.push((await db.storeCategory.create({ data: { name, sortOrder: i } })).id);
  const products: Array<[number, string, number, "LOW" | "MEDIUM" | "HIGH" | null, boolean, string]> = [
    [0, "Dragon claws", 450, "MEDIUM", true, "A pair of razor-sharp claws with a devastating special attack."],
    [0, "Armadyl godsword", 600, null, true, "A two-handed blade blessed by Armadyl. Its special hits hard and true."],
    [0, "Toxic blowpipe", 380, "LOW", true, "A rapid-fire ranged weapon that envenoms its target."],
    [0, "Abyssal tentacle", 300, null, true, "A whip bound with a kraken tentacle. Fast and accurate."],
    [0, "Twisted bow", 2500, "HIGH", false, "The strongest bow in the land, deadly against magical foes."],
    [1, "Bandos chestplate", 350, null, true, "Heavy plate from the General's own armoury."],
    [1, "Armadyl helmet", 280, "LOW", true, "A light helm favoured by rangers."],
    [1, "Dragon defender", 150, null, true, "An off-hand defender forged from dragon metal."],
    [1, "Justiciar faceguard", 420, null, true, "Armour that turns aside incoming blows."],
    [2, "Gilded armour set", 500, "MEDIUM", false, "Shine at the Grand Exchange in full gilded plate."],
    [2, "Ankou mask", 200, null, true, "A cosmetic mask for the spookier adventurer."],
    [2, "Party hat (blue)", 900, "HIGH", false, "The most famous hat in history."],
    [2, "Santa hat", 250, null, true, "Festive cheer, all year round."],
    [3, "Super combat potions (100)", 120, null, true, "One hundred doses of super combat potion."],
    [3, "Saradomin brews (100)", 140, "LOW", true, "Restores hitpoints, lowers other stats."],
    [3, "Anglerfish (500)", 160, null, true, "Five hundred cooked anglerfish that overheal."],
    [3, "Prayer potions (250)", 110, null, true, "Two hundred and fifty doses to keep your prayers up."],
    [4, "Pet snakeling", 350, null, true, "A small green snake that follows you around."],
    [4, "Pet kraken", 350, "MEDIUM", true, "A tiny kraken companion."],
    [4, "Pet dark core", 400, null, true, "A crackling ball of corporeal energy."],
    // More weapons and cosmetics, so the store's first and route-default categories page.
    [0, "Dragon scimitar", 90, null, true, "A curved dragon blade, a favourite for training."],
    [0, "Abyssal whip", 200, "LOW", true, "A fast, accurate whip from the Abyss."],
    [0, "Granite maul", 120, null, true, "A heavy maul whose special strikes twice in a flash."],
    [0, "Dragon warhammer", 550, "HIGH", true, "A hammer whose special lowers the target's defence."],
    [0, "Elder maul", 800, null, false, "The heaviest maul ever forged."],
    [0, "Heavy ballista", 700, "MEDIUM", true, "A siege weapon small enough to carry, just."],
    [0, "Kodai wand", 650, null, true, "A wand humming with ancient magic."],
    [0, "Trident of the seas", 400, null, true, "A powered staff that casts its own spell."],
    [0, "Dragon hunter crossbow", 900, "LOW", false, "A crossbow made to bring down dragons."],
    [2, "Party hat (red)", 900, null, false, "A red party hat, as rare as they come."],
    [2, "Party hat (green)", 900, null, false, "A green party hat for the collector."],
    [2, "Halloween mask (blue)", 600, "MEDIUM", true, "A blue mask for a spooky night out."],
    [2, "Christmas cracker", 1200, null, false, "Pull it with a friend and see what falls out."],
    [2, "Black h'ween mask", 700, null, true, "The darkest of the Halloween masks."],
    [2, "Bunny ears", 300, "LOW", true, "Soft ears from the Easter event."],
    [2, "Scythe", 350, null, true, "A cosmetic scythe that swings for show."],
    [2, "Rubber chicken", 80, null, true, "Squeaks when you hit things with it."],
    [2, "Easter ring", 60, "HIGH", true, "Turns its wearer into an egg, briefly."],
  ];
  for (const [i, [cat, name, price, sale, ironman, description]] of products.entries()) {
    await db.storeProduct.create({
      data: {
        name,
        categoryId: catIds[cat]!,
        price,
        sale: sale ?? null,
        // The store computes sale prices from the tier; the column is kept consistent with it.
        salePrice: salePrice(price, sale),
        ironman,
        description,
        imageHref: `/images/store/${name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, "")}.svg`,
        gameItemId: 1000 + i,
        quantity: 1,
        sortOrder: i,
      },
    });
  }
  const packages: Array<[number, number, number]> = [
    [100, 0, 1000],
    [250, 10, 2500],
    [500, 50, 5000],
    [1000, 150, 10000],
    [2500, 500, 25000],
    [5000, 1250, 50000],
  ];
  const packageIds: number[] = [];
  for (const [i, [credits, bonusCredits, priceCents]] of packages.entries()) {
    packageIds.push(
      (await db.creditPackage.create({ data: { credits, bonusCredits, priceCents, imageUrl: `/images/credits/pack-${i + 1}.svg`, sortOrder: i } })).id,
    );
  }

  // The demo player bought two packages (paid) and spent some credits.
  let balance = 0;
  let spent = 0;
  for (const [n, pkgIndex] of [0, 1].entries()) {
    const [credits, bonus, cents] = packages[pkgIndex]!;
    const paidAt = daysAgo(60 - n * 20);
    const purchase = await db.creditPurchase.create({
      data: {
        userId: people.player,
        creditPackageId: packageIds[pkgIndex]!,
        method: "STRIPE",
        status: "PAID",
        providerRef: `demo_pi_${n + 1}`,
        credits,
        bonusCredits: bonus,
        amountCents: cents,
        createdAt: paidAt,
        paidAt,
      },
    });
    balance += credits;
    await db.creditLedgerEntry.create({
      data: {
        userId: people.player,
        delta: credits,
        balanceAfter: balance,
        kind: "PURCHASE",
        creditPurchaseId: purchase.id,
        idempotencyKey: `purchase:${purchase.id}:purchase`,
        createdAt: paidAt,
      },
    });
    if (bonus) {
      balance += bonus;
      await db.creditLedgerEntry.create({
        data: {
          userId: people.player,
          delta: bonus,
          balanceAfter: balance,
          kind: "BONUS",
          creditPurchaseId: purchase.id,
          idempotencyKey: `purchase:${purchase.id}:bonus`,
          createdAt: paidAt,
        },
      });
    }
    spent += cents;
  }
  await db.creditPurchase.create({
    data: {
      userId: people.player,
      creditPackageId: packageIds[2]!,
      method: "COINBASE",
      status: "PENDING",
      providerRef: "demo_charge_1",
      credits: 500,
      bonusCredits: 50,
      amountCents: 5000,
      createdAt: daysAgo(1),
    },
  });
  const firstProduct = await db.storeProduct.findFirstOrThrow({ where: { name: "Santa hat" } });
  const order = await db.storeOrder.create({
    data: { userId: people.player, productId: firstProduct.id, priceCredits: firstProduct.price, idempotencyKey: "demo-order-1", createdAt: daysAgo(15) },
  });
  balance -= firstProduct.price;
  await db.creditLedgerEntry.create({
    data: {
      userId: people.player,
      delta: -firstProduct.price,
      balanceAfter: balance,
      kind: "SPEND",
      storeOrderId: order.id,
      idempotencyKey: `order:${order.id}:spend`,
      createdAt: daysAgo(15),
    },
  });
  await db.gameDelivery.create({
    data: {
      userId: people.player,
      ...deliveryPayload("STORE_ITEM", { itemId: firstProduct.gameItemId, quantity: 1 }),
      status: "DELIVERED",
      storeOrderId: order.id,
      deliveredAt: daysAgo(15),
      createdAt: daysAgo(15),
    },
  });
  await db.user.update({ where: { id: people.player }, data: { storeCredits: balance, totalSpentCents: spent, totalVotes: 42 } });

  // ── voting ──
  await syncVoteSiteRows(db);
  const sites = await db.voteSite.findMany();
  const voters = ladderUsers.slice(0, 40);
  const votes: Prisma.VoteCreateManyInput[] = [];
  for (const v of voters) {
    const n = 1 + Math.floor(rand() * 20);
    for (let k = 0; k < n; k++) votes.push({ userId: v.id, siteId: pick(sites).id, createdAt: daysAgo(Math.floor(rand() * 25), Math.floor(rand() * 24)) });
  }
  await db.vote.createMany({ data: votes });

  // ── forums ──
  const forumPlan: Array<[string, Array<[string, string, boolean]>]> = [
    [
      "Official",
      [
        ["News & Announcements", "Updates, events and announcements from the team.", true],
        ["Patch Notes", "Every change to the game, week by week.", true],
      ],
    ],
    [
      "Community",
      [
        ["General Discussion", "Talk about anything related to the game.", false],
        ["Guides", "Share what you know: money making, bossing, skilling.", false],
        ["Clans", "Recruit members or find a clan to call home.", false],
      ],
    ],
    [
      "Support",
      [
        ["Bug Reports", "Found something broken? Tell us how to reproduce it.", false],
        ["Suggestions", "Ideas to make the game better.", false],
      ],
    ],
  ];
  // Made by the staff forum editor's use cases (each placed after the ones before, audited as "seed").
  const seedActor = { actorId: null, actorLabel: "seed" };
  const forums: Record<string, number> = {};
  for (const [catName, list] of forumPlan) {
    const cat = await createForumCategory(seedActor, { name: catName }, db);
    for (const [name, description, staffOnly] of list) {
      forums[name] = (await createForum(seedActor, { categoryId: cat.id, name, description, staffOnly, isNews: name === "News & Announcements" }, db)).id;
    }
  }

  const authors = [people.player, people.moderator, ...ladderUsers.slice(0, 12).map((u) => u.id)];
  const counts = new Map<number, { threads: number; posts: number }>();
  const bump = (userId: number, key: "threads" | "posts") => {
    const c = counts.get(userId) ?? { threads: 0, posts: 0 };
    c[key]++;
    counts.set(userId, c);
  };
  async function createThread(forumName: string, userId: number, title: string, bodies: string[], at: Date, opts: { pinned?: boolean; closed?: boolean } = {}) {
    const forumId = forums[forumName]!;
    const thread = await db.forumThread.create({
      data: { forumId, userId, title, pinned: opts.pinned ?? false, closed: opts.closed ?? false, createdAt: at, latestPostAt: at },
    });
    bump(userId, "threads");
    let last = at;
    let lastUser = userId;
    for (const [i, body] of bodies.entries()) {
      const postUser = i === 0 ? userId : pick(authors);
      last = new Date(at.getTime() + i * 3_600_000 * (1 + Math.floor(rand() * 20)));
      lastUser = postUser;
      await db.forumPost.create({ data: { threadId: thread.id, userId: postUser, content: body, createdAt: last } });
      bump(postUser, "posts");
    }
    await db.forumThread.update({ where: { id: thread.id }, data: { postCount: bodies.length, latestPostAt: last, latestPostUserId: lastUser } });
    await db.forum.update({ where: { id: forumId }, data: { threadCount: { increment: 1 }, postCount: { increment: bodies.length } } });
    return thread;
  }

  const chatter = [
    html("Has anyone tried the new slayer task extensions? I got three abyssal demon tasks in a row."),
    html("Same here. The point boost is worth it, though."),
    html("Try turning on the <strong>task streak</strong> bonus first, it stacks."),
    html("Thanks! Going to try it tonight."),
    html("Good luck, post your drops!"),
  ];
  await createThread("General Discussion", people.player, "Slayer streaks: worth it?", chatter, daysAgo(12));
  await createThread("General Discussion", authors[2]!, "Post your best drop of the week", chatter.slice(0, 3), daysAgo(6));
  await createThread("General Discussion", authors[3]!, "Ironman or main?", chatter.slice(0, 4), daysAgo(3));
  await createThread(
    "Guides",
    authors[4]!,
    "Zero to hero: fastest route to 99 Agility",
    [html("Start with the rooftop courses and <em>always</em> pick up marks of grace.", "From level 60 the Seers' course with hard diary is best.")],
    daysAgo(40),
    { pinned: true },
  );
  await createThread("Guides", authors[5]!, "Money making for new players", chatter.slice(0, 2), daysAgo(25));
  await createThread("Clans", authors[6]!, "Ember Knights are recruiting (PvM, 1500+ total)", chatter.slice(0, 3), daysAgo(9));
  await createThread("Bug Reports", people.player, "Bank tab icons reset after logout", chatter.slice(0, 2), daysAgo(4), { closed: true });
  await createThread("Suggestions", authors[7]!, "Add a teleport to the fishing guild", chatter.slice(0, 5), daysAgo(2));
  await createThread(
    "Patch Notes",
    people.moderator,
    "Patch notes: week 47",
    [html("Fixed the Grand Exchange search for items with apostrophes.", "Raised the drop rate of clue scrolls from implings.")],
    daysAgo(1),
  );

  // ── news: each post is also a thread in the news forum ──
  const news: Array<[string, number, string[]]> = [
    [
      "Winter Festival begins",
      5,
      ["The snow has settled on the home area and the Winter Festival is here.", "Collect snowflakes from skilling to trade for festive cosmetics."],
    ],
    ["Double XP weekend", 33, ["All skills earn double experience from Friday to Sunday.", "Vote bonuses stack, so keep voting every 12 hours."]],
    ["New boss: The Ember Wyrm", 64, ["A new boss stirs beneath the volcano. Bring fire protection.", "Its unique drops include the Ember crossbow."]],
    ["Store sale: up to 50% off", 95, ["Selected store items are discounted this week.", "Check the store for the sale badges."]],
    ["Server launch", 1020, ["The gates are open! Thank you to every beta tester.", "Join the chat server to meet the community."]],
    ["Beta testing weekend", 1050, ["We are opening the beta to everyone this weekend.", "Report bugs in the forums."]],
  ];
  for (const [title, ago, paragraphs] of news) {
    const at = daysAgo(ago);
    const content = html(...paragraphs);
    const thread = await createThread("News & Announcements", people.staff, title, [content], at);
    await db.newsPost.create({
      data: {
        slug: title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, "-")
          .replace(/^-|-$/g, ""),
        title,
        image: "/images/news/default.svg",
        content,
        preview: paragraphs[0]!,
        authorId: people.staff,
        threadId: thread.id,
        forumId: forums["News & Announcements"]!,
        publishedAt: at,
      },
    });
  }
  for (const [userId, c] of counts) await db.user.update({ where: { id: userId }, data: { threadCount: c.threads, postCount: c.posts } });
  for (const forumId of Object.values(forums)) {
    const latest = await db.forumThread.findFirst({ where: { forumId }, orderBy: { createdAt: "desc" } });
    if (latest) await db.forum.update({ where: { id: forumId }, data: { latestThreadId: latest.id } });
  }

  // ── support tickets ──
  const t1 = await db.ticket.create({
    data: {
      userId: people.player,
      type: "RSGP_STORE_PURCHASES",
      title: "Buying credits with gold",
      description: "Hi, I would like to buy 500 credits with OSRS gold. How do we arrange the trade?",
      createdAt: daysAgo(8),
      updatedAt: daysAgo(7),
    },
  });
  await db.ticketComment.create({
    data: {
      ticketId: t1.id,
      userId: people.moderator,
      content: "Hello! A staff member will meet you at home tomorrow at 18:00 server time.",
      staff: true,
      createdAt: daysAgo(7),
    },
  });
  const t2 = await db.ticket.create({
    data: {
      userId: people.player,
      type: "IN_GAME_SUPPORT",
      title: "Lost my items on death",
      description: "I died at the Ember Wyrm and my gravestone disappeared after two minutes.",
      closed: true,
      createdAt: daysAgo(20),
      updatedAt: daysAgo(18),
    },
  });
  await db.ticketComment.create({
    data: {
      ticketId: t2.id,
      userId: people.moderator,
      content: "We checked the logs and restored your items. Closing this ticket.",
      staff: true,
      createdAt: daysAgo(18),
    },
  });
  await db.ticket.create({
    data: {
      userId: people.player,
      type: "WEBSITE_SUPPORT",
      title: "Vote timer looks wrong",
      description: "The RuneLocus timer shows 11 hours even though I voted yesterday.",
      createdAt: daysAgo(1),
      updatedAt: daysAgo(1),
    },
  });

  // Saved replies for the ticket page's reply box (docs/staff.md, "Saved replies").
  await db.savedReply.createMany({
    data: [
      { title: "Greeting", body: "Hello {player.name},\n\nThank you for ticket #{ticket.id}. I am looking into it now.\n\n{staff.name}" },
      {
        title: "Order status",
        body: "Hello {player.name}, your latest order is {order.last.status}. Let us know if anything is missing in game.\n\n{staff.name}",
      },
      {
        title: "Ban appeal received",
        body: "Hello {player.name}, your ban reads: {player.ban.reason}. We will review your appeal and answer here.\n\n{staff.name}",
      },
    ],
    skipDuplicates: true,
  });

  // A competition running now that counts everyone: what `npm run game:sim` pushes for the demo
  // player lands in it. Its end job is queued by the hourly competition-schedules job, which
  // queues the end of any competition that has none (docs/competitions.md).
  await db.competition.create({
    data: {
      title: DEMO_COMPETITION,
      startsAt: daysAgo(2, 0),
      endsAt: daysAgo(-5, 0),
      metricKind: "SKILLS",
      type: "CLASSIC",
      signup: "EVERYONE",
      metrics: { create: [{ metric: 0, weight: 1 }] },
      prizes: {
        create: [
          { place: 1, itemId: 995, quantity: 10_000_000 },
          { place: 2, itemId: 995, quantity: 5_000_000 },
          { place: 3, itemId: 995, quantity: 2_500_000 },
        ],
      },
    },
  });

  await db.auditLog.create({ data: { actorLabel: "seed", action: "demo.seeded", data: { ladderPlayers: DEMO_LADDER_PLAYERS } } });
}
