import { z } from "zod";
import { REQUIRED } from "./api";

// The one schema for ids sent by clients (docs/architecture.md): every id column is a PostgreSQL
// `integer`, so anything outside 1..2^31-1 would reach Prisma and fail as a 500.

export const MAX_ID = 2_147_483_647;

export const ID_MESSAGE = "Must be a whole number between 1 and 2147483647.";

/** Every zId instance, so tests can find the id fields of each operation and send bad ids. */
export const idFields = z.registry<{ id: true }>();

/**
 * A positive 32-bit integer id from a body, query or path. Query and path values arrive as
 * strings: only plain digits count ("1e3", "-1", " 7", "0x10" do not), so the id used is the
 * one the client wrote. Wrap with `.optional()` if needed; do not `.describe()` the result
 * again (that makes an unregistered copy): pass the description here.
 */
export function zId(opts: { message?: string; description?: string; missing?: string } = {}) {
  const message = opts.message ?? ID_MESSAGE;
  // `missing`: the words for an id left out or sent as null (a form's "nothing chosen"), instead of REQUIRED.
  const isMissing = (v: unknown) => v === undefined || (opts.missing !== undefined && v === null);
  const schema = z
    .union([z.number(), z.string()], { error: (iss) => (isMissing(iss.input) ? (opts.missing ?? REQUIRED) : message) })
    .transform((v, ctx) => {
      const n = typeof v === "number" ? v : /^\d{1,10}$/.test(v) ? Number(v) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > MAX_ID) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    })
    .describe(opts.description ?? "Id: a whole number from 1 to 2147483647");
  idFields.add(schema, { id: true });
  return schema;
}
