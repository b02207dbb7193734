import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { findPlaceholderDownloads, isPlaceholderUrl } from "@/lib/server/worker/find-placeholder-downloads";
import { siteConfig } from "@/lib/site-config";

// The check that runs when a server process starts (lib/server/worker/check-config-at-start.ts, loaded
// by instrumentation.ts): production refuses to serve while a client download link in
// lib/site-config.ts still points at the placeholder host it ships with.

/** A production configuration that env.ts accepts: only the site settings can stop it. */
const PRODUCTION = {
  APP_MODE: "production",
  DATABASE_URL: "postgresql://u@h/db",
  SITE_URL: "https://play.emberscape.net",
  AUTH_SECRET: "a".repeat(40),
  TOTP_ENCRYPTION_KEY: "k",
  SMTP_URL: "smtp://mail.emberscape.net",
  PAYMENT_METHODS: "none",
  PAYMENT_TEST_CHECKOUT: "",
  TRUST_PROXY: "true",
  VOTE_RUNELOCUS_SECRET: "s1",
  VOTE_RSPS_LIST_SECRET: "s2",
  VOTE_RUNELIST_SECRET: "s3",
};

/** Loads the start check afresh (it runs on import) and reports whether it stopped the process. */
async function start(env: Record<string, string>) {
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  vi.resetModules();
  const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  await import("@/lib/server/worker/check-config-at-start");
  return { exitCode: exit.mock.calls[0]?.[0], printed: error.mock.calls.map((c) => String(c[0])).join("\n") };
}

/** The shipped downloads moved to a real host. */
const realDownloads = siteConfig.downloads.map((d) => ({ ...d, href: d.href.replace("cdn.emberscape.example", "downloads.emberscape.net") }));

describe("the start check of the client download links", () => {
  beforeEach(() => vi.doUnmock("@/lib/site-config"));
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.doUnmock("@/lib/site-config");
  });

  it("ships placeholder links (so this test checks the real settings)", () => {
    expect(findPlaceholderDownloads(siteConfig.downloads)).toHaveLength(siteConfig.downloads.length);
  });

  it("refuses to start production while a download link is a placeholder, naming the setting", async () => {
    const { exitCode, printed } = await start(PRODUCTION);
    expect(exitCode).toBe(1);
    expect(printed).toMatch(
      /^Invalid configuration:\n {2}siteConfig\.downloads \(lib\/site-config\.ts\): 8 client download links still point at a placeholder \(cdn\.emberscape\.example\): win, win32, /,
    );
  });

  it("starts production with the placeholders only when ALLOW_PLACEHOLDER_DOWNLOADS says so, and warns", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await start({ ...PRODUCTION, ALLOW_PLACEHOLDER_DOWNLOADS: "true" })).exitCode).toBeUndefined();
    expect(warn.mock.calls.map((c) => String(c[0])).join("\n")).toMatch(/placeholder client downloads \(ALLOW_PLACEHOLDER_DOWNLOADS=true\)/);
    warn.mockRestore();
  });

  it("starts production once every link is real, and local mode with the placeholders", async () => {
    vi.doMock("@/lib/site-config", async (original) => {
      const real = await original<typeof import("@/lib/site-config")>();
      return { ...real, siteConfig: { ...real.siteConfig, downloads: realDownloads } };
    });
    expect(await start(PRODUCTION)).toEqual({ exitCode: undefined, printed: "" });
    vi.doUnmock("@/lib/site-config");
    expect(await start({ ...PRODUCTION, APP_MODE: "local" })).toEqual({ exitCode: undefined, printed: "" });
  });

  it("names one link that is still a placeholder among real ones", async () => {
    vi.doMock("@/lib/site-config", async (original) => {
      const real = await original<typeof import("@/lib/site-config")>();
      const downloads = realDownloads.map((d) => (d.id === "jar" ? { ...d, href: "https://files.example.com/Emberscape.jar" } : d));
      return { ...real, siteConfig: { ...real.siteConfig, downloads } };
    });
    const { exitCode, printed } = await start(PRODUCTION);
    expect(exitCode).toBe(1);
    expect(printed).toContain("siteConfig.downloads (lib/site-config.ts): 1 client download link still points at a placeholder (files.example.com): jar.");
  });
});

describe("isPlaceholderUrl", () => {
  it("knows the reserved example hosts and refuses what is not an http(s) address", () => {
    for (const href of [
      "https://cdn.emberscape.example/c.exe",
      "https://example.com/c.exe",
      "https://dl.example.org/c",
      "http://x.test/c",
      "http://localhost/c",
      "https://a.invalid./c",
      "ftp://files.emberscape.net/c",
      "not a url",
    ])
      expect(isPlaceholderUrl(href), href).toBe(true);
    for (const href of [
      "https://downloads.emberscape.net/c.exe",
      "https://github.com/emberscape/client/releases/download/v1/c.jar",
      "https://notexample.com/c",
      "https://example.community/c",
    ])
      expect(isPlaceholderUrl(href), href).toBe(false);
  });
});
