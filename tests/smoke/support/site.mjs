// What several smoke files need to start a site of their own: an empty database (on the smoke
// stage's PostgreSQL, or an embedded one started here), a data folder, and (re-exported) the ALTCHA
// solver the registration widget runs.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createTestDatabase, startTestServer } from "../../setup/test-db.mjs";

export { solveCaptcha } from "../../support/solve-captcha.mjs";

/**
 * An empty database (no migrations: `npm start` applies them, as on a new server) and a data
 * folder the server may write to. `cleanup()` drops and removes both, and stops a PostgreSQL
 * started here.
 */
export async function emptySiteStorage(prefix) {
  let pgServer = null;
  let adminUrl = process.env.SMOKE_ADMIN_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    pgServer = await startTestServer();
    adminUrl = pgServer.adminUrl;
  }
  const database = await createTestDatabase(adminUrl, { prefix, migrate: false });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `gs-${prefix}-`));
  chmodSync(dataDir, 0o755);
  return {
    adminUrl,
    database,
    dataDir,
    cleanup: async () => {
      await database.drop().catch(() => {});
      await pgServer?.stop().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
