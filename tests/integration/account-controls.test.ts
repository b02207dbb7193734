// Account controls and security mails (docs/accounts.md, "Security mails", "Account controls"):
// each mail is recorded and queued with its action and delivered over SMTP; a new device mails,
// a known one does not; the email change moves the account only through the link mailed to the
// new address; the export holds no secret; a deletion anonymises posts and keeps money records.
import { generate } from "otplib";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { POST as activateRoute } from "@/app/api/v1/2fa/activate/route";
import { POST as deactivateRoute } from "@/app/api/v1/2fa/deactivate/route";
import { GET as statusRoute } from "@/app/api/v1/2fa/status/route";
import { POST as deleteRoute } from "@/app/api/v1/account/delete/route";
import { POST as confirmRoute } from "@/app/api/v1/account/email/confirm/route";
import { POST as emailRoute } from "@/app/api/v1/account/email/route";
import { POST as endByLinkRoute } from "@/app/api/v1/account/end-session/route";
import { GET as exportRoute } from "@/app/api/v1/account/export/route";
import { POST as changePasswordRoute } from "@/app/api/v1/change-password/route";
import { POST as gameLoginRoute } from "@/app/api/v1/game/login/route";
import { POST as loginRoute } from "@/app/api/v1/login/route";
import { POST as tokenRoute } from "@/app/api/v1/token/route";
import { CHANGES_CHANNEL, topic } from "@/lib/server/changes/announce";
import { db } from "@/lib/server/db";
import { sha256 } from "@/lib/server/security/tokens";
import { runReconcile } from "@/scripts/admin";
import { createGameKey } from "../factories/game-keys";
import { createSessionToken, createUser, DEFAULT_PASSWORD } from "../factories/users";
import { runJobsUntilIdle } from "../support/jobs";
import { captureMailForFile, linkIn } from "../support/smtp-capture";
import { createForum, reply, startThread } from "./forums-fixtures";
import { call, freshClient, SAME_ORIGIN, sessionFrom } from "./helpers";
import { giveCredits } from "./store-fixtures";
import { listActiveVoteSites } from "@/lib/server/votes/active-sites";

const mailbox = captureMailForFile({ TRUST_PROXY: "true", GEO_COUNTRY_HEADER: "cf-ipcountry" });
const mailTo = (address: string) => mailbox().messages.filter((m) => m.to.includes(address.toLowerCase()) || m.to.includes(address));
const CHROME_WIN = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

function deviceFrom(headers: Headers): string | null {
  return /(?:^|,\s*)device=([^;]*)/.exec(headers.get("set-cookie") ?? "")?.[1] ?? null;
}

async function login(username: string, opts: { device?: string | null; ua?: string; code?: string; password?: string; ip?: string; country?: string } = {}) {
  const headers: Record<string, string> = {
    ...freshClient(),
    "user-agent": opts.ua ?? CHROME_WIN,
    ...(opts.ip ? { "x-forwarded-for": opts.ip } : {}),
    ...(opts.country ? { "cf-ipcountry": opts.country } : {}),
  };
  const r = await call(loginRoute, {
    method: "POST",
    headers,
    body: { username, password: opts.password ?? DEFAULT_PASSWORD, ...(opts.code ? { code: opts.code } : {}) },
    ...(opts.device ? { cookies: { device: opts.device } } : {}),
  });
  return { ...r, session: sessionFrom(r.headers), device: deviceFrom(r.headers), ip: headers["x-forwarded-for"]! };
}

const as = (session: string, body?: unknown) => ({ method: "POST", cookies: { session }, headers: { ...SAME_ORIGIN, ...freshClient() }, body });
const NEW_DEVICE = /New sign-in to your .* account/;

