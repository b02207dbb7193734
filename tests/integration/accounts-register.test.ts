import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/v1/users/route";
import { GET as confirm } from "@/app/api/v1/users/confirm/route";
import { POST as loginRoute } from "@/app/api/v1/login/route";
import { db } from "@/lib/server/db";
import { EMAIL_REFUSED, EMAIL_REFUSED_FIELD, USERNAME_TAKEN, USERNAME_TAKEN_FIELD } from "@/lib/messages/accounts";
import { sha256 } from "@/lib/server/security/tokens";
import { usernameKey } from "@/lib/usernames";
import { CONFIRMATION_NOTICE } from "@/lib/schemas/accounts";
import { setEndedBan, setRunningBan } from "../factories/bans";
import { createUser, uniqueUsername } from "../factories/users";
import { setEnv } from "../support/env";
import { queuedJobs, runJobsUntilIdle } from "../support/jobs";
import { linkIn, startSmtpCapture } from "../support/smtp-capture";

// Mail goes out through background jobs, which this file runs itself (runJobsUntilIdle).
import { call, sessionFrom } from "./helpers";

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let restore: () => void;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  restore = setEnv({ CAPTCHA_PROVIDER: "off", SMTP_URL: smtp.url, EMAIL_CONFIRMATION: "false", TRUST_PROXY: "true" });
});
afterAll(async () => {
  restore();
  await smtp.close();
});

let ipCounter = 0;
const freshIp = () => ({ "x-forwarded-for": `10.9.${Math.floor(Math.random() * 250)}.${++ipCounter % 250}` });
const payload = (over: Record<string, unknown> = {}) => {
  const username = uniqueUsername("r");
  return { username, email: `${username}@test.example`, password: "Ember!x91z", password_confirmation: "Ember!x91z", captchaToken: "unused", ...over };
};

