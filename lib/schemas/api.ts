import { z } from "zod";

// An API operation: its path, auth mode and zod contracts. Route handlers take their
// schemas from here and the OpenAPI document is generated from the same objects.

export type AuthMode = "none" | "optional" | "user" | "staff" | "game";

export type Operation<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  A extends AuthMode = AuthMode,
> = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** OpenAPI-style path, e.g. /api/v1/tickets/{id}. */
  path: string;
  summary: string;
  /** Longer OpenAPI text, e.g. where the operation knowingly departs from the spec. */
  description?: string;
  tag: string;
  auth: A;
  body?: B;
  query?: Q;
  params?: P;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
};

export function defineOperation<
  const A extends AuthMode,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
>(op: Operation<B, Q, P, A>): Operation<B, Q, P, A> {
  return op;
}

/** The one "missing field" message, server and forms alike. */
export const REQUIRED = "This field is required.";

/** A string that must be present and non-empty. */
export const zRequired = () => z.string({ error: REQUIRED }).min(1, REQUIRED);

/** zod issues → `{ field: [messages] }` (each message once); whole-object issues go to `details`. */
export function fieldErrorsFrom(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const list = (fields[issue.path.length ? String(issue.path[0]) : "details"] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return fields;
}

/** DRF-shaped error body (DESIGN.md §4). */
export const ZErrorBody = z
  .object({ details: z.string().optional() })
  .catchall(z.array(z.string()))
  .describe("Error: `details` plus a list of messages per invalid field.");
