import { describe, expect, it } from "vitest";
import { z } from "zod";
import { missingFields } from "@/lib/client/api";
import { fieldErrorsFrom, REQUIRED } from "@/lib/schemas/api";
import { ZRegisterInput } from "@/lib/schemas/accounts";

describe("field errors shared by forms and the API", () => {
  it("lists each message once under its field, whole-object issues under details", () => {
    const schema = z.object({ a: z.string().min(3, "short").regex(/x/, "needs x"), b: z.number() }).refine(() => false, "bad combination");
    const r = schema.safeParse({ a: "", b: 1 });
    expect(r.success).toBe(false);
    expect(fieldErrorsFrom(r.error!)).toEqual({ a: ["short", "needs x"], details: ["bad combination"] });
  });

  it("gives the registration form the server's own messages", () => {
    const r = ZRegisterInput.safeParse({ username: "", email: "x", password: "abc", password_confirmation: "abd", captchaToken: "t" });
    const fields = fieldErrorsFrom(r.error!);
    expect(fields.username).toEqual([REQUIRED]);
    expect(fields.email).toEqual(["Enter a valid email address."]);
    expect(fields.password_confirmation).toEqual(["Passwords do not match."]);
  });

  it("marks blank fields as required before anything is sent", () => {
    expect(missingFields({ username: "  ", password: "x", code: "" })).toEqual({ username: [REQUIRED], code: [REQUIRED] });
  });
});
