// `npm run api:methods`: writes lib/api-methods.json (the methods of every API path) from the
// operations in lib/schemas, for scripts/server.mjs's 405 answers. Run it after adding a route.
import { writeFileSync } from "node:fs";
import { apiMethodsOf } from "../lib/schemas/api-methods";
import { operations } from "../lib/schemas/operations";

const file = new URL("../lib/api-methods.json", import.meta.url);
const lines = Object.entries(apiMethodsOf(operations)).map(([path, methods]) => `  ${JSON.stringify(path)}: ${JSON.stringify(methods)}`);
writeFileSync(file, `{\n${lines.join(",\n")}\n}\n`);
console.log(`Wrote ${file.pathname}`);
