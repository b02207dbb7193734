import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { db } from "../db";
import { type Actor, authenticate, readCredentials } from "./authenticate-request";

/** The signed-in actor for the current page render (cookie session), once per request. */
export const getCurrentActor = cache(async (): Promise<Actor | null> => {
  const [h, c] = await Promise.all([headers(), cookies()]);
  return authenticate(readCredentials(h, (n) => c.get(n)?.value));
});

/** What the navbar needs about the signed-in player. */
export const getNavUser = cache(async () => {
  const actor = await getCurrentActor();
  if (!actor) return null;
  const u = await db.user.findUnique({
    where: { id: actor.userId },
    select: { username: true, email: true, privilege: true, memberRank: true },
  });
  return u;
});
