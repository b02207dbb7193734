import "server-only";
import { isIP } from "node:net";
import { getEnv } from "../env";
import { safeEqual } from "./tokens";

// The one answer to "who is this client?" for rate limits, sessions, the outbox and (later)
// vote-site checks. Never a header the client could have written itself.

/** Stamped by scripts/server.mjs on every request: `<per-boot secret> <socket address>`. */
export const SOCKET_ADDRESS_HEADER = "x-socket-address";

type Trust = { trustProxy: boolean; secret: string | undefined };

/** `::ffff:127.0.0.2` → `127.0.0.2`; brackets, ports and zones dropped; null when not an IP. */
export function normalizeAddress(raw: string | null | undefined): string | null {
  let a = raw?.trim() ?? "";
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed?.[1]) a = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(":"));
  a = a.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/.exec(a);
  if (mapped?.[1]) a = mapped[1];
  return isIP(a) ? a : null;
}

/** The stamped socket address, only when the stamp carries this boot's secret. */
function socketAddress(headers: Headers, secret: string | undefined): string | null {
  if (!secret) return null;
  const stamp = headers.get(SOCKET_ADDRESS_HEADER);
  const space = stamp?.indexOf(" ") ?? -1;
  if (!stamp || space < 0 || !safeEqual(stamp.slice(0, space), secret)) return null;
  return normalizeAddress(stamp.slice(space + 1));
}

/** Pure core of clientAddress, for tests. */
export function clientAddressFrom(headers: Headers, trust: Trust): string | null {
  if (trust.trustProxy) {
    // The last entry is the one our own proxy appended; anything before it the client could forge.
    const last = headers
      .get("x-forwarded-for")
      ?.split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .at(-1);
    const forwarded = normalizeAddress(last) ?? normalizeAddress(headers.get("x-real-ip"));
    if (forwarded) return forwarded;
  }
  return socketAddress(headers, trust.secret);
}

/**
 * The client's address: with TRUST_PROXY the one our reverse proxy appended to X-Forwarded-For,
 * otherwise the socket address stamped by our server entry. Null when neither is known (a plain
 * `next start`, or tests calling handlers directly).
 */
export function clientAddress(headers: Headers): string | null {
  const env = getEnv();
  return clientAddressFrom(headers, { trustProxy: env.TRUST_PROXY, secret: env.SOCKET_ADDRESS_SECRET });
}

/** 127.0.0.0/8 or ::1: a client on this machine. */
export function isLoopbackAddress(address: string | null): boolean {
  if (!address) return false;
  return address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}
