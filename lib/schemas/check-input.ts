import { z } from "zod";
import { fieldErrorsFrom, REQUIRED } from "./api";
import { FORBIDDEN_TEXT_MESSAGE, fieldsWithForbiddenText } from "./text-rule";

// The one way an input (a JSON body, a query, path parameters) is checked against its schema: the
// API's route wrapper turns a refusal into a 400 (lib/server/http/route.ts), a page shows it
// beside the field (lib/server/http/page-query.ts). First the text rule on every string, then
// the schema; either way the refusal names each field.

export type InputCheck<T> = { ok: true; data: T } | { ok: false; fields: Record<string, string[]>; details: string };

const requiredMessage: z.core.$ZodErrorMap = (iss) => (iss.code === "invalid_type" && iss.input === undefined ? REQUIRED : undefined);

export function checkInput<T extends z.ZodType>(schema: T, data: unknown): InputCheck<z.output<T>> {
  const refused = fieldsWithForbiddenText(data);
  if (refused.length) return { ok: false, fields: Object.fromEntries(refused.map((f) => [f, [FORBIDDEN_TEXT_MESSAGE]])), details: FORBIDDEN_TEXT_MESSAGE };
  const result = schema.safeParse(data, { error: requiredMessage });
  if (result.success) return { ok: true, data: result.data };
  const fields = fieldErrorsFrom(result.error);
  const details = fields.details?.[0] ?? "Some fields are invalid.";
  delete fields.details;
  return { ok: false, fields, details };
}
