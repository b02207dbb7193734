// Password rules of docs/product.md §5, shared by the registration checklist and the server. Pure.

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

export type PasswordCheck = { key: "length" | "letter" | "number" | "special"; label: string; met: boolean };

export function passwordChecks(password: string): PasswordCheck[] {
  return [
    { key: "length", label: `Be at least ${PASSWORD_MIN} characters long`, met: password.length >= PASSWORD_MIN },
    { key: "letter", label: "Contain at least one letter", met: /[A-Za-z]/.test(password) },
    { key: "number", label: "Contain at least one number", met: /[0-9]/.test(password) },
    { key: "special", label: "Contain at least one special character", met: [...password].some((c) => SPECIAL_CHARACTERS.includes(c)) },
  ];
}

/** Messages for every unmet rule (empty when the password is acceptable by the rules of docs/product.md §5). */
export function passwordProblems(password: string): string[] {
  const problems = passwordChecks(password)
    .filter((c) => !c.met)
    .map((c) => `Your password must ${c.label.charAt(0).toLowerCase()}${c.label.slice(1)}.`);
  if (password.length > PASSWORD_MAX) problems.push(`Your password must be at most ${PASSWORD_MAX} characters long.`);
  return problems;
}
