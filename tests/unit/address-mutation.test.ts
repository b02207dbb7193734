import ipaddr from "ipaddr.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isIpLiteral, isPublicAddress } from "@/lib/ip-address";
import { clientAddress, clientAddressFrom, isLoopbackAddress, normalizeAddress, SOCKET_ADDRESS_HEADER } from "@/lib/server/security/client-address";
import { setEnv } from "../support/env";

// Edges of the address rules that the broader tests (client-address, image-proxy-address) leave
// open; each case here failed against a mutant of lib/ip-address.ts or client-address.ts
// (npm run test:mutation -- --only=address).

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the special-purpose lists stand on their own", () => {
  // lib/ip-address.ts lists the IANA special ranges again "so that an address stays refused even
  // if a later ipaddr.js names a range differently": here ipaddr.js calls everything unicast.
  it("refuses every listed range even when ipaddr.js calls it unicast", () => {
    vi.spyOn(ipaddr.IPv4.prototype, "range").mockReturnValue("unicast");
    vi.spyOn(ipaddr.IPv6.prototype, "range").mockReturnValue("unicast");
    const listed4 = [
      "0.1.2.3",
      "10.1.2.3",
      "100.64.0.1",
      "127.0.0.1",
      "169.254.169.254",
      "172.16.0.1",
      "192.0.0.8",
      "192.0.2.1",
      "192.31.196.1",
      "192.52.193.1",
      "192.88.99.1",
      "192.168.1.1",
      "192.175.48.1",
      "198.18.0.1",
      "198.51.100.7",
      "203.0.113.9",
      "224.0.0.1",
      "240.0.0.1",
      "255.255.255.255",
    ];
    for (const ip of listed4) expect(isPublicAddress(ip), ip).toBe(false);
    const listed6 = ["2001:0:4136:e378:8000:63bf:80ff:fffe", "2001:db8::1", "2002:808:808::1", "2620:4f:8000::1", "3fff::1"];
    for (const ip of listed6) expect(isPublicAddress(ip), ip).toBe(false);
    // The positive control: the same stub leaves public addresses public.
    for (const ip of ["8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) expect(isPublicAddress(ip), ip).toBe(true);
  });

  it("refuses an address that ipaddr.js names a special range even when the lists miss it", () => {
    // The other way round: a range a later ipaddr.js adds is refused before the lists know it.
    expect(isPublicAddress("8.8.8.8")).toBe(true);
    expect(isPublicAddress("2606:4700:4700::1111")).toBe(true);
    vi.spyOn(ipaddr.IPv4.prototype, "range").mockReturnValue("reserved");
    vi.spyOn(ipaddr.IPv6.prototype, "range").mockReturnValue("reserved");
    for (const ip of ["8.8.8.8", "::ffff:8.8.8.8", "64:ff9b::808:808", "2606:4700:4700::1111"]) expect(isPublicAddress(ip), ip).toBe(false);
  });
});

describe("IPv6 forms with a dotted IPv4 tail", () => {
  it("reads ::a.b.c.d as the IPv4-compatible address it is, not as IPv4-mapped, whatever the IPv4", () => {
    // A multi-digit first and last octet: ipaddr.js on its own would read it as ::ffff:151.101.1.140 (public).
    expect(isPublicAddress("::151.101.1.140")).toBe(false);
    expect(isPublicAddress("::ffff:151.101.1.140")).toBe(true);
  });

  it("refuses a dotted tail that is not a four-part IPv4, and anything after it", () => {
    expect(isPublicAddress("2606:4700::1.2.3")).toBe(false);
    expect(isPublicAddress("2606:4700::1.2.3.4:5")).toBe(false);
    // ipaddr.js would read these tails (hex, octal, a leading zero) after a long prefix too.
    expect(isPublicAddress("2606:4700::0x8.8.8.8")).toBe(false);
    expect(isPublicAddress("2606:4700::010.2.3.4")).toBe(false);
    expect(isPublicAddress("2606:4700::8.8.8.08")).toBe(false);
    // The positive control: the same prefix with a proper tail is a public IPv6 address.
    expect(isPublicAddress("2606:4700::1.2.3.4")).toBe(true);
  });

  it("refuses a line break before an address with a dotted tail", () => {
    // Only the whole string is an address: not the part after the line break.
    expect(isPublicAddress("x\n2606:4700::1.2.3.4")).toBe(false);
    expect(isPublicAddress("2606:4700::1.2.3.4")).toBe(true);
  });

  it("refuses a zone on an otherwise public address", () => {
    expect(isPublicAddress("2606:4700:4700::1111%eth0")).toBe(false);
    expect(isPublicAddress("2606:4700:4700::1111")).toBe(true);
  });
});

