import "server-only";

/** The patch without absent keys: with strictUndefinedChecks an explicit undefined is an error. */
export function definedOnly<T extends Record<string, unknown>>(patch: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
