"use client";

import type { AltchaWidgetElement } from "altcha";
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from "react";
import type { CaptchaClientConfig } from "@/lib/server/captcha/captcha-config";
import * as endpoints from "@/lib/client/endpoints";

// Human verification for the registration form, invisible to the person (docs/product.md §4: "submit
// runs an invisible human-verification challenge"). The form asks for a token at submit:
//   const token = await captchaRef.current!.getToken();
// Every call returns a fresh, single-use token; it rejects when verification fails.
// ALTCHA: the widget runs hidden (display "invisible", auto "off") and solves its
// proof of work in Web Workers (~1 s). Turnstile/hCaptcha: their script from their CDN, rendered
// so a challenge appears only when they need the person to interact.

export type CaptchaHandle = { getToken(): Promise<string> };

type Props = {
  config: CaptchaClientConfig;
  onToken: (token: string | null) => void;
  ref?: Ref<CaptchaHandle>;
};

type Status = "idle" | "verifying" | "verified" | "error";

const STATUS_TEXT: Record<Status, string> = {
  idle: "",
  verifying: "Verifying you are human…",
  verified: "Verified.",
  error: "Human verification failed.",
};

/** Long enough for an interactive Turnstile/hCaptcha challenge, short enough not to hang forever. */
const INTERACTIVE_TIMEOUT_MS = 120_000;

export function CaptchaField({ config, onToken, ref }: Props) {
  const hostRef = useRef<HTMLDivElement>(null);
  const providerRef = useRef<ProviderSession | null>(null);
  const inflightRef = useRef<Promise<string> | null>(null);
  const onTokenRef = useRef(onToken);
  const [status, setStatus] = useState<Status>("idle");

  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);

  const { provider, siteKey, challengeUrl } = config;
  useEffect(() => {
    const host = hostRef.current;
    if (!host || provider === "off") return;
    const session =
      provider === "altcha"
        ? altchaSession(host, challengeUrl ?? endpoints.captchaChallenge.path)
        : provider === "turnstile"
          ? turnstileSession(host, siteKey ?? "")
          : hcaptchaSession(host, siteKey ?? "");
    providerRef.current = session;
    return () => {
      providerRef.current = null;
      session.destroy();
    };
  }, [provider, siteKey, challengeUrl]);

  useImperativeHandle(
    ref,
    () => ({
      getToken() {
        if (provider === "off") return Promise.resolve("off");
        // A second submit while one verification runs shares it.
        if (inflightRef.current) return inflightRef.current;
        const run = (async () => {
          setStatus("verifying");
          onTokenRef.current(null);
          try {
            const session = providerRef.current;
            if (!session) throw new Error("Human verification is not ready.");
            const token = await session.getToken();
            setStatus("verified");
            onTokenRef.current(token);
            return token;
          } catch (err) {
            setStatus("error");
            throw err instanceof Error ? err : new Error("Human verification failed.");
          }
        })();
        inflightRef.current = run;
        const done = () => {
          if (inflightRef.current === run) inflightRef.current = null;
        };
        run.then(done, done);
        return run;
      },
    }),
    [provider],
  );

  return (
    <div data-captcha={provider}>
      {/* ALTCHA has nothing to show; Turnstile/hCaptcha draw a challenge here only when needed. */}
      <div ref={hostRef} hidden={provider === "altcha" || provider === "off"} />
      <p role="status" aria-live="polite" className="sr-only">
        {STATUS_TEXT[status]}
      </p>
    </div>
  );
}

type ProviderSession = { getToken(): Promise<string>; destroy(): void };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error("Human verification timed out. Please try again.")), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(t));
  });
}

// ── ALTCHA ──────────────────────────────────────────────────────────────────────────

let altchaModule: Promise<void> | null = null;

/**
 * The npm module, imported here (no <script> tag). Its "external" build carries no inline
 * workers or styles, so no blob: workers or injected <style> are needed: the bundler emits
 * the proof-of-work worker as a same-origin file (CSP `worker-src 'self'` is enough).
 */
function loadAltcha(): Promise<void> {
  altchaModule ??= import("altcha/external").then(
    () => {
      for (const algorithm of ["PBKDF2/SHA-256", "PBKDF2/SHA-384", "PBKDF2/SHA-512"]) {
        globalThis.$altcha.algorithms.set(algorithm, () => new Worker(new URL("altcha/workers/pbkdf2", import.meta.url)));
      }
    },
    (err) => {
      altchaModule = null; // let the next attempt retry the download
      throw err;
    },
  );
  return altchaModule;
}

