import "server-only";
import { redirect } from "next/navigation";
import { safeReturnPath } from "@/lib/safe-path";
import type { Actor } from "./authenticate-request";
import { getCurrentActor } from "./current-user";

/** Auth routes: guests go to /login and come back to `returnTo` afterwards (spec §2 guard). */
export async function requireUser(returnTo: string): Promise<Actor> {
  const actor = await getCurrentActor();
  if (!actor) redirect(`/login?next=${encodeURIComponent(safeReturnPath(returnTo))}`);
  return actor;
}

/** /login and /register: a signed-in user goes to / instead. */
export async function redirectIfSignedIn(): Promise<void> {
  if (await getCurrentActor()) redirect("/");
}
