// `npm run api:methods`: writes the two files generated from the operations in lib/schemas,
// after a route is added or changed (unit tests fail while either is stale):
// - lib/api-methods.json: the methods of every API path, for scripts/server.mjs's 405 answers;
// - lib/client/endpoints.ts: every operation's method and path with its types, for the
//   browser's typed client (lib/client/api.ts `api()`), so an endpoint changes in one place.
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { apiMethodsOf } from "../lib/schemas/api-methods";
import { endpointsSource } from "../lib/schemas/endpoints-source";
import { operations } from "../lib/schemas/operations";

const root = path.join(import.meta.dirname, "..");
const methods = Object.entries(apiMethodsOf(operations)).map(([p, m]) => `  ${JSON.stringify(p)}: ${JSON.stringify(m)}`);
writeFileSync(path.join(root, "lib/api-methods.json"), `{\n${methods.join(",\n")}\n}\n`);

const modules: Record<string, Record<string, unknown>> = {};
for (const file of readdirSync(path.join(root, "lib/schemas"))
  .filter((f) => f.endsWith(".ts"))
  .sort()) {
  modules[file.replace(/\.ts$/, "")] = (await import(path.join(root, "lib/schemas", file))) as Record<string, unknown>;
}
writeFileSync(path.join(root, "lib/client/endpoints.ts"), endpointsSource(operations, modules));
console.log("Wrote lib/api-methods.json and lib/client/endpoints.ts");