function altchaSession(host: HTMLElement, challengeUrl: string): ProviderSession {
  let destroyed = false;
  let widget: AltchaWidgetElement | null = null;
  let ready: Promise<AltchaWidgetElement> | null = null;

  const mount = async () => {
    await loadAltcha();
    if (destroyed) throw new Error("Human verification was closed.");
    const el = document.createElement("altcha-widget");
    el.setAttribute("challenge", challengeUrl);
    el.setAttribute("display", "invisible");
    el.setAttribute("auto", "off");
    el.setAttribute("name", "altcha");
    // No pointer/scroll collection (only ALTCHA's hosted Sentinel would read it).
    el.setAttribute("configuration", JSON.stringify({ humanInteractionSignature: false, hideFooter: true, hideLogo: true }));
    // Its methods exist once the widget reports "load".
    const loaded = new Promise<AltchaWidgetElement>((resolve) => el.addEventListener("load", () => resolve(el), { once: true }));
    widget = el;
    host.appendChild(el);
    return withTimeout(loaded, 15_000);
  };
  const ensure = () => {
    ready ??= mount().catch((err) => {
      widget?.remove();
      widget = null;
      ready = null;
      throw err;
    });
    return ready;
  };
  // Loaded at the first sign of someone filling in the form (a focus, pointer or key inside it),
  // not with the page: its script (~80 kB, ~250 ms of main thread on a throttled phone) then
  // stays out of the page's start-up, and is still ready long before anyone can submit.
  // getToken() loads it anyway when nothing came first; a failure is reported (and retried) there.
  const form = host.closest("form");
  const triggers = ["focusin", "pointerdown", "keydown"] as const;
  const stopWaiting = () => triggers.forEach((t) => form?.removeEventListener(t, early));
  const early = () => {
    stopWaiting();
    ensure().catch(() => {});
  };
  if (form) triggers.forEach((t) => form.addEventListener(t, early, { passive: true }));
  else early();

  return {
    async getToken() {
      const el = await ensure();
      // verify() fetches a new challenge each time, so every token is fresh.
      const result = await el.verify();
      if (!result?.payload) throw new Error("Human verification failed. Please try again.");
      return result.payload;
    },
    destroy() {
      destroyed = true;
      stopWaiting();
      widget?.remove();
    },
  };
}

// ── Turnstile / hCaptcha (scripts from their CDN, loaded only when configured) ──────────

type TurnstileApi = {
  render(el: HTMLElement, options: Record<string, unknown>): string | undefined;
  execute(widgetId: string): void;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
};
type HCaptchaApi = {
  render(el: HTMLElement, options: Record<string, unknown>): string;
  execute(widgetId: string, options: { async: true }): Promise<{ response: string }>;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
};
type CaptchaWindow = Window & { turnstile?: TurnstileApi; hcaptcha?: HCaptchaApi };

const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";
const HCAPTCHA_SCRIPT = "https://js.hcaptcha.com/1/api.js?render=explicit&recaptchacompat=off";

const scripts = new Map<string, Promise<void>>();

/** Adds the provider's script once per page (a src, never inline code). */
function loadScript(src: string): Promise<void> {
  let p = scripts.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const s = document.createElement("script");
      s.src = src;
      s.async = true;
      s.onload = () => resolve();
      s.onerror = () => {
        scripts.delete(src);
        s.remove();
        reject(new Error("Human verification could not load. Please try again."));
      };
      document.head.appendChild(s);
    });
    scripts.set(src, p);
  }
  return p;
}

function turnstileSession(host: HTMLElement, siteKey: string): ProviderSession {
  let destroyed = false;
  let widgetId: string | undefined;
  let executed = false;
  let pending: { resolve(t: string): void; reject(e: Error): void } | null = null;
  const settle = (token: string | null) => {
    const p = pending;
    pending = null;
    if (token) p?.resolve(token);
    else p?.reject(new Error("Human verification failed. Please try again."));
  };
  const ready = loadScript(TURNSTILE_SCRIPT).then(() => {
    const api = (window as CaptchaWindow).turnstile;
    if (destroyed || !api) throw new Error("Human verification could not load. Please try again.");
    const mount = document.createElement("div");
    host.appendChild(mount);
    // "execute": runs only when asked; "interaction-only": visible only if a person must act.
    widgetId = api.render(mount, {
      sitekey: siteKey,
      execution: "execute",
      appearance: "interaction-only",
      callback: (token: string) => settle(token),
      "error-callback": () => settle(null),
      "timeout-callback": () => settle(null),
    });
    if (!widgetId) throw new Error("Human verification could not load. Please try again.");
    return { api, id: widgetId };
  });
  ready.catch(() => {});
  return {
    async getToken() {
      const { api, id } = await ready;
      const token = new Promise<string>((resolve, reject) => (pending = { resolve, reject }));
      // A token is single-use: start over after the first run.
      if (executed) api.reset(id);
      executed = true;
      api.execute(id);
      return withTimeout(token, INTERACTIVE_TIMEOUT_MS);
    },
    destroy() {
      destroyed = true;
      const api = (window as CaptchaWindow).turnstile;
      if (api && widgetId) api.remove(widgetId);
      settle(null);
    },
  };
}

function hcaptchaSession(host: HTMLElement, siteKey: string): ProviderSession {
  let destroyed = false;
  let widgetId: string | undefined;
  let executed = false;
  const ready = loadScript(HCAPTCHA_SCRIPT).then(() => {
    const api = (window as CaptchaWindow).hcaptcha;
    if (destroyed || !api) throw new Error("Human verification could not load. Please try again.");
    const mount = document.createElement("div");
    host.appendChild(mount);
    widgetId = api.render(mount, { sitekey: siteKey, size: "invisible" });
    return { api, id: widgetId };
  });
  ready.catch(() => {});
  return {
    async getToken() {
      const { api, id } = await ready;
      // A token is single-use: start over after the first run.
      if (executed) api.reset(id);
      executed = true;
      try {
        const { response } = await withTimeout(api.execute(id, { async: true }), INTERACTIVE_TIMEOUT_MS);
        return response;
      } catch {
        throw new Error("Human verification failed. Please try again.");
      }
    },
    destroy() {
      destroyed = true;
      const api = (window as CaptchaWindow).hcaptcha;
      if (api && widgetId) api.remove(widgetId);
    },
  };
}
