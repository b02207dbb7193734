import { describe, expect, it } from "vitest";
import { fetchImage, imageFetchUrl, isPublicAddress } from "@/lib/server/forums/fetch-image";
import { imageSources, sanitizePostHtml } from "@/lib/server/forums/sanitize";

// What the forum image proxy may connect to (lib/server/forums/fetch-image.ts, lib/ip-address.ts):
// public addresses only, so a post cannot make the server fetch from its own machine or network.

describe("isPublicAddress", () => {
  it("accepts public IPv4 and IPv6 addresses", () => {
    for (const ip of ["8.8.8.8", "1.1.1.1", "151.101.1.140", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "2001:200::1", "2620:0:2d0:200::7"])
      expect(isPublicAddress(ip), ip).toBe(true);
  });

  it("refuses loopback, private, link-local, shared, documentation, multicast and reserved ranges", () => {
    for (const ip of [
      "127.0.0.1",
      "127.255.255.254",
      "0.0.0.0",
      "0.1.2.3",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254", // cloud metadata
      "100.64.0.1",
      "100.127.255.255",
      "192.0.0.8",
      "192.0.2.1",
      "192.88.99.1",
      "198.18.0.1",
      "198.19.255.255",
      "198.51.100.7",
      "203.0.113.9",
      "224.0.0.1",
      "239.255.255.250",
      "240.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "fe80::1",
      "fe80::1%eth0",
      "fec0::1",
      "fd00::1",
      "fc00::1",
      "ff02::1",
      "100::1",
      "2001:db8::1",
      "3fff::1",
      "5f00::1",
      "2001:2::1", // benchmarking, inside 2001::/23
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::ffff:a9fe:a9fe",
      "64:ff9b::7f00:1",
      "64:ff9b::a00:1",
      "not-an-address",
      "",
      // Not in the one form DNS answers and the URL parser writes: never taken as an address.
      "127.1",
      "0177.0.0.1",
      "0x7f000001",
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
  });

  it("judges IPv4-mapped and NAT64 addresses by their IPv4, and refuses the other IPv4-carrying forms outright", () => {
    expect(isPublicAddress("::ffff:8.8.8.8")).toBe(true);
    expect(isPublicAddress("64:ff9b::808:808")).toBe(true);
    for (const ip of [
      "::127.0.0.1", // IPv4-compatible ::/96
      "::7f00:1",
      "::8.8.8.8",
      "2002:7f00:1::1", // 6to4 of 127.0.0.1
      "2002:808:808::1", // 6to4 of a public address: refused all the same
      "2001:0:4136:e378:8000:63bf:80ff:fffe", // Teredo, client 127.0.0.1
      "2001:0:808:808:8000:63bf:f7f7:f7f7", // Teredo, server and client public
      "64:ff9b:1::7f00:1", // local-use NAT64
      "64:ff9b:1::808:808",
      "::ffff:0:7f00:1", // IPv4-translated
      "::ffff:0:808:808",
    ])
      expect(isPublicAddress(ip), ip).toBe(false);
  });

  it("keeps the neighbours of private ranges public", () => {
    for (const ip of ["172.15.255.255", "172.32.0.0", "11.0.0.1", "100.128.0.1", "169.255.0.1", "198.20.0.1", "192.0.1.1", "223.255.255.255", "9.255.255.255"])
      expect(isPublicAddress(ip), ip).toBe(true);
  });
});

// Each address goes through what the proxy does before connecting: the WHATWG parse (which turns
// the odd IPv4 spellings into dotted decimal) and the image rule with the address check.
const SSRF_FORMS = [
  "http://127.0.0.1/",
  "http://127.1/",
  "http://127.0.0.1.:80/",
  "http://2130706433/",
  "http://0x7f000001/",
  "http://0x7f.0.0.1/",
  "http://017700000001/",
  "http://0177.0.0.1/",
  "http://[::ffff:127.0.0.1]/",
  "http://[::ffff:7f00:1]/",
  "http://[0:0:0:0:0:ffff:127.0.0.1]/",
  "http://localhost/",
  "http://LOCALHOST:8080/",
  "http://localhost./",
  "http://app.localhost/",
  "http://169.254.169.254/latest/meta-data/",
  "http://[::ffff:a9fe:a9fe]/",
  "http://metadata/",
  "http://metadata.google.internal/",
  "http://[fd00::1]/",
  "http://[fc00::1]/",
  "http://[fe80::1]/",
  "http://0.0.0.0/",
  "http://0/",
  "http://[::]/",
  "http://[::1]/",
  "http://10.0.0.1/",
  "http://10.255.255.255/",
  "http://172.16.0.1/",
  "http://172.31.255.255/",
  "http://192.168.0.1/",
  "http://100.64.0.1/",
  "http://100.127.255.255/",
  "http://198.18.0.1/",
  "http://198.19.255.255/",
  "http://224.0.0.1/",
  "http://239.255.255.250/",
  "http://255.255.255.255/",
  "http://240.0.0.1/",
  "http://192.0.0.1/",
  "http://192.0.2.1/",
  "http://[ff02::1]/",
  "http://[::127.0.0.1]:8099/",
  "http://[2002:7f00:1::1]:8099/",
  "http://[64:ff9b::7f00:1]/",
  "http://[64:ff9b:1::a00:1]/",
  "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
  "http://[::ffff:0:7f00:1]/",
  "http://[100::1]/",
  "http://[2001:db8::1]/",
];

describe("the proxy's check before connecting", () => {
  it.each(SSRF_FORMS)("refuses %s as not public", (address) => {
    expect(() => imageFetchUrl(address)).toThrow(expect.objectContaining({ status: 404, message: "The image's host is not on the public internet." }));
  });

  it("lets public hosts through, and refuses what the parser cannot read", () => {
    for (const ok of ["https://images.example/x.png", "http://8.8.8.8/a.png", "http://[2606:4700:4700::1111]/a.png", "http://[::ffff:8.8.8.8]/a.png"])
      expect(imageFetchUrl(ok).href, ok).toBe(new URL(ok).href);
    for (const bad of ["https://xn--a.attacker.example:8443/leak.png", "https://evil.example:99999/a.png", "ftp://images.example/a.png", "/images/logo.png"]) {
      expect(() => imageFetchUrl(bad), bad).toThrow(expect.objectContaining({ status: 404 }));
    }
  });

  it("refuses embedded loopback forms without a connection attempt", async () => {
    // Nothing listens on these ports: a connection attempt would end in "could not be reached" (502).
    for (const address of ["http://[::127.0.0.1]:8099/", "http://[2002:7f00:1::1]:8099/", "http://2130706433:8099/"]) {
      await expect(fetchImage(address), address).rejects.toMatchObject({ status: 404, message: "The image's host is not on the public internet." });
    }
  });
});

describe("image addresses in stored HTML", () => {
  it("lists each kept image once, entities decoded, and can replace them", () => {
    const html = sanitizePostHtml(
      '<p><img src="https://a.example/x.png?a=1&amp;b=2"><img src="/images/y.png"><img src="https://a.example/x.png?a=1&amp;b=2"><img src="javascript:alert(1)"></p>',
    );
    expect(imageSources(html)).toEqual(["https://a.example/x.png?a=1&b=2", "/images/y.png"]);
    const swapped = sanitizePostHtml(html, { outside: () => "/api/v1/forums/images/7" });
    expect(swapped).toBe('<p><img src="/api/v1/forums/images/7" /><img src="/images/y.png" /><img src="/api/v1/forums/images/7" /></p>');
  });
});