describe("security mails", () => {
  it("mails a sign-in from a new device (with an end-session link that works once it is followed), not the first sign-in nor a known device", async () => {
    const u = await createUser();
    const first = await login(u.username);
    expect(first.status).toBe(200);
    expect(first.device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same browser again (its device cookie): known.
    const again = await login(u.username, { device: first.device });
    expect(again.status).toBe(200);
    expect(again.device).toBe(first.device);
    await runJobsUntilIdle();
    expect(mailTo(u.email).filter((m) => NEW_DEVICE.test(m.subject))).toHaveLength(0);
    expect(await db.mailMessage.count({ where: { to: u.email } })).toBe(0);

    // Another browser (no cookie): new.
    const other = await login(u.username, { ua: FIREFOX_LINUX, ip: `81.2.69.${(u.id % 200) + 1}` });
    expect(other.status).toBe(200);
    expect(other.device).not.toBe(first.device);
    // Recorded and queued with the session, before any job ran.
    expect(await db.mailMessage.count({ where: { to: u.email, status: "QUEUED" } })).toBe(1);
    await runJobsUntilIdle();
    const mails = mailTo(u.email).filter((m) => NEW_DEVICE.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain("Firefox on Linux");
    expect(mails[0]!.body).toContain(other.ip);
    // A public address the proxy named no country for: the mail says the place is unknown.
    expect(mails[0]!.body).toContain("Place: Location unknown (this site's proxy does not say where addresses are)");
    // The stored copy lost its live link once sent.
    const stored = await db.mailMessage.findFirstOrThrow({ where: { to: u.email } });
    expect(stored.text).not.toContain("/account/end-session?token=");

    const link = linkIn(mails[0]!, "/account/end-session");
    const token = link.searchParams.get("token")!;
    const otherRow = await db.session.findUniqueOrThrow({ where: { tokenHash: sha256(other.session!) } });
    expect(otherRow.revokedAt).toBeNull();
    // A forged token (one character changed) is refused; the real one ends that session only.
    const forged = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    expect((await call(endByLinkRoute, { method: "POST", headers: { ...SAME_ORIGIN, ...freshClient() }, body: { token: forged } })).status).toBe(400);
    const ended = await call(endByLinkRoute, { method: "POST", headers: { ...SAME_ORIGIN, ...freshClient() }, body: { token } });
    expect(ended.status).toBe(200);
    expect((await db.session.findUniqueOrThrow({ where: { id: otherRow.id } })).revokedAt).not.toBeNull();
    expect((await db.session.findUniqueOrThrow({ where: { tokenHash: sha256(first.session!) } })).revokedAt).toBeNull();

    // A third browser, whose country the proxy names (GEO_COUNTRY_HEADER): the mail gives the country.
    const placed = await login(u.username, { ua: FIREFOX_LINUX, ip: `81.2.70.${(u.id % 200) + 1}`, country: "nl" });
    expect(placed.status).toBe(200);
    // And one with the CDN's "unknown" code, which is no country.
    const unplaced = await login(u.username, { ua: CHROME_WIN, ip: `81.2.71.${(u.id % 200) + 1}`, country: "XX" });
    expect(unplaced.status).toBe(200);
    await runJobsUntilIdle();
    const later = mailTo(u.email).filter((m) => NEW_DEVICE.test(m.subject) && m !== mails[0]);
    expect(later.map((m) => /Place: (.*)/.exec(m.body)?.[1]?.trim()).sort()).toEqual([
      "Location unknown (this site's proxy does not say where addresses are)",
      "Netherlands (as the site's proxy placed the address)",
    ]);
  });

  it("mails an API login from a client the account has not used, not from one it has", async () => {
    const u = await createUser();
    expect((await login(u.username)).status).toBe(200);
    const api = (ua: string) =>
      call(tokenRoute, { method: "POST", headers: { ...freshClient(), "user-agent": ua }, body: { username: u.username, password: DEFAULT_PASSWORD } });
    expect((await api("okhttp/4.12")).status).toBe(200);
    expect((await api("okhttp/4.12")).status).toBe(200);
    await runJobsUntilIdle();
    expect(
      mailTo(u.email)
        .filter((m) => NEW_DEVICE.test(m.subject))
        .map((m) => m.body.includes("API client")),
    ).toEqual([true]);
  });

  it("mails two-factor on, a recovery code used at sign-in, two-factor off; and a password change", async () => {
    const u = await createUser();
    const { session, device } = await login(u.username);
    const status = await call(statusRoute, { cookies: { session: session! } });
    const secret = String(status.json.secret);
    const on = await call(activateRoute, as(session!, { code: await generate({ secret }) }));
    expect(on.status).toBe(200);
    const codes = on.json.recovery_codes as string[];
    const withRecovery = await login(u.username, { device, code: codes[0] });
    expect(withRecovery.status).toBe(200);
    const off = await call(deactivateRoute, as(session!, { code: codes[1] }));
    expect(off.status).toBe(200);
    const changed = await call(
      changePasswordRoute,
      as(session!, { password: DEFAULT_PASSWORD, newPassword: "N3w-pass!word", newPasswordConfirmation: "N3w-pass!word" }),
    );
    expect(changed.status).toBe(200);
    await runJobsUntilIdle();
    const subjects = mailTo(u.email).map((m) => m.subject);
    expect(subjects).toEqual([
      expect.stringMatching(/^Two-factor authentication is now on/),
      expect.stringMatching(/^A recovery code was used/),
      expect.stringMatching(/^Two-factor authentication was turned off/),
      expect.stringMatching(/password was changed$/),
    ]);
    expect(mailTo(u.email)[1]!.body).toContain("9 codes are left");
    expect(mailTo(u.email)[2]!.body).toContain("confirmed with one of your recovery codes");
  });

  it("a refused action mails nothing (wrong code: two-factor stays off, no mail)", async () => {
    const u = await createUser();
    const { session } = await login(u.username);
    await call(statusRoute, { cookies: { session: session! } });
    expect((await call(activateRoute, as(session!, { code: "000000" }))).status).toBe(400);
    await runJobsUntilIdle();
    expect(await db.mailMessage.count({ where: { to: u.email } })).toBe(0);
  });
});

describe("change of email address", () => {
  async function ask(session: string, email: string, extra: Record<string, unknown> = {}) {
    return call(emailRoute, as(session, { email, password: DEFAULT_PASSWORD, ...extra }));
  }

  it("sends the link to the new address and a notice to the old; the address changes only on the link, once", async () => {
    const u = await createUser();
    const session = await createSessionToken(u.id);
    const newEmail = `moved-${u.id}@example.com`;
    expect((await ask(session, newEmail, { password: "wrong-password" })).status).toBe(400);
    const r = await ask(session, newEmail);
    expect(r.status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: u.id } })).email).toBe(u.email);
    await runJobsUntilIdle();
    const notice = mailTo(u.email);
    expect(notice.map((m) => m.subject)).toEqual([expect.stringMatching(/^Someone asked to change your .* email address$/)]);
    expect(notice[0]!.body).toContain(newEmail);
    expect(linkIn(notice[0]!, "/tickets/create").pathname).toBe("/tickets/create");
    const confirmMail = mailTo(newEmail);
    expect(confirmMail).toHaveLength(1);
    const link = linkIn(confirmMail[0]!, "/account/confirm-email");
    const body = { uid: Number(link.searchParams.get("uid")), token: link.searchParams.get("token") };
    expect(body.uid).toBe(u.id);

    const ok = await call(confirmRoute, { method: "POST", headers: { ...SAME_ORIGIN, ...freshClient() }, body });
    expect(ok.status).toBe(200);
    expect(ok.json.email).toBe(newEmail);
    const row = await db.user.findUniqueOrThrow({ where: { id: u.id } });
    expect(row).toMatchObject({ email: newEmail, emailKey: newEmail.toLowerCase() });
    // Used: refused the second time, and the address stays.
    const again = await call(confirmRoute, { method: "POST", headers: { ...SAME_ORIGIN, ...freshClient() }, body });
    expect(again.status).toBe(400);
    await runJobsUntilIdle();
    expect(mailTo(u.email).map((m) => m.subject)).toContainEqual(expect.stringMatching(/email address was changed$/));
  });

  it("refuses an expired link (its twin, unexpired, works), a link for another account, and an address in use", async () => {
    const u = await createUser();
    const other = await createUser();
    const session = await createSessionToken(u.id);
    expect((await ask(session, other.email.toUpperCase())).status).toBe(400);
    expect((await ask(session, u.email)).status).toBe(400);
    const newEmail = `expiring-${u.id}@example.com`;
    expect((await ask(session, newEmail)).status).toBe(200);
    await runJobsUntilIdle();
    const link = linkIn(mailTo(newEmail)[0]!, "/account/confirm-email");
    const token = link.searchParams.get("token")!;
    const post = (body: unknown) => call(confirmRoute, { method: "POST", headers: { ...SAME_ORIGIN, ...freshClient() }, body });
    // Another account's id with this token: refused.
    expect((await post({ uid: other.id, token })).status).toBe(400);
    await db.emailToken.updateMany({ where: { tokenHash: sha256(token) }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await post({ uid: u.id, token })).status).toBe(400);
    expect((await db.user.findUniqueOrThrow({ where: { id: u.id } })).email).toBe(u.email);
    // The twin: the same link, not expired, works.
    await db.emailToken.updateMany({ where: { tokenHash: sha256(token) }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    expect((await post({ uid: u.id, token })).status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: u.id } })).email).toBe(newEmail);
  });

  it("answers 409 when another account took the address between the request and the link", async () => {
    const u = await createUser();
    const session = await createSessionToken(u.id);
    const newEmail = `contested-${u.id}@example.com`;
    expect((await ask(session, newEmail)).status).toBe(200);
    await runJobsUntilIdle();
    const link = linkIn(mailTo(newEmail)[0]!, "/account/confirm-email");
    await createUser({ email: newEmail.toUpperCase() });
    const r = await call(confirmRoute, {
      method: "POST",
      headers: { ...SAME_ORIGIN, ...freshClient() },
      body: { uid: u.id, token: link.searchParams.get("token") },
    });
    expect(r.status).toBe(409);
    expect((await db.user.findUniqueOrThrow({ where: { id: u.id } })).email).toBe(u.email);
  });

  it("asks for the two-factor code when two-factor is on", async () => {
    const u = await createUser();
    const { session } = await login(u.username);
    const secret = String((await call(statusRoute, { cookies: { session: session! } })).json.secret);
    const on = await call(activateRoute, as(session!, { code: await generate({ secret }) }));
    const codes = on.json.recovery_codes as string[];
    const newEmail = `twofactor-${u.id}@example.com`;
    const missing = await ask(session!, newEmail);
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBeDefined();
    expect((await ask(session!, newEmail, { code: "zzzzz-zzzzz" })).status).toBe(400);
    expect((await ask(session!, newEmail, { code: codes[0] })).status).toBe(200);
  });
});

