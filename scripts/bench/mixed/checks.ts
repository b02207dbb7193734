// The checks after the mixed load (scripts/bench/mixed.ts): reconcile, then what the virtual
// users booked (orders, claims and acks, votes) against what the database holds.
import type pg from "pg";
import { GRANT } from "./config";
import { ledger, type Player } from "./driver";

export type Check = { name: string; ok: boolean; detail: string };

export async function checkAfterwards(sql: pg.Pool, players: Player[]): Promise<Check[]> {
  const ids = players.map((p) => p.id);
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = [ids]) => (await sql.query<T>(text, values)).rows[0]!;
  const checks: Check[] = [];
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  const { runReconcile } = await import("../../admin");
  const reconcile = await runReconcile();
  add("reconcile", reconcile.code === 0, reconcile.message.split("\n").slice(0, 6).join("; "));

  // Money: one order a key, charged once, at the price in force; balances = grant − spent.
  const orders = [...ledger.orders.values()];
  const expectedSpent = orders.reduce((n, o) => n + o.price, 0);
  const db = await one<{ orders: number; priced: number; spends: number; spent: number; balances: number; wrong: number }>(
    `SELECT (SELECT count(*)::int FROM store_orders WHERE "userId" = ANY($1)) AS orders,
            (SELECT coalesce(sum("priceCredits"), 0)::int FROM store_orders WHERE "userId" = ANY($1)) AS priced,
            (SELECT count(*)::int FROM credit_ledger WHERE "userId" = ANY($1) AND kind = 'SPEND') AS spends,
            (SELECT coalesce(-sum(delta), 0)::int FROM credit_ledger WHERE "userId" = ANY($1) AND kind = 'SPEND') AS spent,
            (SELECT coalesce(sum("storeCredits"), 0)::bigint::float8 FROM users WHERE id = ANY($1)) AS balances,
            (SELECT count(*)::int FROM users u WHERE u.id = ANY($1) AND u."storeCredits" <>
               ${GRANT} - (SELECT coalesce(sum(o."priceCredits"), 0) FROM store_orders o WHERE o."userId" = u.id)) AS wrong`,
  );
  add(
    "purchases",
    db.orders === orders.length &&
      db.spends === orders.length &&
      db.priced === expectedSpent &&
      db.spent === expectedSpent &&
      db.wrong === 0 &&
      db.balances === players.length * GRANT - expectedSpent,
    `${orders.length} keys bought (${ledger.retriedKeys} retried after the answer, ${ledger.twinKeys} sent twice at once); ` +
      `${db.orders} orders and ${db.spends} spend entries in the database; ${db.spent.toLocaleString("en-US")} credits spent = ${expectedSpent.toLocaleString("en-US")} in prices; ` +
      `${db.wrong} balances off grant − orders`,
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
