// What bench:pages and bench:cpu put in their throwaway database before measuring: the demo
// seed of local mode, generated hiscores players, and forum threads of a known length, all
// through the site's own code.
import { spawn } from "node:child_process";

/** Runs a command to its end; rejects on a non-zero exit. */
export function run(cmd: string, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, ...env } });
    p.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}`))));
  });
}

/** The demo seed (prisma/seed.ts) and `hiscorePlayers` generated players (scripts/seed-hiscores.ts). */
export async function seedSite(databaseUrl: string, hiscorePlayers: number, say: (m: string) => void): Promise<void> {
  say("seeding the demo data…");
  await run("npx", ["tsx", "--conditions=react-server", "prisma/seed.ts"], { DATABASE_URL: databaseUrl, APP_MODE: "local" });
  say(`generating ${hiscorePlayers.toLocaleString("en-US")} hiscores players…`);
  await run("npx", ["tsx", "--conditions=react-server", "scripts/seed-hiscores.ts", "--players", String(hiscorePlayers)], {
    DATABASE_URL: databaseUrl,
    APP_MODE: "local",
  });
}

/** A thread of `posts` posts by `actor` in `forumId` (the use cases the API calls); its id. */
export async function benchThread(
  actor: { userId: number; username: string; isStaff: boolean },
  forumId: number,
  posts: number,
  title: string,
): Promise<number> {
  const { createThread } = await import("../../lib/server/forums/create-thread");
  const { createPost } = await import("../../lib/server/forums/create-post");
  const thread = await createThread(actor, { forum_id: forumId, title, content: "<p>The opening post, with <strong>some</strong> formatting.</p>" });
  for (let i = 2; i <= posts; i++)
    await createPost(actor, {
      thread_id: thread.id,
      content: `<p>Reply ${i}: a paragraph of text like players write, with a <a href="https://example.com">link</a>.</p>`,
    });
  return thread.id;
}
