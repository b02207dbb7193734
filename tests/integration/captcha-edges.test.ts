import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createChallenge, solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { activeCaptchaProvider } from "@/lib/server/captcha/captcha-config";
import { ALTCHA_ALGORITHM, altchaSecrets } from "@/lib/server/captcha/create-challenge";
import { verifyCaptcha } from "@/lib/server/captcha/verify-captcha";
import { db } from "@/lib/server/db";
import { parseEnv } from "@/lib/server/env";
import { setEnv } from "../support/env";

// The provider in force, watched, so one case can name a provider whose secret is missing.
vi.mock("@/lib/server/captcha/captcha-config", async (importOriginal) => {
  const config = await importOriginal<typeof import("@/lib/server/captcha/captcha-config")>();
  return { ...config, activeCaptchaProvider: vi.fn(config.activeCaptchaProvider) };
});

// Captcha verification (lib/server/captcha/verify-captcha.ts, captcha-config.ts) called directly:
// each refusal and each acceptance, with ALTCHA challenges signed by our own secrets at the lowest
// cost (the signature, not the cost, is what verification trusts) and siteverify answered by a
// local server. Quick, so each mutant of npm run test:mutation -- --only=captcha runs in well under
// a second. The widget's real challenges, solved at full cost: captcha.test.ts.

