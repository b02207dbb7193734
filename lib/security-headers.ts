// Security headers for every response (docs/architecture.md). The policies live in security-policy.mjs
// so next.config.mjs can use them too; this module gives them types for TypeScript callers.
import * as policy from "./security-policy.mjs";

export const NONCE_PAGES: readonly string[] = policy.NONCE_PAGES;
export const SHELL_PAGES: Readonly<Record<string, { readonly storeSession: boolean }>> = policy.SHELL_PAGES;
export const STORE_LINK_PATH: string = policy.STORE_LINK_PATH;
export const API_CONTENT_SECURITY_POLICY: string = policy.API_CONTENT_SECURITY_POLICY;
export const contentSecurityPolicy: (nonce: string, opts: { dev: boolean }) => string = policy.contentSecurityPolicy;
export const staticContentSecurityPolicy: (opts: { dev: boolean }) => string = policy.staticContentSecurityPolicy;
export const securityHeaders: (opts: { https: boolean }) => Record<string, string> = policy.securityHeaders;
export const configHeaders: (opts: {
  dev: boolean;
}) => { source: string; has?: { type: string; key: string; value: string }[]; headers: { key: string; value: string }[] }[] = policy.configHeaders;
