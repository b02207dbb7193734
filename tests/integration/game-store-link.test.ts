// The ::store link: the game asks for a one-time, short-lived link; its page
// (GET, which writes nothing) asks "continue as …?", and only that page's same-origin POST
// spends the token and opens a store session, which can buy and do nothing else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as storeLinkRoute } from "@/app/api/v1/game/store-link/route";
import { GET as userRoute } from "@/app/api/v1/user/route";
import { POST as continueRoute } from "@/app/store-link/continue/route";
import { db } from "@/lib/server/db";
import { sha256 } from "@/lib/server/security/tokens";
import { STORE_LINK_TTL_SEC } from "@/lib/schemas/game";
import { STAFF_STORE_LINK_REFUSED } from "@/lib/messages/store-link";
import { peekStoreLink } from "@/lib/server/game/open-store-link";
import { encryptSecret } from "@/lib/server/security/encryption";
import { generate } from "otplib";
import { setEndedBan, setRunningBan } from "../factories/bans";
import { createGameKey } from "../factories/game-keys";
import { createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { call, CROSS_SITE, freshClient, SAME_ORIGIN, sessionFrom } from "./helpers";

const SITE = "https://play.example.test";
let restore: () => void;
let key: Record<string, string>;
beforeAll(async () => {
  restore = setEnv({ TRUST_PROXY: "true", SITE_URL: SITE });
  key = (await createGameKey(["store-link"])).headers;
});
afterAll(() => restore());

const REFUSED = "/login?next=%2Fcredits&link=expired";

const askLink = (player_id: unknown, headers = key) =>
  call(storeLinkRoute, { method: "POST", path: "/api/v1/game/store-link", body: { player_id }, headers: { ...headers, ...freshClient() } });

/** Presses "Continue to the store" as the player's browser would: a same-origin form post. */
const open = (url: string, extra: { code?: string; headers?: Record<string, string> } = {}) => {
  const form = new URLSearchParams({ token: new URL(url).searchParams.get("token") ?? "" });
  if (extra.code !== undefined) form.set("code", extra.code);
  return call(continueRoute, {
    method: "POST",
    path: "/store-link/continue",
    rawBody: form.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...SAME_ORIGIN, ...freshClient(), ...extra.headers },
  });
};

async function linkFor(userId: number): Promise<{ url: string; token: string; expires_at: string }> {
  const r = await askLink(userId);
  expect(r.status).toBe(200);
  const url = r.json.url as string;
  return { url, token: new URL(url).searchParams.get("token")!, expires_at: r.json.expires_at as string };
}

