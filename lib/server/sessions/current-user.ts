import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { type Actor, authenticate, readCredentials } from "./authenticate-request";

/** The signed-in actor for the current page render (cookie session), once per request. */
export const getCurrentActor = cache(async (): Promise<Actor | null> => {
  const [h, c] = await Promise.all([headers(), cookies()]);
  return authenticate(readCredentials(h, (n) => c.get(n)?.value));
});