describe("POST /api/v1/users", () => {
  it("creates an active account (201) with the profile fields of docs/product.md §3, hashing the password with argon2id", async () => {
    const body = payload();
    const r = await call(register, { method: "POST", body, headers: freshIp() });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      name: body.username,
      email: body.email,
      privilege: "PLAYER",
      memberRank: "NONE",
      totalVotes: 0,
      totalSpent: 0,
      storeCredits: 0,
      is_staff: false,
    });
    expect(JSON.stringify(r.json)).not.toMatch(/argon2|passwordHash|totp/i);
    const row = await db.user.findFirstOrThrow({ where: { username: body.username }, omit: { passwordHash: false } });
    expect(row.passwordHash.startsWith("$argon2id$")).toBe(true);
    expect(row.isActive).toBe(true);
  });

  it("names every invalid field", async () => {
    const r = await call(register, {
      method: "POST",
      body: { username: "bad!name", email: "nope", password: "abc", password_confirmation: "" },
      headers: freshIp(),
    });
    expect(r.status).toBe(400);
    expect((r.json.username as string[])[0]).toMatch(/letters, numbers/);
    expect(r.json.email).toEqual(["Enter a valid email address."]);
    expect(r.json.password).toEqual(
      expect.arrayContaining([
        "Your password must be at least 6 characters long.",
        "Your password must contain at least one number.",
        "Your password must contain at least one special character.",
      ]),
    );
    expect(r.json.password_confirmation).toEqual(["This field is required."]);
    expect(r.json.captchaToken).toEqual(["This field is required."]);
  });

  it("refuses mismatched confirmation and common passwords", async () => {
    const mismatch = await call(register, { method: "POST", body: payload({ password_confirmation: "Other!pass1" }), headers: freshIp() });
    expect(mismatch.json.password_confirmation).toEqual(["Passwords do not match."]);
    const common = await call(register, { method: "POST", body: payload({ password: "Password1!", password_confirmation: "Password1!" }), headers: freshIp() });
    expect(common.status).toBe(400);
    expect((common.json.password as string[])[0]).toMatch(/too common/);
  });

  it("names a taken username on the username field only, whatever the email; the address's owner still hears of the try", async () => {
    const existing = await createUser({ username: uniqueUsername("Dup_") });
    const other = await createUser();
    const sameName = existing.username.toUpperCase().replace("_", " ");
    const since = smtp.messages.length;
    // The same answer with a fresh email, the name's own email and another account's email: it tells nothing about any address.
    const answers = await Promise.all(
      [`${uniqueUsername("free")}@test.example`, existing.email, other.email].map((email) =>
        call(register, { method: "POST", body: payload({ username: sameName, email }), headers: freshIp() }),
      ),
    );
    for (const r of answers) {
      expect(r.status).toBe(400);
      expect(r.json).toEqual({ username: [USERNAME_TAKEN_FIELD], details: USERNAME_TAKEN });
    }
    expect(await db.user.count({ where: { usernameKey: usernameKey(existing.username) } })).toBe(1);

    // Where the email belonged to an account, its owner hears about it, with a working reset link.
    await runJobsUntilIdle();
    const mail = await smtp.latestTo(other.email, since);
    expect(mail.subject).toMatch(/tried to register/);
    const link = linkIn(mail, "/account/reset-password");
    expect(link.searchParams.get("uid")).toBe(String(other.id));
    expect(await db.emailToken.count({ where: { userId: other.id, kind: "PASSWORD_RESET", tokenHash: sha256(link.searchParams.get("token")!) } })).toBe(1);
    expect(await db.mailMessage.count({ where: { to: other.email, subject: mail.subject } })).toBe(1);
  });

  it("refuses an email in use (accounts active at once) on the email field, without saying it has an account, and emails its owner", async () => {
    const existing = await createUser();
    const since = smtp.messages.length;
    const r = await call(register, { method: "POST", body: payload({ email: existing.email.toUpperCase() }), headers: freshIp() });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ email: [EMAIL_REFUSED_FIELD], details: EMAIL_REFUSED });
    expect(JSON.stringify(r.json)).not.toMatch(/in use|taken|exists|registered/i);
    expect(await db.user.count({ where: { emailKey: existing.email.toLowerCase() } })).toBe(1);

    await runJobsUntilIdle();
    const mail = await smtp.latestTo(existing.email, since);
    expect(mail.subject).toMatch(/tried to register/);
    expect(linkIn(mail, "/account/reset-password").searchParams.get("uid")).toBe(String(existing.id));
  });

  it("gives two sign-ups racing for one email the answer of an email in use", async () => {
    const email = `${uniqueUsername("race")}@test.example`;
    const results = await Promise.all([payload({ email }), payload({ email })].map((body) => call(register, { method: "POST", body, headers: freshIp() })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)!.json).toEqual({ email: [EMAIL_REFUSED_FIELD], details: EMAIL_REFUSED });
    expect(await db.user.count({ where: { emailKey: email } })).toBe(1);
  });

  it("gives two sign-ups racing for one username the answer of a taken username", async () => {
    const username = uniqueUsername("rn");
    const results = await Promise.all(
      [payload({ username }), payload({ username })].map((body) => call(register, { method: "POST", body, headers: freshIp() })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)!.json).toEqual({ username: [USERNAME_TAKEN_FIELD], details: USERNAME_TAKEN });
    expect(await db.user.count({ where: { username } })).toBe(1);
  });

  it("sends an unconfirmed owner a fresh confirmation link instead of a reset link", async () => {
    const existing = await createUser({ confirmed: false });
    const since = smtp.messages.length;
    const r = await call(register, { method: "POST", body: payload({ email: existing.email }), headers: freshIp() });
    expect(r.json.details).toBe(EMAIL_REFUSED);
    await runJobsUntilIdle();
    const link = linkIn(await smtp.latestTo(existing.email, since), "/api/v1/users/confirm");
    expect(link.searchParams.get("uid")).toBe(String(existing.id));
  });

  it("answers 429 with the text of docs/product.md §8 past the per-IP limit", async () => {
    const headers = { "x-forwarded-for": "10.200.0.1" };
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await call(register, { method: "POST", body: { username: "" }, headers })).status;
    expect(last).toBe(429);
    const r = await call(register, { method: "POST", body: payload(), headers });
    expect(r.json).toEqual({ details: "You have been rate limited, please try again later." });
  });

  it("rejects a failed human verification without creating anything", async () => {
    const undo = setEnv({ CAPTCHA_PROVIDER: "altcha" });
    try {
      const body = payload({ captchaToken: "not-a-solution" });
      const r = await call(register, { method: "POST", body, headers: freshIp() });
      expect(r.status).toBe(400);
      expect(r.json.captchaToken).toBeDefined();
      expect(await db.user.count({ where: { username: body.username } })).toBe(0);
    } finally {
      undo();
    }
  });
});

