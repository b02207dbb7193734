import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as register } from "@/app/api/v1/users/route";
import { db } from "@/lib/server/db";
import { uniqueViolationOf, violatesColumn } from "@/lib/server/db-errors";
import { createUser, uniqueUsername } from "../factories/users";
import { setEnv } from "../support/env";
import { call, freshClient } from "./helpers";

// Unique violations through the driver adapter: the constraint is read from the adapter error.

let restore: () => void;
beforeAll(() => {
  restore = setEnv({ CAPTCHA_PROVIDER: "off", EMAIL_CONFIRMATION: "false", TRUST_PROXY: "true" });
});
afterAll(() => restore());

async function errorOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error("expected the write to fail");
}

describe("uniqueViolationOf", () => {
  it("names the violated column for a real P2002, inside and outside a transaction", async () => {
    const u = await createUser();
    const row = (over: Record<string, string>) => ({
      username: "x",
      usernameKey: uniqueUsername("k"),
      email: "x@test.example",
      emailKey: uniqueUsername("e"),
      passwordHash: "x",
      ...over,
    });

    const email = uniqueViolationOf(await errorOf(db.user.create({ data: row({ emailKey: u.emailKey }) })));
    expect(email).not.toBeNull();
    expect(violatesColumn(email!, "emailKey")).toBe(true);
    expect(violatesColumn(email!, "usernameKey")).toBe(false);

    const name = uniqueViolationOf(await errorOf(db.$transaction((tx) => tx.user.create({ data: row({ usernameKey: u.usernameKey }) }))));
    expect(violatesColumn(name!, "usernameKey")).toBe(true);
    expect(violatesColumn(name!, "emailKey")).toBe(false);
    expect(name!.table).toBe("users");

    expect(uniqueViolationOf(new Error("other"))).toBeNull();
  });
});

describe("racing registrations", () => {
  it("the loser of a race on one email gets the same answer as a later sign-up with that email", async () => {
    const email = `${uniqueUsername("race")}@test.example`;
    const body = (username: string) => ({ username, email, password: "Ember!x91z", password_confirmation: "Ember!x91z", captchaToken: "unused" });
    const [a, b] = await Promise.all([
      call(register, { method: "POST", body: body(uniqueUsername("ra")), headers: freshClient() }),
      call(register, { method: "POST", body: body(uniqueUsername("rb")), headers: freshClient() }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    const loser = a.status === 400 ? a : b;
    // Sequential clash: answered by the pre-check, which has always named the right field.
    const later = await call(register, { method: "POST", body: body(uniqueUsername("rc")), headers: freshClient() });
    expect(later.status).toBe(400);
    expect(loser.json).toEqual(later.json);
    expect(loser.json.email).toBeDefined();
    expect(await db.user.count({ where: { emailKey: email.toLowerCase() } })).toBe(1);
  });
});
