// `npm run db:seed`: demo data for local mode. Refuses production (demo accounts must never exist there).
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../lib/generated/prisma/client";
import { DEMO_ACCOUNTS, seedDemo } from "./seed-demo";

/** Seeds the demo data into `url` unless it is already there; refuses production. */
export async function runDemoSeed(url: string | undefined, mode = process.env.APP_MODE ?? "local"): Promise<void> {
  if (mode === "production") throw new Error("Refusing to seed demo data with APP_MODE=production.");
  if (!url) throw new Error("DATABASE_URL is not set.");
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  try {
    const { seeded } = await seedDemo(db);
    console.log(
      seeded
        ? `[seed] demo data created. Staff login: ${DEMO_ACCOUNTS.staff.username} / ${DEMO_ACCOUNTS.staff.password}; player login: ${DEMO_ACCOUNTS.player.username} / ${DEMO_ACCOUNTS.player.password}`
        : "[seed] demo data already present, nothing to do",
    );
  } finally {
    await db.$disconnect();
  }
}

if (process.argv[1] && /seed\.ts$/.test(process.argv[1])) {
  runDemoSeed(process.env.DATABASE_URL).catch((e) => {
    console.error(`[seed] failed: ${e instanceof Error ? e.message : e}`);
    process.exit(1);
  });
}