describe("registration with email confirmation on", () => {
  it("answers 200 with the notice, emails a link that activates once, then /registration-failed", async () => {
    const undo = setEnv({ EMAIL_CONFIRMATION: "true" });
    try {
      const body = payload();
      const r = await call(register, { method: "POST", body, headers: freshIp() });
      expect(r.status).toBe(200);
      expect(r.json).toEqual({ details: CONFIRMATION_NOTICE });

      const before = await call(loginRoute, { method: "POST", body: { username: body.username, password: body.password }, headers: freshIp() });
      expect(before.status).toBe(403);

      await runJobsUntilIdle();
      const mail = await smtp.latestTo(body.email);
      expect(mail.raw).toMatch(/Content-Type: text\/plain/);
      expect(mail.raw).toMatch(/Content-Type: text\/html/);
      const link = linkIn(mail, "/api/v1/users/confirm");
      expect(link.origin).toBe("http://localhost:3000"); // from SITE_URL, not the request

      const first = await call(confirm, { path: link.pathname + link.search });
      expect(first.status).toBe(303);
      expect(first.headers.get("location")).toBe("http://localhost:3000/welcome");
      const again = await call(confirm, { path: link.pathname + link.search });
      expect(again.headers.get("location")).toBe("http://localhost:3000/registration-failed");

      const after = await call(loginRoute, { method: "POST", body: { username: body.username, password: body.password }, headers: freshIp() });
      expect(after.status).toBe(200);
      expect(sessionFrom(after.headers)).toBeTruthy();
    } finally {
      undo();
    }
  });

  it("answers an email in use exactly as a new account (200 and the notice), creates nothing, and emails the address's owner", async () => {
    const undo = setEnv({ EMAIL_CONFIRMATION: "true" });
    try {
      const existing = await createUser();
      const since = smtp.messages.length;
      const fresh = await call(register, { method: "POST", body: payload(), headers: freshIp() });
      const body = payload({ email: existing.email.toUpperCase() });
      const inUse = await call(register, { method: "POST", body, headers: freshIp() });
      expect(inUse.status).toBe(fresh.status);
      expect(inUse.json).toEqual(fresh.json);
      expect(inUse.json).toEqual({ details: CONFIRMATION_NOTICE });
      expect(await db.user.count({ where: { username: body.username } })).toBe(0);
      expect(await db.user.count({ where: { emailKey: existing.email.toLowerCase() } })).toBe(1);

      await runJobsUntilIdle();
      const mail = await smtp.latestTo(existing.email, since);
      expect(mail.subject).toMatch(/tried to register/);
      expect(linkIn(mail, "/account/reset-password").searchParams.get("uid")).toBe(String(existing.id));

      // A taken name is still named, with confirmation on.
      const byName = await call(register, { method: "POST", body: payload({ username: existing.username }), headers: freshIp() });
      expect(byName.status).toBe(400);
      expect(byName.json).toEqual({ username: [USERNAME_TAKEN_FIELD], details: USERNAME_TAKEN });
    } finally {
      undo();
    }
  });

  it("sends an expired link to /registration-failed", async () => {
    const undo = setEnv({ EMAIL_CONFIRMATION: "true" });
    try {
      const body = payload();
      await call(register, { method: "POST", body, headers: freshIp() });
      await runJobsUntilIdle();
      const link = linkIn(await smtp.latestTo(body.email), "/api/v1/users/confirm");
      const user = await db.user.findFirstOrThrow({ where: { username: body.username } });
      await db.emailToken.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      const r = await call(confirm, { path: link.pathname + link.search });
      expect(r.headers.get("location")).toBe("http://localhost:3000/registration-failed");
      expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).isActive).toBe(false);
    } finally {
      undo();
    }
  });
});

describe("POST /api/v1/users/confirm/resend", () => {
  it("sends a fresh link only for an unconfirmed account with that email, answering the same every time", async () => {
    const { POST: resend } = await import("@/app/api/v1/users/confirm/resend/route");
    const { CONFIRMATION_RESENT, EMAIL_UNCONFIRMED } = await import("@/lib/schemas/accounts");
    const undo = setEnv({ EMAIL_CONFIRMATION: "true" });
    try {
      const body = payload();
      await call(register, { method: "POST", body, headers: freshIp() });
      await runJobsUntilIdle();
      const firstLink = linkIn(await smtp.latestTo(body.email), "/api/v1/users/confirm");
      const refused = await call(loginRoute, { method: "POST", body: { username: body.username, password: body.password }, headers: freshIp() });
      expect(refused.json.details).toBe(EMAIL_UNCONFIRMED);

      const before = smtp.messages.length;
      const wrongEmail = await call(resend, { method: "POST", body: { username: body.username, email: "other@test.example" }, headers: freshIp() });
      const unknown = await call(resend, { method: "POST", body: { username: "nobody-x", email: body.email }, headers: freshIp() });
      expect(wrongEmail.json).toEqual({ details: CONFIRMATION_RESENT });
      expect(unknown.json).toEqual({ details: CONFIRMATION_RESENT });

      const ok = await call(resend, { method: "POST", body: { username: body.username, email: body.email }, headers: freshIp() });
      expect(ok.status).toBe(200);
      expect(ok.json).toEqual({ details: CONFIRMATION_RESENT });
      await runJobsUntilIdle();
      const secondLink = linkIn(await smtp.latestTo(body.email, before), "/api/v1/users/confirm");
      expect(smtp.messages.length).toBe(before + 1);
      expect(secondLink.searchParams.get("token")).not.toBe(firstLink.searchParams.get("token"));

      // Only the newest link works.
      expect((await call(confirm, { path: firstLink.pathname + firstLink.search })).headers.get("location")).toMatch(/registration-failed$/);
      expect((await call(confirm, { path: secondLink.pathname + secondLink.search })).headers.get("location")).toMatch(/welcome$/);
    } finally {
      undo();
    }
  });
});

