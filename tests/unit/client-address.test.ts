import { describe, expect, it } from "vitest";
import { clientAddressFrom, isLoopbackAddress, normalizeAddress, SOCKET_ADDRESS_HEADER } from "@/lib/server/security/client-address";
import { mayViewOutbox } from "@/lib/server/mail/list-outbox";

const secret = "boot-secret-0123456789";
const stamped = (address: string, extra: Record<string, string> = {}) => new Headers({ [SOCKET_ADDRESS_HEADER]: `${secret} ${address}`, ...extra });

describe("client address", () => {
  it("is the socket address stamped by the server entry, IPv4-mapped IPv6 unwrapped", () => {
    expect(clientAddressFrom(stamped("::ffff:127.0.0.2"), { trustProxy: false, secret })).toBe("127.0.0.2");
    expect(clientAddressFrom(stamped("2001:db8::7"), { trustProxy: false, secret })).toBe("2001:db8::7");
  });

  it("ignores X-Forwarded-For and X-Real-IP without TRUST_PROXY", () => {
    const h = stamped("127.0.0.3", { "x-forwarded-for": "203.0.113.9", "x-real-ip": "203.0.113.10" });
    expect(clientAddressFrom(h, { trustProxy: false, secret })).toBe("127.0.0.3");
  });

  it("trusts no stamp without this boot's secret (a client-sent copy, or a plain next start)", () => {
    expect(clientAddressFrom(new Headers({ [SOCKET_ADDRESS_HEADER]: "guess 127.0.0.1" }), { trustProxy: false, secret })).toBeNull();
    expect(clientAddressFrom(stamped("127.0.0.1"), { trustProxy: false, secret: undefined })).toBeNull();
    expect(clientAddressFrom(new Headers({ [SOCKET_ADDRESS_HEADER]: `${secret}` }), { trustProxy: false, secret })).toBeNull();
  });

  it("with TRUST_PROXY takes the entry our proxy appended, else falls back to the socket", () => {
    const h = stamped("10.0.0.1", { "x-forwarded-for": "6.6.6.6, ::ffff:203.0.113.7" });
    expect(clientAddressFrom(h, { trustProxy: true, secret })).toBe("203.0.113.7");
    expect(clientAddressFrom(stamped("10.0.0.1"), { trustProxy: true, secret })).toBe("10.0.0.1");
    expect(clientAddressFrom(stamped("10.0.0.1", { "x-forwarded-for": "not-an-ip" }), { trustProxy: true, secret })).toBe("10.0.0.1");
  });

  it("normalises ports, brackets and zones, and refuses what is not an address", () => {
    expect(normalizeAddress("203.0.113.7:5123")).toBe("203.0.113.7");
    expect(normalizeAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(normalizeAddress("unknown")).toBeNull();
    expect(normalizeAddress("")).toBeNull();
  });

  it("counts 127.0.0.0/8 and ::1 as this machine, nothing else", () => {
    for (const a of ["127.0.0.1", "127.0.0.2", "127.255.0.9", "::1"]) expect(isLoopbackAddress(a)).toBe(true);
    for (const a of ["192.0.2.2", "10.0.0.1", "::", "::2", null]) expect(isLoopbackAddress(a)).toBe(false);
  });
});

describe("outbox access", () => {
  it("is for administrators and owners or a loopback client only", () => {
    expect(mayViewOutbox({ address: "127.0.0.1", privilege: null })).toBe(true);
    expect(mayViewOutbox({ address: "127.0.0.1", privilege: "PLAYER" })).toBe(true);
    expect(mayViewOutbox({ address: "192.0.2.2", privilege: "ADMINISTRATOR" })).toBe(true);
    expect(mayViewOutbox({ address: "192.0.2.2", privilege: "OWNER" })).toBe(true);
    expect(mayViewOutbox({ address: "192.0.2.2", privilege: null })).toBe(false);
    expect(mayViewOutbox({ address: "192.0.2.2", privilege: "PLAYER" })).toBe(false);
    // No known address (a plain `next start` without the entry): not shown.
    expect(mayViewOutbox({ address: null, privilege: null })).toBe(false);
  });

  it("is refused to a moderator from another machine (the owner's reset link is there), allowed to an administrator", () => {
    expect(mayViewOutbox({ address: "192.0.2.2", privilege: "MODERATOR" })).toBe(false);
    expect(mayViewOutbox({ address: null, privilege: "MODERATOR" })).toBe(false);
    expect(mayViewOutbox({ address: "192.0.2.2", privilege: "ADMINISTRATOR" })).toBe(true);
  });
});
