import { describe, expect, it } from "vitest";
import { POST as changeEmailRoute } from "@/app/api/v1/change-password/email/route";
import { POST as changeRoute } from "@/app/api/v1/change-password/route";
import { POST as loginRoute } from "@/app/api/v1/login/route";
import { POST as requestRoute } from "@/app/api/v1/request-password-reset/route";
import { POST as resetRoute } from "@/app/api/v1/reset-password/route";
import { GET as userRoute } from "@/app/api/v1/user/route";
import { db } from "@/lib/server/db";
import { PASSWORD_CHANGED, RESET_DONE, RESET_REQUESTED } from "@/lib/schemas/accounts";
import { setEndedBan, setRunningBan } from "../factories/bans";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import { queuedJobs, runJobsUntilIdle } from "../support/jobs";
import { linkIn, captureMailForFile } from "../support/smtp-capture";

// Mail goes out through background jobs, which this file runs itself (runJobsUntilIdle).
import { call, freshClient, loginCookie as login, SAME_ORIGIN } from "./helpers";

const mailbox = captureMailForFile({ TRUST_PROXY: "true" });

const ip = () => freshClient();
/** Reset requests one username-and-email pair may make in 15 minutes (docs/accounts.md). */
const RESETS_PER_PAIR = 3;
const resetJobsFor = async (userId: number) => (await queuedJobs("send-reset-link")).filter((j) => j.payload.userId === userId).length;
const loginCookie = (username: string, password = DEFAULT_PASSWORD) => login(username, password);

