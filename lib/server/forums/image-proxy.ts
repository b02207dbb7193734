import "server-only";
import { createHash } from "node:crypto";
import { db } from "../db";
import { getEnv } from "../env";
import { log } from "../log";
import { fetchImage, type FetchedImage, ImageFetchError } from "./fetch-image";
import { cleanContent, imageSources } from "./sanitize";

// Outside images in posts and news articles go through this server: the stored body points at
// /api/v1/forums/images/{id}, and that route fetches the image (fetch-image.ts), keeps a copy
// for a week and passes it on. Readers' browsers then only ever talk to this site, so a player
// cannot collect the addresses of everyone who opens their thread with an image on a server
// they control (a known way to find targets for attacks in game communities). Images already on
// this site (site paths, or absolute addresses on SITE_URL) stay as they are.

export const IMAGE_PROXY_PATH = "/api/v1/forums/images/";

const hashOf = (url: string) => createHash("sha256").update(url).digest("hex");

/** True for an http(s) address on another site than this one. */
function isOutside(src: string, site: URL): boolean {
  try {
    const u = new URL(src);
    return (u.protocol === "https:" || u.protocol === "http:") && u.origin !== site.origin;
  } catch {
    return false; // a path on this site
  }
}

/**
 * Sanitises a body for storage (cleanContent, with its field errors) and points its outside
 * images at the proxy, registering each address once (the same address keeps its id).
 */
export async function prepareContent(raw: string, field = "content"): Promise<string> {
  const clean = cleanContent(raw, field);
  const site = new URL(getEnv().SITE_URL);
  const outside = imageSources(clean).filter((src) => isOutside(src, site));
  if (!outside.length) return clean;
  const ids = new Map<string, number>();
  for (const url of outside) {
    // One statement, so posts of the same new address at the same moment share one row (a
    // find-then-create would let both create, and one fail on the unique key).
    const [row] = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO forum_images ("urlHash", url) VALUES (${hashOf(url)}, ${url})
      ON CONFLICT ("urlHash") DO UPDATE SET "urlHash" = EXCLUDED."urlHash"
      RETURNING id`;
    ids.set(url, row!.id);
  }
  return cleanContent(raw, field, (src) => (ids.has(src) ? `${IMAGE_PROXY_PATH}${ids.get(src)}` : src));
}

/** How long a fetched copy is served before the host is asked again. */
export const IMAGE_FRESH_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The image behind a proxy id. A copy fetched in the last week is served from the database, so
 * a popular thread costs its image's host one request a week, not one per reader. An older copy
 * is fetched again; if the host fails then, the old copy is still served (a host that went down
 * or deleted the file does not break old posts at once). ImageFetchError (404 for an unknown id)
 * when there is nothing to serve.
 */
export async function loadProxiedImage(id: number, now = new Date()): Promise<FetchedImage> {
  const row = await db.forumImage.findUnique({ where: { id }, select: { url: true, body: true, type: true, fetchedAt: true } });
  if (!row) throw new ImageFetchError("No such image.", 404);
  const cached = row.body && row.type && row.fetchedAt ? { type: row.type as FetchedImage["type"], body: Buffer.from(row.body), fetchedAt: row.fetchedAt } : null;
  if (cached && now.getTime() - cached.fetchedAt.getTime() < IMAGE_FRESH_MS) return cached;
  try {
    const image = await fetchImage(row.url, { allowPrivate: getEnv().IMAGE_PROXY_ALLOW_PRIVATE });
    await db.forumImage.update({ where: { id }, data: { body: new Uint8Array(image.body), type: image.type, fetchedAt: now } });
    return image;
  } catch (e) {
    const reason = e instanceof ImageFetchError ? e : new ImageFetchError("The image could not be loaded.");
    log.info("image proxy: fetch failed", { id, reason: reason.message, servedStale: Boolean(cached) });
    if (cached) return cached;
    throw reason;
  }
}
