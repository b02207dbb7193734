import "server-only";
import { z } from "zod";
import { checkInput } from "@/lib/schemas/check-input";
import { AppError } from "./errors";

/**
 * The input as checkInput (lib/schemas/check-input.ts) accepts it: the text rule on every
 * string, then the schema; otherwise a 400 naming each refused field. The API frame parses
 * every input with it.
 */
export function checkedOrThrow<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const checked = checkInput(schema, data);
  if (checked.ok) return checked.data;
  throw new AppError("VALIDATION", { fields: checked.fields, userMessage: checked.details });
}

/** The text rule alone, for input no schema describes (a vote callback's query, stored whole). */
export function refuseForbiddenText(data: unknown): void {
  checkedOrThrow(z.unknown(), data);
}