describe("POST /api/v1/change-password", () => {
  it("needs the current password, then changes it, ends other sessions and emails the player", async () => {
    const u = await createUser();
    const here = await loginCookie(u.username);
    const elsewhere = await loginCookie(u.username);
    const wrong = await call(changeRoute, {
      method: "POST",
      cookies: { session: here },
      headers: SAME_ORIGIN,
      body: { password: "Bad!guess1", newPassword: "Fresh!pass22", newPasswordConfirmation: "Fresh!pass22" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.password).toEqual(["Your current password is incorrect."]);
    expect(wrong.json.details).toBe("Your current password is incorrect.");

    const mismatch = await call(changeRoute, {
      method: "POST",
      cookies: { session: here },
      headers: SAME_ORIGIN,
      body: { password: DEFAULT_PASSWORD, newPassword: "Fresh!pass22", newPasswordConfirmation: "Other!pass22" },
    });
    expect(mismatch.json.newPasswordConfirmation).toEqual(["Passwords do not match."]);

    const ok = await call(changeRoute, {
      method: "POST",
      cookies: { session: here },
      headers: SAME_ORIGIN,
      body: { password: DEFAULT_PASSWORD, newPassword: "Fresh!pass22", newPasswordConfirmation: "Fresh!pass22" },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ success: PASSWORD_CHANGED });
    expect((await call(userRoute, { cookies: { session: here } })).status).toBe(200);
    expect((await call(userRoute, { cookies: { session: elsewhere } })).status).toBe(401);
    await runJobsUntilIdle();
    const mail = await mailbox().latestTo(u.email);
    expect(mail.subject).toMatch(/password was changed/);
    const relog = await call(loginRoute, { method: "POST", body: { username: u.username, password: "Fresh!pass22" }, headers: ip() });
    expect(relog.status).toBe(200);
  });

  it("from an API client, keeps that API login and ends the rest", async () => {
    const { POST: tokenRoute } = await import("@/app/api/v1/token/route");
    const u = await createUser();
    const browser = await loginCookie(u.username);
    const api = await call(tokenRoute, { method: "POST", body: { username: u.username, password: DEFAULT_PASSWORD }, headers: ip() });
    const other = await call(tokenRoute, { method: "POST", body: { username: u.username, password: DEFAULT_PASSWORD }, headers: ip() });
    const auth = (t: unknown) => ({ authorization: `Bearer ${String(t)}` });
    const ok = await call(changeRoute, {
      method: "POST",
      headers: auth(api.json.access),
      body: { password: DEFAULT_PASSWORD, newPassword: "Fresh!pass33", newPasswordConfirmation: "Fresh!pass33" },
    });
    expect(ok.status).toBe(200);
    expect((await call(userRoute, { headers: auth(api.json.access) })).status).toBe(200);
    expect((await call(userRoute, { headers: auth(other.json.access) })).status).toBe(401);
    expect((await call(userRoute, { cookies: { session: browser } })).status).toBe(401);
  });

  it("answers 401 without a session", async () => {
    const r = await call(changeRoute, { method: "POST", body: { password: "a", newPassword: "b", newPasswordConfirmation: "b" } });
    expect(r.status).toBe(401);
  });
});

describe("password reset", () => {
  it("answers the same for unknown accounts and emails nothing", async () => {
    await runJobsUntilIdle(); // mail queued by earlier tests
    const before = mailbox().messages.length;
    const r = await call(requestRoute, { method: "POST", body: { username: "ghost-user", email: "ghost@test.example" }, headers: ip() });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ details: RESET_REQUESTED });
    const u = await createUser();
    const wrongEmail = await call(requestRoute, { method: "POST", body: { username: u.username, email: "someone-else@test.example" }, headers: ip() });
    expect(wrongEmail.json).toEqual({ details: RESET_REQUESTED });
    await runJobsUntilIdle();
    expect(mailbox().messages.length).toBe(before);
  });

  it("validates the request fields", async () => {
    const r = await call(requestRoute, { method: "POST", body: { username: "", email: "x" }, headers: ip() });
    expect(r.status).toBe(400);
    expect(r.json.username).toBeDefined();
    expect(r.json.email).toEqual(["Enter a valid email address."]);
  });

  it("resets through the emailed single-use link, ends every session and notifies", async () => {
    const u = await createUser();
    const session = await loginCookie(u.username);
    const since = mailbox().messages.length;
    await call(requestRoute, { method: "POST", body: { username: u.username, email: u.email.toUpperCase() }, headers: ip() });
    await runJobsUntilIdle();
    const link = linkIn(await mailbox().latestTo(u.email, since), "/account/reset-password");
    expect(link.origin).toBe("http://localhost:3000");
    const uid = link.searchParams.get("uid")!;
    const token = link.searchParams.get("token")!;
    // Only the hash is stored.
    expect(await db.emailToken.count({ where: { tokenHash: token } })).toBe(0);

    const weak = await call(resetRoute, { method: "POST", body: { uid, token, password: "short", passwordConfirmation: "short" }, headers: ip() });
    expect(weak.status).toBe(400);
    expect(weak.json.password).toBeDefined();
    const mismatch = await call(resetRoute, {
      method: "POST",
      body: { uid, token, password: "Brand!new77", passwordConfirmation: "Brand!new78" },
      headers: ip(),
    });
    expect(mismatch.json.password_confirmation).toEqual(["Passwords do not match."]);

    const ok = await call(resetRoute, { method: "POST", body: { uid, token, password: "Brand!new77", passwordConfirmation: "Brand!new77" }, headers: ip() });
    expect(ok.status).toBe(201);
    expect(ok.json).toEqual({ details: RESET_DONE });
    expect((await call(userRoute, { cookies: { session } })).status).toBe(401);
    await runJobsUntilIdle();
    expect((await mailbox().latestTo(u.email, since + 1)).subject).toMatch(/password was changed/);

    const twice = await call(resetRoute, { method: "POST", body: { uid, token, password: "Other!new88", passwordConfirmation: "Other!new88" }, headers: ip() });
    expect(twice.status).toBe(400);
    expect(twice.json.details).toMatch(/invalid or has expired/);
    expect((await call(loginRoute, { method: "POST", body: { username: u.username, password: "Brand!new77" }, headers: ip() })).status).toBe(200);
  });

  it("checks the link before the new password: no 'too common' answer without a valid link", async () => {
    // Letters only, so a password made of the name is caught as too common.
    const u = await createUser({ username: `Reset${Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}` });
    // Contains the account's name, so "too common" would confirm which account the uid is.
    const named = `${u.username}!1`;
    const bogus = await call(resetRoute, {
      method: "POST",
      body: { uid: String(u.id), token: "not-a-real-token", password: named, passwordConfirmation: named },
      headers: ip(),
    });
    expect(bogus.status).toBe(400);
    expect(bogus.json).toEqual({ details: "This password reset link is invalid or has expired. Please request a new one." });
    const noAccount = await call(resetRoute, {
      method: "POST",
      body: { uid: "2147483647", token: "not-a-real-token", password: named, passwordConfirmation: named },
      headers: ip(),
    });
    expect(noAccount.json).toEqual(bogus.json);

    // With a valid link the strength check applies, and the link stays usable.
    const since = mailbox().messages.length;
    await call(requestRoute, { method: "POST", body: { username: u.username, email: u.email }, headers: ip() });
    await runJobsUntilIdle();
    const link = linkIn(await mailbox().latestTo(u.email, since), "/account/reset-password");
    const fields = { uid: link.searchParams.get("uid"), token: link.searchParams.get("token") };
    const common = await call(resetRoute, { method: "POST", body: { ...fields, password: named, passwordConfirmation: named }, headers: ip() });
    expect(common.status).toBe(400);
    expect(common.json.password).toEqual(["This password is too common. Choose one that is harder to guess."]);
    expect(
      (await call(resetRoute, { method: "POST", body: { ...fields, password: "Brand!new77", passwordConfirmation: "Brand!new77" }, headers: ip() })).status,
    ).toBe(201);
  });

  it("refuses an expired link", async () => {
    const u = await createUser();
    const since = mailbox().messages.length;
    await call(requestRoute, { method: "POST", body: { username: u.username, email: u.email }, headers: ip() });
    await runJobsUntilIdle();
    const link = linkIn(await mailbox().latestTo(u.email, since), "/account/reset-password");
    await db.emailToken.updateMany({ where: { userId: u.id }, data: { expiresAt: new Date(Date.now() - 1) } });
    const r = await call(resetRoute, {
      method: "POST",
      body: { uid: link.searchParams.get("uid"), token: link.searchParams.get("token"), password: "Brand!new77", passwordConfirmation: "Brand!new77" },
      headers: ip(),
    });
    expect(r.status).toBe(400);
  });

  it("rate limits requests with 429 and the text of docs/product.md §8", async () => {
    const headers = { "x-forwarded-for": "10.201.0.9" };
    let last = 0;
    for (let i = 0; i < 11; i++)
      last = (await call(requestRoute, { method: "POST", body: { username: "ghost", email: "ghost@test.example" }, headers })).status;
    expect(last).toBe(429);
    const resetHeaders = { "x-forwarded-for": "10.201.0.10" };
    for (let i = 0; i < 11; i++) last = (await call(resetRoute, { method: "POST", body: {}, headers: resetHeaders })).status;
    expect(last).toBe(429);
  });

  it("mails a player whose temporary ban has ended before its lift job ran; not one whose ban still runs", async () => {
    const ended = await createUser();
    await setEndedBan(ended.id);
    const running = await createUser();
    await setRunningBan(running.id);
    for (const u of [ended, running])
      expect(await call(requestRoute, { method: "POST", body: { username: u.username, email: u.email }, headers: ip() })).toMatchObject({
        status: 200,
        json: { details: RESET_REQUESTED },
      });
    expect(await resetJobsFor(ended.id)).toBe(1);
    expect(await resetJobsFor(running.id)).toBe(0);
    const since = mailbox().messages.length;
    await runJobsUntilIdle();
    expect(linkIn(await mailbox().latestTo(ended.email, since), "/account/reset-password").searchParams.get("uid")).toBe(String(ended.id));
  });

  it("requests naming an account with a wrong email do not use up its owner's requests", async () => {
    const u = await createUser();
    const asWrong = () => call(requestRoute, { method: "POST", body: { username: u.username, email: "not-the-owner@test.example" }, headers: ip() });
    for (let i = 0; i < RESETS_PER_PAIR; i++) expect((await asWrong()).status).toBe(200);
    const wrongOver = await asWrong();
    expect(wrongOver.status).toBe(429);
    expect(await resetJobsFor(u.id)).toBe(0);
    // The owner, from another address, still gets the mail.
    const owner = await call(requestRoute, { method: "POST", body: { username: u.username, email: u.email }, headers: ip() });
    expect(owner).toMatchObject({ status: 200, json: { details: RESET_REQUESTED } });
    expect(await resetJobsFor(u.id)).toBe(1);
  });

  it("the right username and email are still limited, with the answer a wrong pair gets", async () => {
    const u = await createUser();
    const asOwner = () => call(requestRoute, { method: "POST", body: { username: u.username, email: u.email.toUpperCase() }, headers: ip() });
    for (let i = 0; i < RESETS_PER_PAIR; i++) expect((await asOwner()).status).toBe(200);
    const queued = await resetJobsFor(u.id);
    expect(queued).toBeGreaterThan(0);
    const over = await asOwner();
    expect(over.status).toBe(429);
    expect(await resetJobsFor(u.id)).toBe(queued);
    // A pair that matches no account hits its limit with the same status and body.
    const ghost = () => call(requestRoute, { method: "POST", body: { username: u.username, email: "ghost@test.example" }, headers: ip() });
    for (let i = 0; i < RESETS_PER_PAIR; i++) await ghost();
    const ghostOver = await ghost();
    expect({ status: ghostOver.status, json: ghostOver.json }).toEqual({ status: over.status, json: over.json });
    expect(ghostOver.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("/account/change-password emails the signed-in player their own link", async () => {
    const u = await createUser();
    const session = await loginCookie(u.username);
    const since = mailbox().messages.length;
    const r = await call(changeEmailRoute, { method: "POST", cookies: { session }, headers: SAME_ORIGIN });
    expect(r.status).toBe(200);
    await runJobsUntilIdle();
    const link = linkIn(await mailbox().latestTo(u.email, since), "/account/reset-password");
    expect(link.searchParams.get("uid")).toBe(String(u.id));
  });
});
