// The registration form's own check, before the captcha is solved: the server's rules
// (ZRegisterInput in lib/schemas/accounts.ts) with the same messages, written without zod so the
// register page does not load the schema library. The server checks again and has the last word
// (on an unusual email address, say); tests/unit/registration-rules.test.ts keeps the two agreeing.
import { REQUIRED } from "./messages/common";
import { passwordProblems } from "./schemas/passwords";
import { usernameProblem } from "./usernames";

export const EMAIL_MAX = 254;
export const EMAIL_TOO_LONG = `Email addresses are at most ${EMAIL_MAX} characters.`;
export const EMAIL_INVALID = "Enter a valid email address.";
export const PASSWORDS_DIFFER = "Passwords do not match.";

// One @, something before it, a dotted domain after it, no spaces: what the form can tell.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export type RegistrationValues = { username: string; email: string; password: string; password_confirmation: string };

/** Messages per field (empty when the server's rules pass, as far as the browser can tell). */
export function registrationProblems(v: RegistrationValues): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const username = usernameProblem(v.username);
  if (username) out.username = [username];
  const email = v.email.trim();
  if (!email) out.email = [REQUIRED];
  else if (email.length > EMAIL_MAX) out.email = [EMAIL_TOO_LONG];
  else if (!EMAIL_SHAPE.test(email)) out.email = [EMAIL_INVALID];
  if (!v.password) out.password = [REQUIRED];
  else {
    const problems = passwordProblems(v.password);
    if (problems.length) out.password = problems;
  }
  if (!v.password_confirmation) out.password_confirmation = [REQUIRED];
  else if (v.password !== v.password_confirmation) out.password_confirmation = [PASSWORDS_DIFFER];
  return out;
}
