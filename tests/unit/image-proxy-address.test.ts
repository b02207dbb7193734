import { describe, expect, it } from "vitest";
import { isPublicAddress } from "@/lib/server/forums/fetch-image";
import { imageSources, sanitizePostHtml } from "@/lib/server/forums/sanitize";

// What the forum image proxy may connect to (lib/server/forums/fetch-image.ts): public addresses
// only, so a post cannot make the server fetch from its own machine or network.

describe("isPublicAddress", () => {
  it("accepts public IPv4 and IPv6 addresses", () => {
    for (const ip of ["8.8.8.8", "1.1.1.1", "151.101.1.140", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e"]) expect(isPublicAddress(ip), ip).toBe(true);
  });

  it("refuses loopback, private, link-local, shared, documentation, multicast and reserved ranges", () => {
    for (const ip of [
      "127.0.0.1",
      "127.255.255.254",
      "0.0.0.0",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254", // cloud metadata
      "100.64.0.1",
      "192.0.2.1",
      "198.18.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "fe80::1",
      "fd00::1",
      "fc00::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "64:ff9b::7f00:1",
      "not-an-address",
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
  });

  it("keeps the neighbours of private ranges public", () => {
    for (const ip of ["172.15.255.255", "172.32.0.0", "11.0.0.1", "100.128.0.1", "169.255.0.1"]) expect(isPublicAddress(ip), ip).toBe(true);
  });
});

describe("image addresses in stored HTML", () => {
  it("lists each kept image once, entities decoded, and can replace them", () => {
    const html = sanitizePostHtml('<p><img src="https://a.example/x.png?a=1&amp;b=2"><img src="/images/y.png"><img src="https://a.example/x.png?a=1&amp;b=2"><img src="javascript:alert(1)"></p>');
    expect(imageSources(html)).toEqual(["https://a.example/x.png?a=1&b=2", "/images/y.png"]);
    const swapped = sanitizePostHtml(html, (src) => (src.startsWith("https:") ? "/api/v1/forums/images/7" : src));
    expect(swapped).toBe('<p><img src="/api/v1/forums/images/7" /><img src="/images/y.png" /><img src="/api/v1/forums/images/7" /></p>');
  });
});
