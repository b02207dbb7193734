import "server-only";
import { Prisma } from "./db";

// Prisma 7 with a driver adapter leaves `meta.target` empty on a unique violation; the
// constraint is in the adapter's error instead (meta.driverAdapterError.cause.constraint,
// either { index } or { fields }). One reader for both shapes.

export type UniqueViolation = {
  /** Columns named by the error, when it names them. */
  fields: string[];
  /** The index/constraint name, e.g. "users_emailKey_key". */
  index: string | null;
  table: string | null;
};

type AdapterCause = { kind?: string; constraint?: { index?: string; fields?: string[] }; table?: string };

/** The violated unique constraint of a P2002 error, or null for any other error. */
export function uniqueViolationOf(e: unknown): UniqueViolation | null {
  if (!(e instanceof Prisma.PrismaClientKnownRequestError) || e.code !== "P2002") return null;
  const meta = (e.meta ?? {}) as { target?: unknown; driverAdapterError?: { cause?: AdapterCause } };
  const cause = meta.driverAdapterError?.cause;
  const target = meta.target;
  const fields = cause?.constraint?.fields ?? (Array.isArray(target) ? target.map(String) : []);
  const index = cause?.constraint?.index ?? (typeof target === "string" ? target : null);
  return { fields, index, table: cause?.table ?? null };
}

/** True when the violation is on `column` (by the named fields, or the index name PostgreSQL built from it). */
export function violatesColumn(v: UniqueViolation, column: string): boolean {
  return v.fields.includes(column) || Boolean(v.index && new RegExp(`(^|_)${column}(_|$)`).test(v.index));
}

/**
 * True for an error that says the database was too busy for this request, not that the request
 * was wrong: a transaction that waited past its limit for a connection or a lock (Prisma's P2028:
 * "unable to start a transaction in the given time", "transaction already closed … timeout"), or
 * a pool that gave no connection in time. The request wrote nothing (its transaction rolled back),
 * so a client may send it again.
 */
export function isDatabaseBusy(e: unknown): boolean {
  if (e instanceof Prisma.PrismaClientKnownRequestError) return e.code === "P2028";
  return e instanceof Error && /timeout exceeded when trying to connect/i.test(e.message);
}
