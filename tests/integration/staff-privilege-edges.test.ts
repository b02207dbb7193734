import { describe, expect, it } from "vitest";
import type { Operation } from "@/lib/schemas/api";
import { STORE_SESSION_REFUSED } from "@/lib/messages/store-link";
import { resolveActor } from "@/lib/server/http/auth";
import { issueTokenPair } from "@/lib/server/sessions/api-tokens";
import { createBrowserSession } from "@/lib/server/sessions/browser-sessions";
import { createUser } from "../factories/users";

// Who the API frame lets in, mode by mode (lib/server/http/auth.ts resolveActor and the actor
// built in lib/server/sessions/authenticate-request.ts), against real sessions in the database.
// Focused and quick so each mutant of npm run test:mutation -- --only=staff runs few requests;
// the same rules through every staff route: staff-auth.test.ts and store-sessions.test.ts.

type Privilege = "PLAYER" | "MODERATOR" | "ADMINISTRATOR" | "OWNER";
const req = new Request("http://localhost:3000/api/v1/x");
const asCookie = (token: string | null) => (name: string) => (name === "session" && token ? token : undefined);
const op = (auth: Operation["auth"], storeSession?: true) => ({ auth, ...(storeSession ? { storeSession } : {}) }) as Pick<Operation, "auth" | "storeSession">;

async function sessionOf(privilege: Privilege, scope: "full" | "store" = "full", extra: { bannedAt?: Date } = {}) {
  const user = await createUser({ privilege, ...extra });
  const { token } = await createBrowserSession(user.id, { userAgent: null, ip: null }, scope);
  return { user, token };
}

const refusal = (code: string, userMessage?: string) => expect.objectContaining({ code, ...(userMessage ? { userMessage } : {}) });

describe("resolveActor, mode by mode", () => {
  it("none and game never look at the caller", async () => {
    const { token } = await sessionOf("OWNER");
    expect(await resolveActor(op("none"), req, asCookie(token))).toBeNull();
    expect(await resolveActor(op("game"), req, asCookie(token))).toBeNull();
  });

  it("optional gives the signed-in actor or null for a guest, never refusing", async () => {
    const { user, token } = await sessionOf("PLAYER");
    expect(await resolveActor(op("optional"), req, asCookie(null))).toBeNull();
    expect(await resolveActor(op("optional"), req, asCookie(token))).toMatchObject({ userId: user.id, via: "session", scope: "full" });
  });

  it("user refuses a guest (401) and lets any signed-in account in, players as non-staff", async () => {
    await expect(resolveActor(op("user"), req, asCookie(null))).rejects.toThrow(refusal("UNAUTHENTICATED"));
    const { user, token } = await sessionOf("PLAYER");
    expect(await resolveActor(op("user"), req, asCookie(token))).toMatchObject({ userId: user.id, privilege: "PLAYER", isStaff: false });
  });

  it("each staff mode lets in its rank and above, and answers 403 below it", async () => {
    const sessions = Object.fromEntries(
      await Promise.all((["PLAYER", "MODERATOR", "ADMINISTRATOR", "OWNER"] as const).map(async (p) => [p, (await sessionOf(p)).token] as const)),
    );
    const cases: Array<[Operation["auth"], Privilege[]]> = [
      ["moderator", ["MODERATOR", "ADMINISTRATOR", "OWNER"]],
      ["administrator", ["ADMINISTRATOR", "OWNER"]],
      ["owner", ["OWNER"]],
    ];
    for (const [auth, allowed] of cases)
      for (const p of ["PLAYER", "MODERATOR", "ADMINISTRATOR", "OWNER"] as const) {
        const attempt = resolveActor(op(auth), req, asCookie(sessions[p]!));
        if (allowed.includes(p)) expect(await attempt, `${auth} as ${p}`).toMatchObject({ privilege: p, isStaff: true });
        else await expect(attempt, `${auth} as ${p}`).rejects.toThrow(refusal("FORBIDDEN"));
      }
    await expect(resolveActor(op("moderator"), req, asCookie(null))).rejects.toThrow(refusal("UNAUTHENTICATED"));
  });

  it("lets a bearer token in as a full (not store) login with the account's privilege", async () => {
    const user = await createUser({ privilege: "MODERATOR" });
    const { access } = await issueTokenPair(user.id, { userAgent: null, ip: null });
    const bearer = new Request("http://localhost:3000/api/v1/x", { headers: { authorization: `Bearer ${access}` } });
    expect(await resolveActor(op("moderator"), bearer, asCookie(null))).toMatchObject({
      userId: user.id,
      via: "bearer",
      scope: "full",
      privilege: "MODERATOR",
      isStaff: true,
    });
  });
});

describe("a store session (::store link)", () => {
  it("passes only user operations marked storeSession, as a non-staff player even for an owner", async () => {
    const { user, token } = await sessionOf("OWNER", "store");
    expect(await resolveActor(op("user", true), req, asCookie(token))).toMatchObject({ userId: user.id, scope: "store", privilege: "PLAYER", isStaff: false });
    await expect(resolveActor(op("user"), req, asCookie(token))).rejects.toThrow(refusal("FORBIDDEN", STORE_SESSION_REFUSED));
    await expect(resolveActor(op("owner"), req, asCookie(token))).rejects.toThrow(refusal("FORBIDDEN", STORE_SESSION_REFUSED));
    // The mark opens user operations only: a staff operation carrying it (defineOperation refuses
    // to define one) still refuses the store session as such.
    await expect(resolveActor(op("owner", true), req, asCookie(token))).rejects.toThrow(refusal("FORBIDDEN", STORE_SESSION_REFUSED));
    // optional shows it as the store-scoped player it is.
    expect(await resolveActor(op("optional"), req, asCookie(token))).toMatchObject({ scope: "store", privilege: "PLAYER" });
  });
});

describe("accounts that may not act", () => {
  it("a banned account's session counts as no session", async () => {
    const { token } = await sessionOf("ADMINISTRATOR", "full", { bannedAt: new Date() });
    expect(await resolveActor(op("optional"), req, asCookie(token))).toBeNull();
    await expect(resolveActor(op("administrator"), req, asCookie(token))).rejects.toThrow(refusal("UNAUTHENTICATED"));
  });

  it("an unconfirmed (inactive) account's session counts as no session", async () => {
    const user = await createUser({ confirmed: false });
    const { token } = await createBrowserSession(user.id, { userAgent: null, ip: null });
    expect(await resolveActor(op("optional"), req, asCookie(token))).toBeNull();
  });
});
