import "server-only";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { judgeImageSource } from "@/lib/image-url";
import { isPublicAddress } from "@/lib/ip-address";
import { siteConfig } from "@/lib/site-config";
import { IMAGE_TYPES, sniffImageType } from "../images/image-types";

// The image proxy's outbound fetch. The proxy fetches addresses that players wrote into posts,
// so it must not become a way into this server's own network (SSRF):
// - the address, and every redirect's target, must pass the same rule as the sanitiser
//   (judgeImageSource in lib/image-url.ts): an http(s) address the WHATWG parser accepts, any
//   port, and not a literal IP address or host name that is private (lib/ip-address.ts says
//   which addresses are public: no loopback, private, link-local, carrier-grade NAT, multicast,
//   documentation or reserved ranges, and IPv6 forms carrying an IPv4 address are judged by it
//   or refused). A literal address is refused there, before any connection;
// - every address a host name resolves to must be public. The check runs in the socket's own DNS
//   lookup, so the address checked is the address connected to (no rebinding between a check
//   and the connection);
// - at most 3 redirects, each checked the same way;
// - raster images only (PNG, JPEG, GIF, WebP, AVIF), never SVG (a script-capable document), and
//   at most 5 MB, read within 10 s; the bytes must be one of them (lib/server/images/image-types.ts),
//   whatever the host's Content-Type said, and are served as the type they are.
// Node's http client is used rather than fetch because it takes a per-request `lookup`.

export { isPublicAddress };

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The whole fetch, redirects included. */
export const IMAGE_FETCH_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
export { IMAGE_TYPES };

export type FetchedImage = { type: (typeof IMAGE_TYPES)[number]; body: Buffer };

/** Why an image could not be proxied; `status` is what the proxy answers. */
export class ImageFetchError extends Error {
  constructor(
    message: string,
    readonly status: 404 | 415 | 502 | 504 = 502,
  ) {
    super(message);
    this.name = "ImageFetchError";
  }
}

export type FetchImageOptions = {
  /** Tests only (IMAGE_PROXY_ALLOW_PRIVATE): lets a local fake host serve the images. */
  allowPrivate?: boolean;
};

/** Fetches an outside image under the rules above, or throws ImageFetchError. */
export async function fetchImage(address: string, opts: FetchImageOptions = {}): Promise<FetchedImage> {
  const deadline = Date.now() + IMAGE_FETCH_TIMEOUT_MS;
  let url = imageFetchUrl(address, opts);
  for (let redirects = 0; ; redirects++) {
    const res = await get(url, opts, deadline);
    if (res.redirect) {
      if (redirects >= MAX_REDIRECTS) throw new ImageFetchError("Too many redirects.");
      let target: string;
      try {
        target = new URL(res.redirect, url).href;
      } catch {
        throw new ImageFetchError("The image's host redirected to a bad address.");
      }
      url = imageFetchUrl(target, opts);
      continue;
    }
    return res.image!;
  }
}

/** The address as the proxy fetches it, or ImageFetchError (404) when the image rule refuses it. */
export function imageFetchUrl(address: string, opts: FetchImageOptions = {}): URL {
  const judged = judgeImageSource(address, { allowPrivate: Boolean(opts.allowPrivate) });
  if (judged.kind === "outside") return judged.url;
  if (judged.kind === "refused" && judged.reason === "not-public") throw new ImageFetchError("The image's host is not on the public internet.", 404);
  throw new ImageFetchError("Not an image address the proxy fetches.", 404);
}

type Lookup = NonNullable<http.RequestOptions["lookup"]>;

/** dns.lookup that refuses a host with any non-public address (checked where the socket connects). */
function guardedLookup(allowPrivate: boolean): Lookup {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const list = addresses as dns.LookupAddress[];
      if (!list.length) return callback(new ImageFetchError("The image's host has no address."));
      if (!allowPrivate && list.some((a) => !isPublicAddress(a.address)))
        return callback(new ImageFetchError("The image's host is not on the public internet.", 404));
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  }) as Lookup;
}

function get(url: URL, opts: FetchImageOptions, deadline: number): Promise<{ redirect?: string; image?: FetchedImage }> {
  // A literal IP address skips the lookup below: imageFetchUrl has refused it if it is not public.
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      {
        lookup: guardedLookup(Boolean(opts.allowPrivate)),
        timeout: Math.max(1, deadline - Date.now()),
        headers: { accept: IMAGE_TYPES.join(", "), "user-agent": `${siteConfig.name} image proxy` },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ redirect: res.headers.location });
        }
        if (status !== 200) {
          res.resume();
          return reject(new ImageFetchError(`The image's host answered ${status}.`));
        }
        const type = (res.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
        if (!(IMAGE_TYPES as readonly string[]).includes(type)) {
          res.resume();
          return reject(new ImageFetchError(`Not a supported image type (${type || "none"}).`, 415));
        }
        const declared = Number(res.headers["content-length"] ?? 0);
        if (declared > IMAGE_MAX_BYTES) {
          res.destroy();
          return reject(new ImageFetchError("The image is too large."));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > IMAGE_MAX_BYTES) {
            res.destroy();
            reject(new ImageFetchError("The image is too large."));
          } else chunks.push(chunk);
        });
        res.on("end", () => {
          // The bytes decide what it is (a host may label a page as an image): served as what it really is.
          const body = Buffer.concat(chunks);
          const sniffed = sniffImageType(body);
          if (!sniffed) return reject(new ImageFetchError("The host's answer is not an image.", 415));
          resolve({ image: { type: sniffed, body } });
        });
        res.on("error", (e) => reject(e instanceof ImageFetchError ? e : new ImageFetchError("The image could not be read.")));
      },
    );
    // The socket's idle timeout, and a deadline for the whole fetch (a host may trickle bytes).
    const tooLong = () => req.destroy(new ImageFetchError("The image's host took too long.", 504));
    const timer = setTimeout(tooLong, Math.max(1, deadline - Date.now()));
    req.on("close", () => clearTimeout(timer));
    req.on("timeout", tooLong);
    req.on("error", (e) => reject(e instanceof ImageFetchError ? e : new ImageFetchError("The image's host could not be reached.")));
  });
}