describe("POST /api/v1/users/confirm/resend: bans and limits", () => {
  const resendTo = async (body: { username: string; email: string }) => {
    const { POST: resend } = await import("@/app/api/v1/users/confirm/resend/route");
    return call(resend, { method: "POST", body, headers: freshIp() });
  };
  const linkJobsFor = async (userId: number) => (await queuedJobs("send-confirmation-link")).filter((j) => j.payload.userId === userId).length;
  const unconfirmed = async () => {
    const u = await createUser();
    await db.user.update({ where: { id: u.id }, data: { isActive: false, emailVerifiedAt: null } });
    return u;
  };

  it("sends a link to a player whose temporary ban has ended before its lift job ran; not while a ban runs", async () => {
    const ended = await unconfirmed();
    await setEndedBan(ended.id);
    const running = await unconfirmed();
    await setRunningBan(running.id);
    for (const u of [ended, running]) expect((await resendTo({ username: u.username, email: u.email })).status).toBe(200);
    expect(await linkJobsFor(ended.id)).toBe(1);
    expect(await linkJobsFor(running.id)).toBe(0);
    const before = smtp.messages.length;
    await runJobsUntilIdle();
    expect(linkIn(await smtp.latestTo(ended.email, before), "/api/v1/users/confirm").searchParams.get("uid")).toBe(String(ended.id));
    expect(smtp.messages.slice(before).filter((m) => m.to.includes(running.email.toLowerCase()))).toEqual([]);
  });

  it("requests with the username and a wrong email do not use up the owner's; the right pair is still limited", async () => {
    const u = await unconfirmed();
    const wrong = () => resendTo({ username: u.username, email: "not-the-owner@test.example" });
    for (let i = 0; i < 3; i++) expect((await wrong()).status).toBe(200);
    const wrongOver = await wrong();
    expect(wrongOver.status).toBe(429);
    expect(await linkJobsFor(u.id)).toBe(0);
    // The owner still gets a link ...
    expect((await resendTo({ username: u.username, email: u.email })).status).toBe(200);
    expect(await linkJobsFor(u.id)).toBe(1);
    // ... and past three requests of their own is limited like anyone else, with the same answer.
    for (let i = 0; i < 2; i++) expect((await resendTo({ username: u.username, email: u.email })).status).toBe(200);
    const over = await resendTo({ username: u.username, email: u.email });
    expect({ status: over.status, json: over.json }).toEqual({ status: wrongOver.status, json: wrongOver.json });
  });
});

describe("local outbox", () => {
  it("is shown only in local mode without SMTP", async () => {
    const { isOutboxEnabled, listOutbox } = await import("@/lib/server/mail/list-outbox");
    const undo = setEnv({ SMTP_URL: undefined });
    try {
      expect(isOutboxEnabled()).toBe(true);
      const { queueMail } = await import("@/lib/server/mail/send-mail");
      await queueMail("outbox-check@test.example", { subject: "Outbox check", text: "t", html: "<p>t</p>" });
      expect((await listOutbox(5)).map((m) => m.subject)).toContain("Outbox check");
    } finally {
      undo();
    }
    expect(isOutboxEnabled()).toBe(false); // SMTP_URL is set in this file
    expect(await listOutbox(5)).toEqual([]);
    const prod = setEnv({ APP_MODE: "production", SMTP_URL: undefined, SITE_URL: "https://x.example", AUTH_SECRET: "a".repeat(40), TOTP_ENCRYPTION_KEY: "k" });
    try {
      expect(() => isOutboxEnabled()).toThrow(/SMTP_URL/);
    } finally {
      prod();
    }
  });
});
