// `npm start` runs this before serving: the configuration is validated by the same zod schema
// the app uses, and a bad variable stops the start with its name.
import { parseEnv } from "../lib/server/env";

try {
  const env = parseEnv(process.env);
  console.log(`[start] configuration ok (${env.APP_MODE} mode)`);
} catch (e) {
  console.error(`[start] ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
