// Runs once when a Next.js server process starts: refuse to serve with bad configuration.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await import("./lib/server/check-config-at-start");
}
