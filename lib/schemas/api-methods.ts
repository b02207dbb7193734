import type { Operation } from "./api";

// The methods each API path answers, for the server entry (scripts/server.mjs), which answers a
// method a path does not have with 405, an `Allow` header and a JSON body (RFC 9110 §15.5.6)
// before Next, whose own 405 has neither. The server entry is plain JavaScript and cannot load
// the zod operations, so it reads lib/api-methods.json, written from this function by
// `npm run api:methods`; a unit test fails when the file and the operations disagree.

export type ApiMethods = Record<string, string[]>;

/** OpenAPI-style path → its methods, sorted, with HEAD for every GET and OPTIONS for all. */
export function apiMethodsOf(ops: readonly Pick<Operation, "method" | "path">[]): ApiMethods {
  const table: Record<string, Set<string>> = {};
  for (const op of ops) {
    const set = (table[op.path] ??= new Set(["OPTIONS"]));
    set.add(op.method);
    if (op.method === "GET") set.add("HEAD");
  }
  return Object.fromEntries(
    Object.keys(table)
      .sort()
      .map((path) => [path, [...table[path]!].sort()]),
  );
}
