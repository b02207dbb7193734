import "server-only";
import { db, Prisma } from "../../db";

// The proxied images' rows (forum_images): registering an address, and the claim and failure
// bookkeeping that keeps readers from asking an image's host more than once per period.

/** The wait after a failed fetch: `firstMs` after the first failure in a row, doubling, at most `maxMs`. */
export type RetryBackoff = { firstMs: number; maxMs: number };

/**
 * The end of the wait that follows one more failure, in SQL on the row's own "failCount" (the
 * count before that failure): now() + firstMs × 2^failCount, at most maxMs. The exponent is capped
 * so the interval cannot overflow however long a host stays down.
 */
const retryAtAfterNextFailure = (backoff: RetryBackoff) => Prisma.sql`now() + LEAST(
  ${backoff.firstMs}::int * interval '1 millisecond' * power(2, LEAST("failCount", 20)),
  ${backoff.maxMs}::int * interval '1 millisecond')`;

/** The id of the image row for this address (by its hash), inserted when there is none. */
export async function registerImage(urlHash: string, url: string): Promise<number> {
  // One statement, so posts of the same new address at the same moment share one row (a
  // find-then-create would let both create, and one fail on the unique key).
  const [row] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO forum_images ("urlHash", url) VALUES (${urlHash}, ${url})
      ON CONFLICT ("urlHash") DO UPDATE SET "urlHash" = EXCLUDED."urlHash"
      RETURNING id`;
  return row!.id;
}

/**
 * Claims the next fetch of the image: moves its "retryAt" ahead by the wait after one more
 * failure, unless another claim or failure's wait is still running. True when this call won.
 */
export async function claimImageFetch(id: number, backoff: RetryBackoff): Promise<boolean> {
  const claimed = await db.$queryRaw<{ id: number }[]>`
    UPDATE forum_images SET "retryAt" = ${retryAtAfterNextFailure(backoff)}
    WHERE id = ${id} AND ("retryAt" IS NULL OR "retryAt" <= now())
    RETURNING id`;
  return claimed.length > 0;
}

/** Records a failed fetch on the image: one more failure, its message and status, and the wait before the next try. */
export async function recordImageFailure(id: number, reason: { message: string; status: number }, backoff: RetryBackoff): Promise<void> {
  await db.$executeRaw`
      UPDATE forum_images
      SET "failCount" = "failCount" + 1, "lastError" = ${reason.message}, "lastStatus" = ${reason.status}::smallint, "retryAt" = ${retryAtAfterNextFailure(backoff)}
      WHERE id = ${id}`;
}
