import { describe, expect, it } from "vitest";
import { registrationProblems, type RegistrationValues } from "@/lib/registration-rules";
import { ZRegisterInput } from "@/lib/schemas/accounts";
import { fieldErrorsFrom } from "@/lib/schemas/api";

// The register form checks the server's rules without zod (lib/registration-rules.ts). Both must
// give the same messages for the same values, field by field, or the form would let through what
// the server refuses (or refuse what it takes) with different words.

const good: RegistrationValues = { username: "Zezima", email: "zezima@example.com", password: "Ab1!xyz", password_confirmation: "Ab1!xyz" };
const CASES: [string, Partial<RegistrationValues>][] = [
  ["all good", {}],
  ["everything empty", { username: "", email: "", password: "", password_confirmation: "" }],
  ["a username too long", { username: "abcdefghijklm" }],
  ["a username with a symbol", { username: "zez!ma" }],
  ["a username ending in a space", { username: "Zezima " }],
  ["an email without @", { email: "zezima.example.com" }],
  ["an email without a domain dot", { email: "zezima@example" }],
  ["an email with a space", { email: "zez ima@example.com" }],
  ["an email with spaces around it", { email: "  zezima@example.com  " }],
  ["an email too long", { email: `${"a".repeat(250)}@example.com` }],
  ["a password too short", { password: "A1!", password_confirmation: "A1!" }],
  ["a password without a number or symbol", { password: "abcdefgh", password_confirmation: "abcdefgh" }],
  ["passwords that differ", { password_confirmation: "Ab1!xyzz" }],
  ["no confirmation", { password_confirmation: "" }],
];

describe("the register form's check agrees with the server's schema", () => {
  for (const [name, change] of CASES) {
    it(name, () => {
      const values = { ...good, ...change };
      const parsed = ZRegisterInput.safeParse({ ...values, captchaToken: "pending" });
      const server = parsed.success ? {} : fieldErrorsFrom(parsed.error);
      expect(registrationProblems(values)).toEqual(server);
    });
  }
  it("passes exactly the acceptable cases (the corpus is not all passes)", () => {
    const passing = CASES.filter(([, change]) => Object.keys(registrationProblems({ ...good, ...change })).length === 0).map(([name]) => name);
    expect(passing).toEqual(["all good", "an email with spaces around it"]);
  });
});