describe("isIpLiteral", () => {
  it("takes brackets only around the whole host", () => {
    expect(isIpLiteral("[::1]")).toBe(true);
    expect(isIpLiteral("a[::1]")).toBe(false);
    expect(isIpLiteral("[::1]a")).toBe(false);
  });
});

describe("normalizeAddress edges", () => {
  it("trims surrounding whitespace", () => {
    expect(normalizeAddress(" 203.0.113.7 ")).toBe("203.0.113.7");
  });

  it("unwraps brackets with or without a port, and only a whole bracketed address", () => {
    expect(normalizeAddress("[2001:db8::1]")).toBe("2001:db8::1");
    expect(normalizeAddress("x[2001:db8::1]")).toBeNull();
    expect(normalizeAddress("[2001:db8::1]:443x")).toBeNull();
  });

  it("drops a port only from a whole IPv4:port", () => {
    expect(normalizeAddress("203.0.113.7:80x")).toBeNull();
    expect(normalizeAddress("::ffff:1.2.3.4:80")).toBeNull();
  });

  it("unwraps only a whole IPv4-mapped address", () => {
    expect(normalizeAddress("::ffff:1.2.3.4")).toBe("1.2.3.4");
    expect(normalizeAddress("x::ffff:1.2.3.4")).toBeNull();
    expect(normalizeAddress("::ffff:1.2.3.4z")).toBeNull();
  });
});

describe("clientAddressFrom edges", () => {
  const secret = "boot-secret-0123456789";

  it("has no address (and does not throw) when the stamp is missing", () => {
    expect(clientAddressFrom(new Headers(), { trustProxy: false, secret })).toBeNull();
  });

  it("refuses a stamp without a space even when the secret looks like an address", () => {
    // "10.0.0.12" minus its last character is the secret: only the missing separator refuses it.
    expect(clientAddressFrom(new Headers({ [SOCKET_ADDRESS_HEADER]: "10.0.0.12" }), { trustProxy: false, secret: "10.0.0.1" })).toBeNull();
    expect(clientAddressFrom(new Headers({ [SOCKET_ADDRESS_HEADER]: "10.0.0.1 10.0.0.12" }), { trustProxy: false, secret: "10.0.0.1" })).toBe("10.0.0.12");
  });

  it("takes the last X-Forwarded-For entry, skipping empty ones", () => {
    const trust = { trustProxy: true, secret: undefined };
    expect(clientAddressFrom(new Headers({ "x-forwarded-for": "1.1.1.1, 6.6.6.6, 203.0.113.7" }), trust)).toBe("203.0.113.7");
    expect(clientAddressFrom(new Headers({ "x-forwarded-for": "203.0.113.7, " }), trust)).toBe("203.0.113.7");
    // Headers trims the value's ends, not a blank entry inside it.
    expect(clientAddressFrom(new Headers({ "x-forwarded-for": "203.0.113.7, ," }), trust)).toBe("203.0.113.7");
  });

  it("falls back to X-Real-IP behind the proxy", () => {
    expect(clientAddressFrom(new Headers({ "x-real-ip": "203.0.113.8" }), { trustProxy: true, secret: undefined })).toBe("203.0.113.8");
  });
});

describe("clientAddress reads the deployment's settings", () => {
  it("uses TRUST_PROXY and SOCKET_ADDRESS_SECRET from the configuration", () => {
    const headers = new Headers({ "x-forwarded-for": "203.0.113.7", [SOCKET_ADDRESS_HEADER]: "s3cret 127.0.0.5" });
    const restore = setEnv({ DATABASE_URL: "postgresql://u@h/db", TRUST_PROXY: "false", SOCKET_ADDRESS_SECRET: "s3cret" });
    try {
      expect(clientAddress(headers)).toBe("127.0.0.5");
      setEnv({ TRUST_PROXY: "true" });
      expect(clientAddress(headers)).toBe("203.0.113.7");
    } finally {
      restore();
    }
  });
});

describe("isLoopbackAddress edges", () => {
  it("counts every 127/8 spelling with multi-digit octets", () => {
    expect(isLoopbackAddress("127.0.100.200")).toBe(true);
  });

  it("does not count an address that merely contains 127.x.y.z", () => {
    // NAT64 of 127.0.0.1 is not this machine, and normalizeAddress keeps it as it is.
    expect(normalizeAddress("64:ff9b::127.0.0.1")).toBe("64:ff9b::127.0.0.1");
    expect(isLoopbackAddress("64:ff9b::127.0.0.1")).toBe(false);
    expect(isLoopbackAddress("127.0.0.1:80")).toBe(false);
  });
});
