import "server-only";
import { createHash } from "node:crypto";
import { IMAGE_PROXY_PATH, type ImageSourceOptions, judgeImageSource } from "@/lib/image-url";
import { getEnv } from "../env";
import { cleanContent, imageSources } from "../forums/sanitize";
import { registerImage } from "../forums/sql/images";
import { resolveReferences } from "./references";

// Players' HTML (forum posts, news articles) on its way to storage: every write of a body, in
// whichever domain, calls prepareContent. The allowlist (forums/sanitize.ts) and the image
// proxy that later serves the outside images (forums/image-proxy.ts) stay with the forums.

const hashOf = (url: string) => createHash("sha256").update(url).digest("hex");

/**
 * Sanitises a body for storage (cleanContent, with its field errors), points its outside
 * images at the proxy, registering each address once (the same address keeps its id), and
 * checks its mentions and quotes (resolveReferences: at most 10 players, ids made true).
 */
export async function prepareContent(raw: string, field = "content"): Promise<string> {
  return resolveReferences(await cleanAndProxy(raw, field), field);
}

async function cleanAndProxy(raw: string, field: string): Promise<string> {
  const env = getEnv();
  const rule: ImageSourceOptions = { site: env.SITE_URL, allowPrivate: env.IMAGE_PROXY_ALLOW_PRIVATE };
  const clean = cleanContent(raw, field, rule);
  // The stored copy holds each outside address as the URL parser normalised it: that is the key.
  const outside = imageSources(clean).flatMap((src) => {
    const judged = judgeImageSource(src, rule);
    return judged.kind === "outside" ? [judged.url.href] : [];
  });
  if (!outside.length) return clean;
  const ids = new Map<string, number>();
  for (const url of outside) {
    // One statement, so posts of the same new address at the same moment share one row.
    ids.set(url, await registerImage(hashOf(url), url));
  }
  return cleanContent(raw, field, {
    ...rule,
    outside: (url) => {
      const id = ids.get(url);
      if (id === undefined) throw new Error("prepare-content: an outside image was not registered");
      return `${IMAGE_PROXY_PATH}${id}`;
    },
  });
}
