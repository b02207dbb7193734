import "server-only";
import { setTimeout as delay } from "node:timers/promises";
import { IMAGE_PROXY_PATH } from "@/lib/image-url";
import { db } from "../db";
import { getEnv } from "../env";
import { log } from "../log";
import { fetchImage, type FetchedImage, IMAGE_FETCH_TIMEOUT_MS, ImageFetchError } from "./fetch-image";
import { claimImageFetch, recordImageFailure, type RetryBackoff } from "./sql/images";

// Outside images in posts and news articles go through this server: the stored body points at
// /api/v1/forums/images/{id} (written by prepareContent, lib/server/content/prepare-content.ts,
// which registers each address), and that route fetches the image (fetch-image.ts), keeps a copy
// for a week and passes it on. Readers' browsers then only ever talk to this site, so a player
// cannot collect the addresses of everyone who opens their thread with an image on a server
// they control (a known way to find targets for attacks in game communities). Which images are
// kept at all, and which count as this site's own, is lib/image-url.ts's rule.

export { IMAGE_PROXY_PATH };

/** How long a fetched copy is served before the host is asked again. */
export const IMAGE_FRESH_MS = 7 * 24 * 60 * 60 * 1000;

/** The wait after a failed fetch: 5 minutes after the first failure in a row, doubling, at most a day. */
export const IMAGE_RETRY_FIRST_MS = 5 * 60 * 1000;
export const IMAGE_RETRY_MAX_MS = 24 * 60 * 60 * 1000;

/** The wait after one more failure: now() + 5 min × 2^failCount (the count before it), at most a day. */
const BACKOFF: RetryBackoff = { firstMs: IMAGE_RETRY_FIRST_MS, maxMs: IMAGE_RETRY_MAX_MS };

const ROW_SELECT = { url: true, body: true, type: true, fetchedAt: true, failCount: true, lastError: true, lastStatus: true, retryAt: true } as const;

type Row = { body: Uint8Array | null; type: string | null; fetchedAt: Date | null; failCount: number; lastError: string | null; lastStatus: number | null };
type Copy = FetchedImage & { fetchedAt: Date };

const copyOf = (row: Row): Copy | null =>
  row.body && row.type && row.fetchedAt ? { type: row.type as FetchedImage["type"], body: Buffer.from(row.body), fetchedAt: row.fetchedAt } : null;

const STATUSES: readonly ImageFetchError["status"][] = [404, 415, 502, 504];

/** The failure recorded on the row, answered again while it waits. */
function lastFailure(row: Row): ImageFetchError {
  const status = STATUSES.find((s) => s === row.lastStatus) ?? 502;
  return new ImageFetchError(row.lastError ?? "The image could not be loaded.", status);
}

/**
 * The image behind a proxy id. A copy fetched in the last week is served from the database, so
 * a popular thread costs its image's host one request a week, not one per reader. An older copy
 * is fetched again; if the host fails then, the old copy is still served (a host that went down
 * or deleted the file does not break old posts at once). ImageFetchError (404 for an unknown id)
 * when there is nothing to serve.
 *
 * Failures are remembered on the row: until "retryAt" nobody fetches the image again, and the
 * last failure (or the old copy) is the answer. Before fetching, a request claims the attempt
 * with one conditional UPDATE that moves "retryAt" ahead; only the request that wins fetches, in
 * whichever app process it runs, so any number of readers cost one outbound request per period.
 */
export async function loadProxiedImage(id: number, now = new Date()): Promise<FetchedImage> {
  const row = await db.forumImage.findUnique({ where: { id }, select: ROW_SELECT });
  if (!row) throw new ImageFetchError("No such image.", 404);
  const cached = copyOf(row);
  if (cached && now.getTime() - cached.fetchedAt.getTime() < IMAGE_FRESH_MS) return cached;
  // Waiting after a failure, or another request is fetching (the same answers as when the claim
  // below is lost): no request to the host from here.
  if (row.retryAt && row.retryAt > now) {
    if (cached) return cached;
    if (row.failCount > 0) throw lastFailure(row);
    return awaitFetchUnderWay(id);
  }

  // The claim lasts as long as the wait after one more failure, so a process that dies while
  // fetching holds the image back no longer than a failure would.
  if (!(await claimImageFetch(id, BACKOFF))) {
    // Another request fetches it now, or has just failed. Readers then get the old copy, else the
    // last failure; only before the first outcome of all is there nothing to answer but to wait.
    if (cached) return cached;
    const latest = await db.forumImage.findUnique({ where: { id }, select: ROW_SELECT });
    if (!latest) throw new ImageFetchError("No such image.", 404);
    const copy = copyOf(latest);
    if (copy) return copy;
    if (latest.failCount > 0) throw lastFailure(latest);
    return awaitFetchUnderWay(id);
  }

  try {
    const image = await fetchImage(row.url, { allowPrivate: getEnv().IMAGE_PROXY_ALLOW_PRIVATE });
    await db.forumImage.update({
      where: { id },
      data: { body: new Uint8Array(image.body), type: image.type, fetchedAt: now, failCount: 0, lastError: null, lastStatus: null, retryAt: null },
    });
    return image;
  } catch (e) {
    const reason = e instanceof ImageFetchError ? e : new ImageFetchError("The image could not be loaded.");
    await recordImageFailure(id, reason, BACKOFF);
    log.info("image proxy: fetch failed", { id, reason: reason.message, failures: row.failCount + 1, servedStale: Boolean(cached) });
    if (cached) return cached;
    throw reason;
  }
}

/**
 * A first fetch of the image is under way in another request (no copy yet, no failure yet): wait
 * for its outcome instead of asking the host too. Polls the row; gives up a little after the
 * fetch's own time limit (the fetching process may have died: the claim then runs out by itself).
 */
async function awaitFetchUnderWay(id: number): Promise<FetchedImage> {
  const giveUpAt = Date.now() + IMAGE_FETCH_TIMEOUT_MS + 2_000;
  for (let pause = 100; Date.now() < giveUpAt; pause = Math.min(pause * 2, 1_000)) {
    // An awaited pause inside this request (it answers with the outcome), not deferred work.
    await delay(pause);
    const row = await db.forumImage.findUnique({ where: { id }, select: ROW_SELECT });
    if (!row) throw new ImageFetchError("No such image.", 404);
    const copy = copyOf(row);
    if (copy) return copy;
    if (row.failCount > 0) throw lastFailure(row);
  }
  throw new ImageFetchError("The image's host took too long.", 504);
}
