import { afterAll, inject } from "vitest";

// Configuration for integration tests, set before any lib/server module reads it.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.APP_MODE = "local";
process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
process.env.TOTP_ENCRYPTION_KEY ??= Buffer.alloc(32, 7).toString("base64");
process.env.SITE_URL = "http://localhost:3000";
process.env.LOG_LEVEL = "silent";

afterAll(async () => {
  const g = globalThis as unknown as { prisma?: { $disconnect(): Promise<void> } };
  await g.prisma?.$disconnect();
});