describe("export of one's data", () => {
  it("is a JSON attachment with the player's rows and no password hash, two-factor secret or token hash", async () => {
    const u = await createUser();
    const { session, device } = await login(u.username);
    await call(statusRoute, { cookies: { session: session! } });
    await db.recoveryCode.create({ data: { userId: u.id, codeHash: sha256(`recovery-${u.id}`) } });
    await call(emailRoute, as(session!, { email: `export-${u.id}@example.com`, password: DEFAULT_PASSWORD }));
    await giveCredits(u.id, 30);
    const r = await call(exportRoute, { cookies: { session: session! }, headers: freshClient() });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-disposition")).toMatch(/^attachment; filename="account-\d+-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(r.json.account).toMatchObject({ id: u.id, username: u.username, email: u.email, store_credits: 30 });
    expect(r.json.sessions).toHaveLength(1);
    expect(r.json.ledger).toHaveLength(1);
    expect(r.json.devices).toHaveLength(1);

    const text = JSON.stringify(r.json);
    const user = await db.user.findUniqueOrThrow({ where: { id: u.id }, select: { passwordHash: true, totpSecretEnc: true } });
    const sessionHash = (await db.session.findFirstOrThrow({ where: { userId: u.id }, select: { tokenHash: true } })).tokenHash;
    const emailTokenHash = (await db.emailToken.findFirstOrThrow({ where: { userId: u.id }, select: { tokenHash: true } })).tokenHash;
    const deviceHash = (await db.accountDevice.findFirstOrThrow({ where: { userId: u.id }, select: { keyHash: true } })).keyHash;
    // The positive control: each secret is there to be leaked.
    for (const secret of [user.passwordHash, user.totpSecretEnc!, sessionHash, emailTokenHash, deviceHash, sha256(`recovery-${u.id}`), session!, device!]) {
      expect(secret.length).toBeGreaterThan(10);
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/passwordHash|totpSecret|tokenHash|codeHash|keyHash/);
  });
});

