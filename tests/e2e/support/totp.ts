import { expect } from "@playwright/test";
import { generate } from "otplib";

/** The current 6-digit code for a base32 secret (spaces allowed, as shown on the page). */
export function totp(secret: string): Promise<string> {
  return generate({ secret: secret.replace(/\s+/g, "") });
}

/**
 * A code from a later 30-second step than `used`: the server accepts each step once, so a
 * second login must wait for the authenticator to roll over (polling, not sleeping).
 */
export async function nextTotp(secret: string, used: string): Promise<string> {
  let code = used;
  await expect
    .poll(
      async () => {
        code = await totp(secret);
        return code;
      },
      { message: "the authenticator code to roll over", timeout: 35_000, intervals: [500] },
    )
    .not.toBe(used);
  return code;
}