describe("POST /api/v1/game/store-link", () => {
  it("answers a link on SITE_URL that expires in five minutes, and stores only its hash", async () => {
    const user = await createUser();
    const before = Date.now();
    const { url, token, expires_at } = await linkFor(user.id);
    expect(url).toMatch(new RegExp(`^${SITE}/store-link\\?token=[A-Za-z0-9_-]{43}$`));
    expect(Date.parse(expires_at)).toBeGreaterThanOrEqual(before + STORE_LINK_TTL_SEC * 1000 - 1000);
    expect(Date.parse(expires_at)).toBeLessThanOrEqual(Date.now() + STORE_LINK_TTL_SEC * 1000);
    const rows = await db.emailToken.findMany({ where: { userId: user.id }, omit: { tokenHash: false } });
    expect(rows).toEqual([expect.objectContaining({ kind: "GAME_STORE_LINK", tokenHash: sha256(token), usedAt: null })]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("refuses an unknown, a banned and an unconfirmed player with a clear answer", async () => {
    expect(await askLink(2_147_483_000)).toMatchObject({ status: 404, json: { details: "No such player." } });
    const banned = await createUser();
    await db.user.update({ where: { id: banned.id }, data: { bannedAt: new Date(), banReason: "botting" } });
    expect(await askLink(banned.id)).toMatchObject({ status: 403, json: { details: "This account has been banned: botting." } });
    const unconfirmed = await createUser();
    await db.user.update({ where: { id: unconfirmed.id }, data: { isActive: false } });
    expect(await askLink(unconfirmed.id)).toMatchObject({ status: 403, json: { details: expect.stringContaining("confirm your email") } });
    expect(await db.emailToken.count({ where: { userId: { in: [banned.id, unconfirmed.id] } } })).toBe(0);
  });

  it("gives a link to a player whose temporary ban has ended before its lift job ran; a running ban is refused", async () => {
    const ended = await createUser();
    await setEndedBan(ended.id);
    const { token } = await linkFor(ended.id);
    expect(await db.emailToken.count({ where: { userId: ended.id, tokenHash: sha256(token) } })).toBe(1);
    // The twin: a ban that still runs is refused, with its end and reason.
    const running = await createUser();
    await setRunningBan(running.id, "botting");
    const refused = await askLink(running.id);
    expect(refused.status).toBe(403);
    expect(refused.json.details).toMatch(/^This account has been banned until .*: botting\.$/);
    expect(await db.emailToken.count({ where: { userId: running.id } })).toBe(0);
  });

  it("refuses staff accounts of every rank, and stores no token for them", async () => {
    for (const privilege of ["MODERATOR", "ADMINISTRATOR", "OWNER"] as const) {
      const staff = await createUser({ privilege });
      expect(await askLink(staff.id), privilege).toMatchObject({ status: 403, json: { details: STAFF_STORE_LINK_REFUSED } });
      expect(await db.emailToken.count({ where: { userId: staff.id } })).toBe(0);
    }
    // The twin: a player of the same age gets a link.
    expect((await askLink((await createUser()).id)).status).toBe(200);
  });

  it("needs a key with the store-link scope", async () => {
    const user = await createUser();
    expect((await askLink(user.id, {})).status).toBe(401);
    expect((await askLink(user.id, (await createGameKey(["deliveries"])).headers)).status).toBe(403);
  });
});

describe("GET /store-link (the confirmation page's data)", () => {
  it("names the player and writes nothing: the token stays unspent and no session is made", async () => {
    const user = await createUser();
    const { token } = await linkFor(user.id);
    const before = await db.emailToken.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
    for (let i = 0; i < 3; i++) expect(await peekStoreLink(token)).toEqual({ username: user.username, twoFactor: false });
    expect(await db.emailToken.findUniqueOrThrow({ where: { tokenHash: sha256(token) } })).toEqual(before);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    expect(await peekStoreLink("A".repeat(43))).toBeNull();
    expect(await peekStoreLink(null)).toBeNull();
  });
});

describe("POST /store-link/continue", () => {
  it("signs the player in once with a store session and opens the credit store", async () => {
    const user = await createUser();
    const { url } = await linkFor(user.id);
    const started = Date.now();
    const r = await open(url);
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe("/credits?via=game");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("set-cookie")).toMatch(/HttpOnly/);
    expect(r.headers.get("set-cookie")).toContain("signed_in=1");
    // The cookie and the session last one hour, not the 30 days of a password login.
    expect(r.headers.get("set-cookie")).toMatch(/Max-Age=3600\b/);
    const session = sessionFrom(r.headers)!;
    const row = await db.session.findUniqueOrThrow({ where: { tokenHash: sha256(session) } });
    expect(row).toMatchObject({ userId: user.id, scope: "STORE" });
    expect(row.absoluteExpiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000);
    expect(row.absoluteExpiresAt.getTime()).toBeGreaterThanOrEqual(started + 3600_000 - 1000);
    const me = await call(userRoute, { path: "/api/v1/user", cookies: { session } });
    expect(me).toMatchObject({ status: 200, json: { id: user.id, store_session: true } });

    const again = await open(url);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(REFUSED);
    expect(sessionFrom(again.headers)).toBeNull();
  });

  it("signs in exactly one of five tabs posting the same link at once", async () => {
    const user = await createUser();
    const { url } = await linkFor(user.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => open(url)));
    expect(results.filter((r) => r.headers.get("location") === "/credits?via=game")).toHaveLength(1);
    expect(results.filter((r) => sessionFrom(r.headers) !== null)).toHaveLength(1);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
  });

  it("refuses a post from another site or a null origin, and leaves the link unspent", async () => {
    const user = await createUser();
    const { url, token } = await linkFor(user.id);
    const foreign: Record<string, string>[] = [
      CROSS_SITE,
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "", origin: "null" },
      { "sec-fetch-site": "", origin: "https://evil.example" },
    ];
    for (const headers of foreign) {
      const r = await open(url, { headers });
      expect(r.status, JSON.stringify(headers)).toBe(403);
      expect(r.headers.get("set-cookie")).toBeNull();
    }
    expect(await db.emailToken.findUniqueOrThrow({ where: { tokenHash: sha256(token) } })).toMatchObject({ usedAt: null });
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    // The twin: the same link from the site's own page signs in.
    expect((await open(url, { headers: { "sec-fetch-site": "", origin: SITE } })).headers.get("location")).toBe("/credits?via=game");
  });

  it("refuses an expired link, a made-up token, a missing one and another kind of token", async () => {
    const user = await createUser();
    const { url, token } = await linkFor(user.id);
    await db.emailToken.update({ where: { tokenHash: sha256(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    for (const target of [url, `${SITE}/store-link?token=${"A".repeat(43)}`, `${SITE}/store-link`, `${SITE}/store-link?token=short`]) {
      const r = await open(target);
      expect(r.headers.get("location"), target).toBe(REFUSED);
      expect(sessionFrom(r.headers)).toBeNull();
    }
    // A password-reset token is not a store link.
    const reset = "R".repeat(43);
    await db.emailToken.create({ data: { userId: user.id, kind: "PASSWORD_RESET", tokenHash: sha256(reset), expiresAt: new Date(Date.now() + 60_000) } });
    expect((await open(`${SITE}/store-link?token=${reset}`)).headers.get("location")).toBe(REFUSED);
    expect(await peekStoreLink(reset)).toBeNull();
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("signs no one in whose account was banned, or made staff, after the link was made", async () => {
    const banned = await createUser();
    const bannedLink = await linkFor(banned.id);
    await db.user.update({ where: { id: banned.id }, data: { bannedAt: new Date(), banReason: "chargebacks" } });
    expect((await open(bannedLink.url)).headers.get("location")).toBe(REFUSED);
    const promoted = await createUser();
    const promotedLink = await linkFor(promoted.id);
    await db.user.update({ where: { id: promoted.id }, data: { privilege: "OWNER" } });
    expect(await peekStoreLink(promotedLink.token)).toBeNull();
    expect((await open(promotedLink.url)).headers.get("location")).toBe(REFUSED);
    expect(await db.session.count({ where: { userId: { in: [banned.id, promoted.id] } } })).toBe(0);
  });

  it("opens the link of a player whose temporary ban has ended before its lift job ran; not while a ban runs", async () => {
    const ended = await createUser();
    const endedLink = await linkFor(ended.id);
    await setEndedBan(ended.id);
    expect(await peekStoreLink(endedLink.token)).toEqual({ username: ended.username, twoFactor: false });
    const r = await open(endedLink.url);
    expect(r.headers.get("location")).toBe("/credits?via=game");
    expect(await db.session.count({ where: { userId: ended.id, scope: "STORE" } })).toBe(1);
    // The twin: the same steps with a ban that still runs sign no one in.
    const running = await createUser();
    const runningLink = await linkFor(running.id);
    await setRunningBan(running.id);
    expect(await peekStoreLink(runningLink.token)).toBeNull();
    expect((await open(runningLink.url)).headers.get("location")).toBe(REFUSED);
    expect(await db.session.count({ where: { userId: running.id } })).toBe(0);
  });

  it("asks a 2FA player for a code: none or a wrong one leaves the link unspent, a right one signs in once", async () => {
    const user = await createUser();
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await db.user.update({ where: { id: user.id }, data: { totpSecretEnc: encryptSecret(secret, `totp:user:${user.id}`), totpEnabledAt: new Date() } });
    const { url, token } = await linkFor(user.id);
    expect(await peekStoreLink(token)).toEqual({ username: user.username, twoFactor: true });
    const back = `/store-link?token=${token}&code=refused`;
    for (const code of [undefined, "", "000000"]) {
      const r = await open(url, code === undefined ? {} : { code });
      expect(r.headers.get("location"), String(code)).toBe(back);
      expect(sessionFrom(r.headers)).toBeNull();
    }
    expect(await db.emailToken.findUniqueOrThrow({ where: { tokenHash: sha256(token) } })).toMatchObject({ usedAt: null });
    const code = await generate({ secret });
    const ok = await open(url, { code });
    expect(ok.headers.get("location")).toBe("/credits?via=game");
    expect(await db.session.findMany({ where: { userId: user.id }, select: { scope: true } })).toEqual([{ scope: "STORE" }]);
    // The same code cannot open a second link.
    const second = await linkFor(user.id);
    expect((await open(second.url, { code })).headers.get("location")).toBe(`/store-link?token=${second.token}&code=refused`);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
  });
});
