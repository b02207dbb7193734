import "server-only";
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { siteConfig } from "@/lib/site-config";

// The image proxy's outbound fetch. The proxy fetches addresses that players wrote into posts,
// so it must not become a way into this server's own network (SSRF):
// - http(s) only, default ports or any port, but every address the host name resolves to must
//   be public (no loopback, private, link-local, carrier-grade NAT, multicast or reserved
//   ranges; an IPv4-mapped IPv6 address is judged by its IPv4 part). The check runs in the
//   socket's own DNS lookup, so the address checked is the address connected to (no rebinding
//   between a check and the connection);
// - at most 3 redirects, each checked the same way;
// - raster images only (PNG, JPEG, GIF, WebP, AVIF), never SVG (a script-capable document), and
//   at most 5 MB, read within 10 s.
// Node's http client is used rather than fetch because it takes a per-request `lookup`.

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"] as const;

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const)
  blocked.addSubnet(prefix, bits, "ipv4");
for (const [prefix, bits] of [
  ["::", 127],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(prefix, bits, "ipv6");

/** True for an address on the public internet (what the proxy may connect to). */
export function isPublicAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return isPublicAddress(mapped[1]!);
  const family = net.isIP(ip);
  if (family === 4) return !blocked.check(ip, "ipv4");
  if (family === 6) return !blocked.check(ip, "ipv6");
  return false;
}

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
  const deadline = Date.now() + TIMEOUT_MS;
  let url = parseHttpUrl(address);
  for (let redirects = 0; ; redirects++) {
    const res = await get(url, opts, deadline);
    if (res.redirect) {
      if (redirects >= MAX_REDIRECTS) throw new ImageFetchError("Too many redirects.");
      url = parseHttpUrl(new URL(res.redirect, url).href);
      continue;
    }
    return res.image!;
  }
}

function parseHttpUrl(address: string): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new ImageFetchError("Not an address.", 404);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new ImageFetchError("Only http(s) images are proxied.", 404);
  return url;
}

type Lookup = NonNullable<http.RequestOptions["lookup"]>;

/** dns.lookup that refuses a host with any non-public address (checked where the socket connects). */
function guardedLookup(allowPrivate: boolean): Lookup {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const list = addresses as dns.LookupAddress[];
      if (!list.length) return callback(new ImageFetchError("The image's host has no address."));
      if (!allowPrivate && list.some((a) => !isPublicAddress(a.address))) return callback(new ImageFetchError("The image's host is not on the public internet.", 404));
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  }) as Lookup;
}

function get(url: URL, opts: FetchImageOptions, deadline: number): Promise<{ redirect?: string; image?: FetchedImage }> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // A literal address skips the lookup, so it is checked here.
  if (net.isIP(host) && !opts.allowPrivate && !isPublicAddress(host)) return Promise.reject(new ImageFetchError("The image's host is not on the public internet.", 404));
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
        res.on("end", () => resolve({ image: { type: type as FetchedImage["type"], body: Buffer.concat(chunks) } }));
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
