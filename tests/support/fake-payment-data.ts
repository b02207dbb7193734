// Rows and calls shared by the payments integration tests.
import { db } from "@/lib/server/db";
import { createSessionToken, createUser } from "../factories/users";
import { call, freshClient, SAME_ORIGIN } from "../integration/helpers";

export async function createPackage(opts: { credits?: number; bonusCredits?: number; priceCents?: number; active?: boolean } = {}) {
  return db.creditPackage.create({
    data: {
      credits: opts.credits ?? 1000,
      bonusCredits: opts.bonusCredits ?? 100,
      priceCents: opts.priceCents ?? 5000,
      imageUrl: "/img/credits.png",
      active: opts.active ?? true,
    },
  });
}

/** A signed-in player. */
export async function player() {
  const user = await createUser();
  return { user, session: await createSessionToken(user.id) };
}

/** POST /store/credits/purchase as the given player. */
export async function startPurchase(session: string, body: unknown) {
  const { POST } = await import("@/app/api/v1/store/credits/purchase/route");
  return call(POST, { method: "POST", path: "/api/v1/store/credits/purchase", body, cookies: { session }, headers: { ...freshClient(), ...SAME_ORIGIN } });
}

type Route = Parameters<typeof call>[0];
/** Delivers one raw webhook body to a route. */
export function deliver(route: Route, provider: string, rawBody: string, headers: Record<string, string>) {
  return call(route, { method: "POST", path: `/api/v1/webhooks/${provider}`, rawBody, headers });
}

export const userRow = (id: number) => db.user.findUniqueOrThrow({ where: { id } });
export const purchaseRow = (id: number) => db.creditPurchase.findUniqueOrThrow({ where: { id } });