describe("deletion of an account", () => {
  it("anonymises posts, keeps money records, erases personal data and ends every way in", async () => {
    const u = await createUser();
    const { session } = await login(u.username);
    const forum = await createForum();
    const thread = await startThread({ ...u, session: session! }, forum.id, "My thread");
    await reply({ ...u, session: session! }, thread.id, "<p>My reply</p>");
    await giveCredits(u.id, 50);
    const ledgerBefore = await db.creditLedgerEntry.count({ where: { userId: u.id } });
    const [site] = await listActiveVoteSites();
    await db.voteLinkOpen.create({ data: { userId: u.id, siteId: site!.id, ip: "100.64.3.3" } });
    const api = await call(tokenRoute, { method: "POST", headers: freshClient(), body: { username: u.username, password: DEFAULT_PASSWORD } });
    expect(api.status).toBe(200);

    // Refused: wrong password, and without the confirmation.
    expect((await call(deleteRoute, as(session!, { password: "wrong", confirm: true }))).status).toBe(400);
    expect((await call(deleteRoute, as(session!, { password: DEFAULT_PASSWORD }))).status).toBe(400);
    expect((await db.user.findUniqueOrThrow({ where: { id: u.id } })).deletedAt).toBeNull();

    // The new name shows on every cached forum page (posts, thread lists): the deletion announces it.
    const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await listener.connect();
    const heard: string[] = [];
    listener.on("notification", (n) => heard.push(String(n.payload)));
    await listener.query(`LISTEN ${CHANGES_CHANNEL}`);
    const r = await call(deleteRoute, as(session!, { password: DEFAULT_PASSWORD, confirm: true }));
    expect(r.status).toBe(200);
    for (let i = 0; i < 100 && !heard.some((h) => h.split(",").includes(topic.forums)); i++) await new Promise((res) => setTimeout(res, 20));
    await listener.end();
    const announced = heard.flatMap((h) => h.split(","));
    expect(announced).toContain(topic.forums);
    expect(announced).toContain(topic.player(u.username));
    expect(r.headers.get("set-cookie")).toMatch(/session=;/);
    const row = await db.user.findUniqueOrThrow({
      where: { id: u.id },
      select: { username: true, email: true, passwordHash: true, deletedAt: true, isActive: true },
    });
    expect(row).toMatchObject({ username: `Deleted player #${u.id}`, email: "", isActive: false });
    expect(row.deletedAt).not.toBeNull();
    expect(row.passwordHash).not.toMatch(/^\$argon2/);
    // Posts kept, shown under the stand-in name.
    const posts = await db.forumPost.findMany({ where: { userId: u.id }, include: { user: { select: { username: true } } } });
    expect(posts).toHaveLength(2);
    expect(posts.every((p) => p.user.username === `Deleted player #${u.id}`)).toBe(true);
    // Money records kept; the balance still matches its ledger.
    expect(await db.creditLedgerEntry.count({ where: { userId: u.id } })).toBe(ledgerBefore);
    expect((await runReconcile(db)).message).not.toContain(`(id ${u.id})`);
    // Sessions, API logins, devices gone; nothing signs in any more.
    expect(await db.session.count({ where: { userId: u.id } })).toBe(0);
    expect(await db.refreshTokenFamily.count({ where: { userId: u.id } })).toBe(0);
    expect(await db.accountDevice.count({ where: { userId: u.id } })).toBe(0);
    // Vote-link opens (site, time, address) are personal data kept only for the fraud signals.
    expect(await db.voteLinkOpen.count({ where: { userId: u.id } })).toBe(0);
    expect((await login(u.username)).status).toBe(400);
    const { headers } = await createGameKey(["login"]);
    const game = await call(gameLoginRoute, { method: "POST", headers, body: { username: u.username, password: DEFAULT_PASSWORD } });
    expect(game.status).toBe(200);
    expect(game.json.ok).toBe(false);
    // The last mail went to the old address.
    await runJobsUntilIdle();
    expect(mailTo(u.email).map((m) => m.subject)).toContainEqual(expect.stringMatching(/account was deleted$/));
    // The name is free again.
    const again = await createUser({ username: u.username });
    expect(again.id).not.toBe(u.id);
  });

  it("the positive twin of the game login: the same call for a live account is accepted", async () => {
    const u = await createUser();
    const { headers } = await createGameKey(["login"]);
    const game = await call(gameLoginRoute, { method: "POST", headers, body: { username: u.username, password: DEFAULT_PASSWORD } });
    expect(game.status).toBe(200);
    expect(game.json.ok).toBe(true);
  });
});
