import "server-only";
import { Prisma, type Tx } from "../db";

// Row and advisory locks, the SQL Prisma's query API has no words for. Every lock is taken inside
// a transaction and held until it ends.

/**
 * Transaction-scoped advisory locks: one key per thing serialised this way, kept in one list so
 * two never share a key. (hiscores/sql/anchors.ts uses the two-key form with its own class id.)
 */
export const ADVISORY_LOCKS = {
  /** Changes of who is staff: two demotions cannot both see "another owner is left". */
  privilege: 18_001,
  /** Creating the news forum on first use. */
  newsForum: 727_301,
  /** The list of forum categories (create, delete, reorder). */
  forumCategoryList: 727_302,
} as const;

export async function advisoryXactLock(tx: Tx, key: keyof typeof ADVISORY_LOCKS): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS[key]}::bigint)`;
}

/** Tables whose rows a use case locks by id (SQL name by model name). */
const LOCKABLE = {
  user: "users",
  forum: "forums",
  forumCategory: "forum_categories",
  ticket: "tickets",
  savedReply: "saved_replies",
  gameApiKey: "game_api_keys",
  gameDelivery: "game_deliveries",
  webhookEvent: "webhook_events",
  creditPurchase: "credit_purchases",
  storeCategory: "store_categories",
  storeProduct: "store_products",
  creditPackage: "credit_packages",
  storeSale: "store_sales",
  coupon: "coupons",
  creatorCode: "creator_codes",
  competition: "competitions",
  competitionSchedule: "competition_schedules",
  communityGoal: "community_goals",
  voteGoal: "vote_goals",
  voteSite: "vote_sites",
} as const;
export type LockableTable = keyof typeof LOCKABLE;

/** Locks the rows with these ids, in id order (so two lockers never deadlock); returns the ids found. */
export async function lockRowsById(tx: Tx, table: LockableTable, ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids)].sort((a, b) => a - b);
  if (wanted.length === 0) return [];
  const rows = await tx.$queryRaw<
    { id: number }[]
  >`SELECT id FROM ${Prisma.raw(`"${LOCKABLE[table]}"`)} WHERE id = ANY(${wanted}::int[]) ORDER BY id FOR UPDATE`;
  return rows.map((r) => r.id);
}

/** Locks one row by id; false when there is no such row. */
export async function lockRowById(tx: Tx, table: LockableTable, id: number): Promise<boolean> {
  return (await lockRowsById(tx, table, [id])).length === 1;
}
