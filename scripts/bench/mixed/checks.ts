// The checks after the mixed load (scripts/bench/mixed.ts): reconcile, then what the virtual
// users booked (orders, coupon uses, gift cards, claims and acks, votes) against what the database holds.
import type pg from "pg";
import { COUPON_LIMIT, COUPON_PER_PLAYER, GRANT } from "./config";
import { ledger, type World } from "./driver";

export type Check = { name: string; ok: boolean; detail: string };

export async function checkAfterwards(sql: pg.Pool, { players, giftCards: seeded }: Pick<World, "players" | "giftCards">): Promise<Check[]> {
  const ids = players.map((p) => p.id);
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = [ids]) => (await sql.query<T>(text, values)).rows[0]!;
  const checks: Check[] = [];
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  const { runReconcile } = await import("../../admin");
  const reconcile = await runReconcile();
  add("reconcile", reconcile.code === 0, reconcile.message.split("\n").slice(0, 6).join("; "));

  // Money: one order a key, charged once, at the price in force (with the coupon when it took);
  // balances = grant − spent + the gift cards each player redeemed.
  const orders = [...ledger.orders.values()];
  const expectedSpent = orders.reduce((n, o) => n + o.price, 0);
  const giftCards = [...ledger.giftCards.entries()];
  const expectedGifted = giftCards.reduce((n, [, c]) => n + (c.winner === null ? 0 : c.credits), 0);
  const db = await one<{ orders: number; priced: number; spends: number; spent: number; balances: number; wrong: number }>(
    `SELECT (SELECT count(*)::int FROM store_orders WHERE "userId" = ANY($1)) AS orders,
            (SELECT coalesce(sum("priceCredits"), 0)::int FROM store_orders WHERE "userId" = ANY($1)) AS priced,
            (SELECT count(*)::int FROM credit_ledger WHERE "userId" = ANY($1) AND kind = 'SPEND') AS spends,
            (SELECT coalesce(-sum(delta), 0)::int FROM credit_ledger WHERE "userId" = ANY($1) AND kind = 'SPEND') AS spent,
            (SELECT coalesce(sum("storeCredits"), 0)::bigint::float8 FROM users WHERE id = ANY($1)) AS balances,
            (SELECT count(*)::int FROM users u WHERE u.id = ANY($1) AND u."storeCredits" <>
               ${GRANT} - (SELECT coalesce(sum(o."priceCredits"), 0) FROM store_orders o WHERE o."userId" = u.id)
                         + (SELECT coalesce(sum(g.credits), 0) FROM gift_cards g WHERE g."redeemedById" = u.id)) AS wrong`,
  );
  add(
    "purchases",
    db.orders === orders.length &&
      db.spends === orders.length &&
      db.priced === expectedSpent &&
      db.spent === expectedSpent &&
      db.wrong === 0 &&
      db.balances === players.length * GRANT - expectedSpent + expectedGifted,
    `${orders.length} keys bought (${ledger.retriedKeys} retried after the answer, ${ledger.twinKeys} sent twice at once); ` +
      `${db.orders} orders and ${db.spends} spend entries in the database; ${db.spent.toLocaleString("en-US")} credits spent = ${expectedSpent.toLocaleString("en-US")} in prices; ` +
      `${db.wrong} balances off grant − orders + gift cards`,
  );

  // Coupons: no coupon used more than its total limit, nor by a player more than its per-player
  // limit; the uses stored are the 200s answered, and a refusal for a limit means it was reached.
  const used = (
    await sql.query<{ coupon: number; user: number; uses: number; discount: number; orders: number }>(
      `SELECT r."couponId" AS coupon, r."userId" AS user, count(*)::int AS uses, sum(r.discount)::int AS discount,
              count(o.id)::int AS orders
       FROM coupon_redemptions r LEFT JOIN store_orders o ON o.id = r."storeOrderId"
       WHERE r."userId" = ANY($1) GROUP BY 1, 2`,
      [ids],
    )
  ).rows;
  const couponProblems: string[] = [];
  let couponUses = 0;
  let usedUp = 0;
  for (const [id, seen] of ledger.coupons) {
    const rows = used.filter((r) => r.coupon === id);
    const total = rows.reduce((n, r) => n + r.uses, 0);
    const answered = [...seen.uses.values()].reduce((n, k) => n + k, 0);
    couponUses += total;
    if (total > COUPON_LIMIT) couponProblems.push(`${seen.code}: ${total} uses, limit ${COUPON_LIMIT}`);
    if (total !== answered) couponProblems.push(`${seen.code}: ${total} uses stored, ${answered} orders answered`);
    if (seen.usedUp && total !== COUPON_LIMIT) couponProblems.push(`${seen.code}: refused as used up at ${total} of ${COUPON_LIMIT} uses`);
    if (total === COUPON_LIMIT) usedUp++;
    for (const r of rows) {
      if (r.uses > COUPON_PER_PLAYER) couponProblems.push(`${seen.code}: player ${r.user} used it ${r.uses} times, limit ${COUPON_PER_PLAYER}`);
      if (r.orders !== r.uses) couponProblems.push(`${seen.code}: player ${r.user} has ${r.uses} uses for ${r.orders} orders`);
      if ((seen.uses.get(r.user) ?? 0) !== r.uses)
        couponProblems.push(`${seen.code}: player ${r.user} has ${r.uses} uses stored, ${seen.uses.get(r.user) ?? 0} answered`);
    }
    for (const u of seen.playerLimit) {
      const mine = rows.find((r) => r.user === u)?.uses ?? 0;
      if (mine !== COUPON_PER_PLAYER) couponProblems.push(`${seen.code}: player ${u} refused at ${mine} of ${COUPON_PER_PLAYER} uses`);
    }
  }
  const strayUses = used.filter((r) => !ledger.coupons.has(r.coupon)).reduce((n, r) => n + r.uses, 0);
  if (strayUses) couponProblems.push(`${strayUses} uses of coupons never sent`);
  const refusedTotal = [...ledger.coupons.values()].reduce((n, c) => n + c.usedUp, 0);
  const refusedPlayer = [...ledger.coupons.values()].reduce((n, c) => n + c.playerLimit.size, 0);
  add(
    "coupons",
    couponProblems.length === 0,
    `${ledger.couponRequests} orders sent with ${ledger.coupons.size} coupons (limits ${COUPON_LIMIT} in all, ${COUPON_PER_PLAYER} a player): ` +
      `${couponUses} uses stored, ${usedUp} coupons used up exactly; ${refusedTotal} refused as used up, ${refusedPlayer} players refused at their own limit` +
      (couponProblems.length ? `; ${couponProblems.slice(0, 5).join("; ")}` : ""),
  );

  // Gift cards: each card sent for was redeemed once, by the player who got the 200, with one
  // ledger entry of its value; the cards never sent for are untouched.
  const cards = (
    await sql.query<{ id: number; status: string; redeemer: number | null; credits: number; entries: number; credited: number }>(
      `SELECT g.id, g.status::text AS status, g."redeemedById" AS redeemer, g.credits,
              count(l.id)::int AS entries, coalesce(sum(l.delta), 0)::int AS credited
       FROM gift_cards g
       LEFT JOIN credit_ledger l ON l.kind = 'GIFT_CARD' AND (l."idempotencyKey" = 'giftcard:' || g.id OR l."idempotencyKey" LIKE 'giftcard:' || g.id || ':%')
       WHERE g.id = ANY($1) GROUP BY g.id ORDER BY g.id`,
      [seeded.map((c) => c.id)],
    )
  ).rows;
  const cardProblems: string[] = [];
  let requests = 0;
  for (const c of cards) {
    const seen = ledger.giftCards.get(c.id);
    if (!seen) {
      if (c.status !== "ACTIVE" || c.entries !== 0) cardProblems.push(`#${c.id} never sent for is ${c.status} with ${c.entries} entries`);
      continue;
    }
    requests += seen.requests;
    if (seen.winner === null) cardProblems.push(`#${c.id}: no request answered 200`);
    if (c.status !== "REDEEMED" || c.redeemer !== seen.winner) cardProblems.push(`#${c.id}: ${c.status} by ${c.redeemer}, answered to ${seen.winner}`);
    if (c.entries !== 1 || c.credited !== c.credits)
      cardProblems.push(`#${c.id}: ${c.entries} ledger entries adding ${c.credited}, the card holds ${c.credits}`);
  }
  const giftEntries = await one<{ n: number; sum: number }>(
    `SELECT count(*)::int AS n, coalesce(sum(delta), 0)::int AS sum FROM credit_ledger WHERE "userId" = ANY($1) AND kind = 'GIFT_CARD'`,
  );
  if (giftEntries.n !== ledger.giftCards.size || giftEntries.sum !== expectedGifted)
    cardProblems.push(`${giftEntries.n} gift card entries adding ${giftEntries.sum} for ${ledger.giftCards.size} cards worth ${expectedGifted}`);
  add(
    "gift cards",
    cardProblems.length === 0,
    `${ledger.giftCards.size} cards redeemed by ${requests} requests (${[...ledger.giftCards.values()].reduce((n, c) => n + c.refused, 0)} told "already redeemed"); ` +
      `database: ${giftEntries.n} ledger entries adding ${giftEntries.sum.toLocaleString("en-US")} credits = ${expectedGifted.toLocaleString("en-US")} in card values; ` +
      `${cards.length - ledger.giftCards.size} unsent cards untouched` +
      (cardProblems.length ? `; ${cardProblems.slice(0, 5).join("; ")}` : ""),
  );

  // Deliveries: every one claimed was acked once; none is left leased; one delivery per order and per counted vote.
  const claimed = new Set(ledger.claimed);
  const acked = new Set(ledger.acked);
  const d = await one<{ delivered: number; leased: number; store: number; votes: number; deliveredClaimed: number; twice: number }>(
    `SELECT count(*) FILTER (WHERE status = 'DELIVERED')::int AS delivered,
            count(*) FILTER (WHERE status = 'LEASED')::int AS leased,
            count(*) FILTER (WHERE kind = 'STORE_ITEM')::int AS store,
            count(*) FILTER (WHERE kind = 'VOTE_REWARD')::int AS votes,
            count(*) FILTER (WHERE status = 'DELIVERED' AND id = ANY($2))::int AS "deliveredClaimed",
            count(*) FILTER (WHERE attempts > 1)::int AS twice
     FROM game_deliveries WHERE "userId" = ANY($1)`,
    [ids, [...claimed]],
  );
  add(
    "deliveries",
    claimed.size === ledger.claimed.length &&
      acked.size === ledger.acked.length &&
      acked.size === claimed.size &&
      [...claimed].every((id) => acked.has(id)) &&
      d.delivered === claimed.size &&
      d.deliveredClaimed === claimed.size &&
      d.leased === 0 &&
      d.twice === 0 &&
      d.store === orders.length &&
      d.votes === ledger.votesAccepted,
    `${ledger.claimed.length} claimed in ${ledger.leases} leases (${claimed.size} distinct), ${ledger.acked.length} acked (${acked.size} distinct); ` +
      `database: ${d.delivered} delivered, ${d.leased} still leased, ${d.twice} leased more than once; ${d.store} store items for ${orders.length} orders, ${d.votes} vote rewards`,
  );

  // Votes: each counted once, with its stored callback, its reward and the player's total.
  const v = await one<{ votes: number; accepted: number; callbacks: number; total: number }>(
    `SELECT (SELECT count(*)::int FROM votes WHERE "userId" = ANY($1)) AS votes,
            (SELECT count(*)::int FROM vote_callbacks WHERE "userId" = ANY($1) AND accepted) AS accepted,
            (SELECT count(*)::int FROM vote_callbacks WHERE "userId" = ANY($1)) AS callbacks,
            (SELECT coalesce(sum("totalVotes"), 0)::int FROM users WHERE id = ANY($1)) AS total`,
  );
  add(
    "votes",
    v.votes === ledger.votesAccepted && v.accepted === ledger.votesAccepted && v.total === ledger.votesAccepted && v.callbacks === ledger.voteCallbacks,
    `${ledger.voteCallbacks} callbacks (${ledger.votesAccepted} counted, ${ledger.votesDuplicate} duplicates); database: ${v.callbacks} stored, ${v.votes} votes, ${v.accepted} accepted, totals +${v.total}`,
  );
  return checks;
}
