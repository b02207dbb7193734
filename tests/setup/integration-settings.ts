// The settings every integration test run uses, set before any lib/server module reads them:
// tests/setup/integration-env.ts (the suite) and scripts/mutation/integration-env.ts (Stryker).

export function applyIntegrationSettings(databaseUrl: string): void {
  process.env.DATABASE_URL = databaseUrl;
  process.env.APP_MODE = "local";
  process.env.AUTH_SECRET ??= "integration-test-secret-0123456789abcdef";
  process.env.TOTP_ENCRYPTION_KEY ??= Buffer.alloc(32, 7).toString("base64");
  process.env.SITE_URL = "http://localhost:3000";
  process.env.LOG_LEVEL = "silent";
}

/** Closes the app's Prisma client (lib/server/db.ts keeps it on globalThis), so the next file starts afresh. */
export async function disconnectAppDb(): Promise<void> {
  const g = globalThis as unknown as { prisma?: { $disconnect(): Promise<void> } };
  await g.prisma?.$disconnect();
  g.prisma = undefined;
}
