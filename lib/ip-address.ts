import ipaddr from "ipaddr.js";

// Which IP addresses count as "on the public internet" for the forum image proxy (the addresses
// it may connect to, and the literal addresses a post may name). Pure: used by the editor's check
// in the browser, by the sanitiser and by the proxy's own DNS lookup.
//
// The ranges come from ipaddr.js: an address is public only when its range() is "unicast" (every
// named range there is special: private, loopback, link-local, carrier-grade NAT, documentation,
// benchmarking, multicast, broadcast, reserved, AS112, AMT, ORCHID, 6to4, Teredo, NAT64 and so on).
// On top of that, the IANA special-purpose registries are listed here again, so that an address
// stays refused even if a later ipaddr.js names a range differently, and IPv6 must lie in global
// unicast space (2000::/3): ipaddr.js calls anything it has no name for "unicast", including the
// deprecated IPv4-compatible block ::/96 (so "::7f00:1", which is ::127.0.0.1, would pass on its
// word alone).
//
// IPv6 forms that carry an IPv4 address:
// - IPv4-mapped ::ffff:a.b.c.d is how a dual-stack socket reaches a.b.c.d: judged by that IPv4;
// - NAT64 64:ff9b::/96 (RFC 6052) is how an IPv6-only network with DNS64 reaches IPv4 hosts:
//   judged by its last 32 bits, so such a deployment can still load images from IPv4 hosts;
// - refused outright, whatever they carry: IPv4-compatible ::/96 (deprecated since 2006), IPv4-
//   translated ::ffff:0:a.b.c.d, local-use NAT64 64:ff9b:1::/48 (where the IPv4 sits depends on
//   the operator's prefix length), 6to4 2002::/16 (deprecated) and Teredo 2001::/32 (inside the
//   refused 2001::/23). No real image host needs them, and a relay would deliver to the embedded
//   IPv4, which may be this server's own network.

const IPV4_SPECIAL = [
  "0.0.0.0/8", // "this network"
  "10.0.0.0/8", // private
  "100.64.0.0/10", // carrier-grade NAT
  "127.0.0.0/8", // loopback
  "169.254.0.0/16", // link-local (cloud metadata services live here)
  "172.16.0.0/12", // private
  "192.0.0.0/24", // IETF protocol assignments
  "192.0.2.0/24", // documentation
  "192.31.196.0/24", // AS112
  "192.52.193.0/24", // AMT
  "192.88.99.0/24", // 6to4 relay anycast (deprecated)
  "192.168.0.0/16", // private
  "192.175.48.0/24", // AS112 direct delegation
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // documentation
  "203.0.113.0/24", // documentation
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, and 255.255.255.255 broadcast
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

const IPV6_GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");
const IPV6_SPECIAL = [
  "2001::/23", // IETF protocol assignments: Teredo, benchmarking, AMT, AS112, ORCHID, drone tags
  "2001:db8::/32", // documentation
  "2002::/16", // 6to4
  "2620:4f:8000::/48", // AS112
  "3fff::/20", // documentation
].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));
const IPV4_MAPPED = ipaddr.IPv6.parseCIDR("::ffff:0:0/96");
const NAT64 = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

function isPublicIPv4(addr: ipaddr.IPv4): boolean {
  return addr.range() === "unicast" && !IPV4_SPECIAL.some((cidr) => addr.match(cidr));
}

/** The IPv4 address in the last 32 bits of an IPv6 address. */
function lastIPv4(addr: ipaddr.IPv6): ipaddr.IPv4 {
  const bytes = addr.toByteArray();
  return new ipaddr.IPv4(bytes.slice(12));
}

/**
 * An IPv6 address with a dotted IPv4 tail rewritten in hex ("::1.2.3.4" → "::102:304"; other
 * addresses unchanged), or null when the tail is not an IPv4 address. ipaddr.js reads "::a.b.c.d" as the IPv4-mapped
 * "::ffff:a.b.c.d", but it is the IPv4-compatible ::a.b.c.d, and Node writes DNS answers in ::/96
 * in exactly that form.
 */
function hexTail(ip: string): string | null {
  const m = /^(.*:)([^:]*\.[^:]*)$/.exec(ip);
  if (!m) return ip;
  if (!ipaddr.IPv4.isValidFourPartDecimal(m[2]!)) return null;
  const [a, b, c, d] = ipaddr.IPv4.parse(m[2]!).octets as [number, number, number, number];
  return `${m[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/**
 * True for an address on the public internet. Takes an address as DNS answers it or as the URL
 * parser writes a host: dotted-decimal IPv4 (no octal, hex or short forms) or IPv6 without
 * brackets. Anything else, an IPv6 zone ("fe80::1%eth0") included, is not public.
 */
export function isPublicAddress(ip: string): boolean {
  if (ipaddr.IPv4.isValidFourPartDecimal(ip)) return isPublicIPv4(ipaddr.IPv4.parse(ip));
  const hex = hexTail(ip);
  if (hex === null || !ipaddr.IPv6.isValid(hex)) return false;
  const addr = ipaddr.IPv6.parse(hex);
  if (addr.zoneId) return false;
  if (addr.match(IPV4_MAPPED) || addr.match(NAT64)) return isPublicIPv4(lastIPv4(addr));
  return addr.match(IPV6_GLOBAL_UNICAST) && addr.range() === "unicast" && !IPV6_SPECIAL.some((cidr) => addr.match(cidr));
}

/** True when `host` (a URL's hostname, IPv6 in brackets or not) is an IP address rather than a name. */
export function isIpLiteral(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  return ipaddr.IPv4.isValidFourPartDecimal(bare) || ipaddr.IPv6.isValid(bare);
}
