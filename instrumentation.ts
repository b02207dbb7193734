// Runs once when a Next.js server process starts: refuse to serve with bad configuration,
// then start this process's background-job runner (lib/server/jobs, JOBS_WORKER).
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  await import("./lib/server/worker/check-config-at-start");
  const { startJobRunnerInApp } = await import("./lib/server/worker/runner");
  startJobRunnerInApp();
}