const IP = "203.0.113.7";
const KEYS = [
  "CAPTCHA_PROVIDER",
  "CAPTCHA_VERIFY_URL",
  "TURNSTILE_SITE_KEY",
  "TURNSTILE_SECRET_KEY",
  "HCAPTCHA_SITE_KEY",
  "HCAPTCHA_SECRET_KEY",
  "ALTCHA_HMAC_KEY",
] as const;
const cleared = Object.fromEntries(KEYS.map((k) => [k, undefined]));
let restore: (() => void) | undefined;
const use = (vars: Partial<Record<(typeof KEYS)[number] | "LOG_LEVEL", string>>) => {
  restore?.();
  restore = setEnv({ ...cleared, ...vars });
};
afterEach(() => {
  restore?.();
  restore = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A solved ALTCHA payload as the widget sends it, for a cheap challenge signed with our secrets. */
async function solvedToken(opts: { expiresInSec?: number } = {}) {
  const secrets = altchaSecrets();
  const challenge = await createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: 1,
    counter: 3,
    deriveKey,
    expiresAt: new Date(Date.now() + (opts.expiresInSec ?? 600) * 1000),
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("unsolved");
  if (!challenge.signature) throw new Error("unsigned challenge");
  const payload = { challenge: { parameters: challenge.parameters as unknown as Record<string, unknown>, signature: challenge.signature }, solution };
  return { payload, token: Buffer.from(JSON.stringify(payload)).toString("base64") };
}
const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString("base64");

describe("verifyCaptcha with ALTCHA", () => {
  it("accepts a solved challenge signed with our secret once, then refuses it", async () => {
    use({ CAPTCHA_PROVIDER: "altcha" });
    const { token } = await solvedToken();
    expect(await verifyCaptcha(token, IP)).toBe(true);
    expect(await verifyCaptcha(token, IP)).toBe(false);
  });

  it("refuses a solution for another key, a signature that is not 64 hex digits, and a missing field", async () => {
    use({ CAPTCHA_PROVIDER: "altcha" });
    const { payload } = await solvedToken();
    expect(await verifyCaptcha(encode({ ...payload, solution: { ...payload.solution, derivedKey: "00".repeat(32) } }), IP)).toBe(false);
    expect(await verifyCaptcha(encode({ ...payload, challenge: { ...payload.challenge, signature: payload.challenge.signature.toUpperCase() } }), IP)).toBe(
      false,
    );
    expect(await verifyCaptcha(encode({ ...payload, challenge: { ...payload.challenge, signature: `${payload.challenge.signature}0` } }), IP)).toBe(false);
    const { keyPrefix: _omitted, ...withoutPrefix } = payload.challenge.parameters;
    expect(await verifyCaptcha(encode({ ...payload, challenge: { ...payload.challenge, parameters: withoutPrefix } }), IP)).toBe(false);
    expect(await verifyCaptcha(encode({ challenge: payload.challenge }), IP)).toBe(false);
    // Positive control: the untouched payload, never accepted above, is still good once.
    expect(await verifyCaptcha(encode(payload), IP)).toBe(true);
  });

  it("refuses garbage without throwing, and an expired challenge", async () => {
    use({ CAPTCHA_PROVIDER: "altcha" });
    for (const junk of ["%%%", Buffer.from("{not json").toString("base64"), encode(null), encode([1])]) expect(await verifyCaptcha(junk, IP), junk).toBe(false);
    const { token } = await solvedToken({ expiresInSec: 1 });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 5_000);
    expect(await verifyCaptcha(token, IP)).toBe(false);
  });

  it("records nothing for garbage or a refused solution: only a verified challenge is counted", async () => {
    use({ CAPTCHA_PROVIDER: "altcha" });
    const used = () =>
      db.rateLimitBucket.findMany({ where: { key: { startsWith: "altcha-used:" } }, select: { key: true, count: true }, orderBy: { key: "asc" } });
    const { payload } = await solvedToken();
    const before = await used();
    for (const junk of [
      "%%%",
      Buffer.from("{not json").toString("base64"),
      encode(null),
      encode({ ...payload, solution: { ...payload.solution, derivedKey: "00".repeat(32) } }),
    ])
      expect(await verifyCaptcha(junk, IP), junk).toBe(false);
    expect(await used()).toEqual(before);
    // The positive control: the solution itself is counted, under its challenge's signature.
    expect(await verifyCaptcha(encode(payload), IP)).toBe(true);
    const after = await used();
    expect(after.filter((row) => !before.some((b) => b.key === row.key))).toEqual([{ key: `altcha-used:${payload.challenge.signature}`, count: 1 }]);
    expect(after.filter((row) => before.some((b) => b.key === row.key))).toEqual(before);
  });

  it("refuses an empty token and one over 8,000 characters before anything else", async () => {
    use({ CAPTCHA_PROVIDER: "off" });
    expect(await verifyCaptcha("x", IP)).toBe(true);
    expect(await verifyCaptcha("", IP)).toBe(false);
    expect(await verifyCaptcha("x".repeat(8_000), IP)).toBe(true);
    expect(await verifyCaptcha("x".repeat(8_001), IP)).toBe(false);
    expect(await verifyCaptcha(42 as unknown as string, IP)).toBe(false);
  });
});

describe("verifyCaptcha with Turnstile and hCaptcha", () => {
  let server: Server;
  let url: string;
  let requests: Array<{ path: string; form: Record<string, string> }> = [];
  let answer: { status: number; body: string; location?: string } = { status: 200, body: "" };

  beforeAll(async () => {
    server = createServer(async (req: IncomingMessage, res) => {
      let body = "";
      for await (const chunk of req) body += chunk;
      requests.push({ path: req.url ?? "", form: Object.fromEntries(new URLSearchParams(body)) });
      res.writeHead(answer.status, { "content-type": "application/json", ...(answer.location ? { location: answer.location } : {}) });
      res.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  afterEach(() => {
    requests = [];
  });
  const says = (body: unknown, status = 200, location?: string) => {
    answer = { status, body: JSON.stringify(body), ...(location ? { location } : {}) };
  };

  it("Turnstile: true only for success exactly true; posts secret, token and a real client address", async () => {
    use({ CAPTCHA_PROVIDER: "turnstile", CAPTCHA_VERIFY_URL: url, TURNSTILE_SITE_KEY: "ts-site", TURNSTILE_SECRET_KEY: "ts-secret" });
    says({ success: true });
    expect(await verifyCaptcha("tok", IP)).toBe(true);
    expect(requests).toEqual([{ path: "/siteverify", form: { secret: "ts-secret", response: "tok", remoteip: IP } }]);
    expect(await verifyCaptcha("tok", "direct")).toBe(true);
    expect(requests[1]!.form).toEqual({ secret: "ts-secret", response: "tok" });
    for (const body of [
      { success: "true" },
      { success: 1 },
      {},
      { success: false, "error-codes": ["invalid-input-secret"] },
      { success: false, "error-codes": "missing-input-response" },
    ]) {
      says(body);
      expect(await verifyCaptcha("tok", IP), JSON.stringify(body)).toBe(false);
    }
  });

  it("Turnstile: sends no site key, even with an hCaptcha site key configured", async () => {
    use({
      CAPTCHA_PROVIDER: "turnstile",
      CAPTCHA_VERIFY_URL: url,
      TURNSTILE_SITE_KEY: "ts-site",
      TURNSTILE_SECRET_KEY: "ts-secret",
      HCAPTCHA_SITE_KEY: "hc-site",
    });
    says({ success: true });
    expect(await verifyCaptcha("tok", IP)).toBe(true);
    expect(requests[0]!.form).toEqual({ secret: "ts-secret", response: "tok", remoteip: IP });
  });

  it("warns the operator when siteverify refuses our secret or site key, and not for a visitor's bad token", async () => {
    use({ CAPTCHA_PROVIDER: "turnstile", CAPTCHA_VERIFY_URL: url, TURNSTILE_SITE_KEY: "ts-site", TURNSTILE_SECRET_KEY: "ts-secret", LOG_LEVEL: "warn" });
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const warned = async (codes: unknown) => {
      lines.length = 0;
      says({ success: false, "error-codes": codes });
      expect(await verifyCaptcha("tok", IP)).toBe(false);
      return lines.map((l) => JSON.parse(l) as { msg: string; codes?: string[] }).filter((l) => l.msg === "captcha siteverify rejects our configuration");
    };
    expect(await warned(["invalid-input-secret"])).toEqual([expect.objectContaining({ codes: ["invalid-input-secret"] })]);
    expect(await warned(["timeout-or-duplicate", "sitekey-secret-mismatch"])).toEqual([
      expect.objectContaining({ codes: ["timeout-or-duplicate", "sitekey-secret-mismatch"] }),
    ]);
    expect(await warned(["invalid-input-response"])).toEqual([]);
    expect(await warned("invalid-input-secret")).toEqual([]);
  });

  it("hCaptcha: sends its site key too", async () => {
    use({ CAPTCHA_PROVIDER: "hcaptcha", CAPTCHA_VERIFY_URL: url, HCAPTCHA_SITE_KEY: "hc-site", HCAPTCHA_SECRET_KEY: "hc-secret" });
    says({ success: true });
    expect(await verifyCaptcha("tok", IP)).toBe(true);
    expect(requests[0]!.form).toEqual({ secret: "hc-secret", response: "tok", remoteip: IP, sitekey: "hc-site" });
  });

  it("never asks siteverify without our secret, should the provider in force lack one", async () => {
    // activeCaptchaProvider picks Turnstile only with both keys; this stands for a slip there.
    use({ CAPTCHA_PROVIDER: "turnstile", CAPTCHA_VERIFY_URL: url, TURNSTILE_SITE_KEY: "ts-site" });
    vi.mocked(activeCaptchaProvider).mockReturnValueOnce("turnstile");
    says({ success: true });
    expect(await verifyCaptcha("tok", IP)).toBe(false);
    expect(requests).toEqual([]);
  });

  it("false on an error status, a redirect, a non-JSON answer, or no answer", async () => {
    use({ CAPTCHA_PROVIDER: "turnstile", CAPTCHA_VERIFY_URL: url, TURNSTILE_SITE_KEY: "ts-site", TURNSTILE_SECRET_KEY: "ts-secret" });
    says({ success: true }, 500);
    expect(await verifyCaptcha("tok", IP)).toBe(false);
    // A redirect is not followed, even to an answer that would say yes.
    says({ success: true }, 302, `${url}?again`);
    expect(await verifyCaptcha("tok", IP)).toBe(false);
    expect(requests.map((r) => r.path)).toEqual(["/siteverify", "/siteverify"]);
    answer = { status: 200, body: "yes" };
    expect(await verifyCaptcha("tok", IP)).toBe(false);
    use({
      CAPTCHA_PROVIDER: "turnstile",
      CAPTCHA_VERIFY_URL: "http://127.0.0.1:9/siteverify",
      TURNSTILE_SITE_KEY: "ts-site",
      TURNSTILE_SECRET_KEY: "ts-secret",
    });
    expect(await verifyCaptcha("tok", IP)).toBe(false);
  });
});

describe("activeCaptchaProvider", () => {
  const local = parseEnv({ DATABASE_URL: "postgresql://u@h/db" });

  it("uses Turnstile or hCaptcha only with both of its keys, and ALTCHA otherwise", () => {
    expect(activeCaptchaProvider({ ...local, CAPTCHA_PROVIDER: "turnstile", TURNSTILE_SITE_KEY: "s", TURNSTILE_SECRET_KEY: "k" })).toBe("turnstile");
    expect(activeCaptchaProvider({ ...local, CAPTCHA_PROVIDER: "turnstile", TURNSTILE_SITE_KEY: "s" })).toBe("altcha");
    expect(activeCaptchaProvider({ ...local, CAPTCHA_PROVIDER: "turnstile", TURNSTILE_SECRET_KEY: "k" })).toBe("altcha");
    expect(activeCaptchaProvider({ ...local, CAPTCHA_PROVIDER: "hcaptcha", HCAPTCHA_SITE_KEY: "s", HCAPTCHA_SECRET_KEY: "k" })).toBe("hcaptcha");
    expect(activeCaptchaProvider({ ...local, CAPTCHA_PROVIDER: "hcaptcha", HCAPTCHA_SITE_KEY: "s" })).toBe("altcha");
    expect(activeCaptchaProvider({ ...local, CAPTCHA_PROVIDER: "hcaptcha", HCAPTCHA_SECRET_KEY: "k" })).toBe("altcha");
    expect(activeCaptchaProvider({ ...local, CAPTCHA_PROVIDER: "altcha" })).toBe("altcha");
  });

  it("is off only in local mode", () => {
    expect(activeCaptchaProvider({ ...local, CAPTCHA_PROVIDER: "off" })).toBe("off");
    expect(activeCaptchaProvider({ ...local, CAPTCHA_PROVIDER: "off", isLocal: false, isProduction: true })).toBe("altcha");
  });

  it("reads the configuration in force when given none", () => {
    use({ CAPTCHA_PROVIDER: "hcaptcha", HCAPTCHA_SITE_KEY: "s", HCAPTCHA_SECRET_KEY: "k" });
    expect(activeCaptchaProvider()).toBe("hcaptcha");
  });
});
