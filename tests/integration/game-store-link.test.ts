// The ::store link (issue 8): the game asks for a one-time, short-lived link; opening it signs
// the player in on the site once and lands on the credit store.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as storeLinkRoute } from "@/app/api/v1/game/store-link/route";
import { GET as userRoute } from "@/app/api/v1/user/route";
import { GET as openRoute } from "@/app/store-link/route";
import { db } from "@/lib/server/db";
import { sha256 } from "@/lib/server/security/tokens";
import { STORE_LINK_TTL_SEC } from "@/lib/schemas/game";
import { createGameKey } from "../factories/game-keys";
import { createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { call, freshClient, sessionFrom } from "./helpers";

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

/** Opens a link as the player's browser would: GET, cookies kept, redirect not followed. */
const open = (url: string) => call(openRoute, { path: new URL(url).pathname + new URL(url).search, headers: freshClient() });

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
    const rows = await db.emailToken.findMany({ where: { userId: user.id } });
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

  it("needs a key with the store-link scope", async () => {
    const user = await createUser();
    expect((await askLink(user.id, {})).status).toBe(401);
    expect((await askLink(user.id, (await createGameKey(["deliveries"])).headers)).status).toBe(403);
  });
});

describe("GET /store-link", () => {
  it("signs the player in once and opens the credit store for an in-game purchase", async () => {
    const user = await createUser();
    const { url } = await linkFor(user.id);
    const r = await open(url);
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe("/credits?via=game");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("referrer-policy")).toBe("no-referrer");
    expect(r.headers.get("set-cookie")).toMatch(/HttpOnly/);
    expect(r.headers.get("set-cookie")).toContain("signed_in=1");
    const session = sessionFrom(r.headers)!;
    const me = await call(userRoute, { path: "/api/v1/user", cookies: { session } });
    expect(me).toMatchObject({ status: 200, json: { id: user.id } });

    const again = await open(url);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(REFUSED);
    expect(sessionFrom(again.headers)).toBeNull();
    expect(again.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("signs in exactly one of five tabs opening the same link at once", async () => {
    const user = await createUser();
    const { url } = await linkFor(user.id);
    const results = await Promise.all(Array.from({ length: 5 }, () => open(url)));
    expect(results.filter((r) => r.headers.get("location") === "/credits?via=game")).toHaveLength(1);
    expect(results.filter((r) => sessionFrom(r.headers) !== null)).toHaveLength(1);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
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
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it("signs no one in whose account was banned after the link was made", async () => {
    const user = await createUser();
    const { url } = await linkFor(user.id);
    await db.user.update({ where: { id: user.id }, data: { bannedAt: new Date(), banReason: "chargebacks" } });
    expect((await open(url)).headers.get("location")).toBe(REFUSED);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });
});
