import "server-only";
import { getEnv } from "./env";

// Imported by instrumentation.ts in the Node.js server: bad configuration stops the process
// at start with the variable named, instead of failing on the first request.
try {
  getEnv();
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
