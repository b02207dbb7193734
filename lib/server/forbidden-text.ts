import "server-only";
import { FORBIDDEN_TEXT_MESSAGE, fieldsWithForbiddenText } from "@/lib/schemas/text-rule";
import { AppError } from "./errors";

/**
 * One rule for every string of every operation (lib/schemas/text-rule.ts): a 400 naming the
 * field. The API frame applies it to every parsed input; a use case that reads input the frame
 * does not parse (a vote callback's query) applies it itself.
 */
export function refuseForbiddenText(data: unknown): void {
  const refused = fieldsWithForbiddenText(data);
  if (refused.length) throw new AppError("VALIDATION", { fields: Object.fromEntries(refused.map((f) => [f, [FORBIDDEN_TEXT_MESSAGE]])), userMessage: FORBIDDEN_TEXT_MESSAGE });
}
