import "server-only";
import { notFound, redirect } from "next/navigation";
import type { Privilege } from "@/lib/generated/prisma/enums";
import { atLeast } from "@/lib/privileges";
import { safeReturnPath } from "@/lib/safe-path";
import type { Actor } from "./authenticate-request";
import { getCurrentActor } from "./current-user";

/**
 * Auth routes: guests go to /login and come back to `returnTo` afterwards (docs/product.md §2). A
 * store session (::store link) is let in only where `storeSession` says so (the store, the
 * credit store, Order Complete, purchase history); elsewhere it logs in with its password first.
 */
export async function requireUser(returnTo: string, opts: { storeSession?: boolean } = {}): Promise<Actor> {
  const actor = await getCurrentActor();
  if (!actor || (actor.scope === "store" && !opts.storeSession)) redirect(`/login?next=${encodeURIComponent(safeReturnPath(returnTo))}`);
  return actor;
}

/** /login and /register: a signed-in user goes to / instead (a store session may log in properly). */
export async function redirectIfSignedIn(): Promise<void> {
  const actor = await getCurrentActor();
  if (actor && actor.scope === "full") redirect("/");
}

/**
 * Staff pages: anyone below `min` (guests included) gets the 404 page, so the page's existence
 * is not revealed. The API behind it enforces the same privilege on every call.
 */
export async function requireStaff(min: Privilege): Promise<Actor> {
  const actor = await getCurrentActor();
  if (!actor || !atLeast(actor.privilege, min)) notFound();
  return actor;
}
