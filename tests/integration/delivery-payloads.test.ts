// One payload shape per delivery kind (lib/schemas/delivery-payloads.ts), against the database
// and through the game API: the row each writer leaves is its kind's stored shape; the claim and
// preview answers hold each kind's game shape and validate against the schemas the OpenAPI
// document declares for them; rows written in the legacy spelling (raw SQL, as an older site
// left them) are claimed in the typed shape; a row that is no kind's shape stays out of answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as claimRoute } from "@/app/api/v1/game/deliveries/claim/route";
import { GET as previewRoute } from "@/app/api/v1/game/deliveries/route";
import { storedPayloadSchema, type TLiveDeliveryKind } from "@/lib/schemas/delivery-payloads";
import { claimDeliveriesOp, previewDeliveriesOp, ZClaimResult, ZPreviewResult } from "@/lib/schemas/game";
import { responsesOf } from "@/lib/schemas/openapi";
import { db } from "@/lib/server/db";
import { resendDelivery, UNREADABLE_PAYLOAD } from "@/lib/server/game/resend-delivery";
import { settleEvent } from "@/lib/server/payments/settle";
import { purchaseProduct } from "@/lib/server/store/purchase-product";
import { recordVoteCallback } from "@/lib/server/votes/record-vote-callback";
import { ensureVoteToken } from "@/lib/server/votes/vote-token";
import { createGameKey } from "../factories/game-keys";
import { createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { createPackage } from "../support/fake-payment-data";
import { type JsonSchema, validate } from "../support/fuzz/json-schema";
import { call, freshClient } from "./helpers";
import { createCategory, createProduct, giveCredits } from "./store-fixtures";

let restore: () => void;
let key: Record<string, string>;
beforeAll(async () => {
  // Runelist with neither a secret nor addresses: in local mode it takes callbacks from this machine.
  restore = setEnv({ APP_MODE: "local", TRUST_PROXY: "true", VOTE_RUNELIST_SECRET: undefined, VOTE_RUNELIST_IPS: undefined });
  key = (await createGameKey(["deliveries"])).headers;
});
afterAll(() => restore());

/** The 200 answer's schema as the OpenAPI document declares it. */
const documented = (op: Parameters<typeof responsesOf>[0]) =>
  (responsesOf(op)["200"] as { content: Record<string, { schema: JsonSchema }> }).content["application/json"]!.schema;

const claim = async (playerId: number) => {
  const r = await call(claimRoute, {
    method: "POST",
    path: "/api/v1/game/deliveries/claim",
    body: { player_id: playerId },
    headers: { ...key, ...freshClient() },
  });
  expect(r.status).toBe(200);
  return r.json;
};
const preview = async (playerId: number) => {
  const r = await call(previewRoute, { path: `/api/v1/game/deliveries?player_id=${playerId}`, headers: { ...key, ...freshClient() } });
  expect(r.status).toBe(200);
  return r.json;
};
const rowsOf = (userId: number) => db.gameDelivery.findMany({ where: { userId }, orderBy: { id: "asc" } });

/** A player with one delivery of each kind, each made by its real writer. */
async function playerWithEveryKind() {
  const user = await createUser();
  // Store item: a purchase with credits.
  const product = await createProduct({ categoryId: (await createCategory()).id, price: 10, gameItemId: 11802, quantity: 2 });
  await giveCredits(user.id, 10);
  await purchaseProduct(user.id, product.id, null);
  // Credit package: a ::store purchase (delivered in game), paid.
  const pkg = await createPackage({ credits: 1000, bonusCredits: 100, priceCents: 5000 });
  const purchase = await db.creditPurchase.create({
    data: {
      userId: user.id,
      creditPackageId: pkg.id,
      method: "STRIPE",
      providerRef: `pi_payloads_${user.id}`,
      credits: 1000,
      bonusCredits: 100,
      amountCents: 5000,
      currency: "USD",
      deliverInGame: true,
    },
  });
  const settled = await settleEvent("stripe", {
    eventId: `evt_payloads_${user.id}`,
    type: "test.paid",
    payload: {},
    effect: { kind: "paid", providerRef: purchase.providerRef!, purchaseId: purchase.id, amountCents: 5000, currency: "usd" },
  });
  expect(settled.outcome).toBe("applied");
  // Vote reward: a counted vote callback.
  const token = await ensureVoteToken(user.id);
  expect(await recordVoteCallback({ siteKey: "runelist", query: new URLSearchParams({ incentive: token }), body: null, ip: "127.0.0.1" })).toEqual({
    status: "accepted",
  });
  return { user, product };
}

describe("the row each writer leaves", () => {
  it("is its kind's stored shape, exactly: store item, credit package, vote reward and a re-sent copy of each", async () => {
    const { user, product } = await playerWithEveryKind();
    const originals = await rowsOf(user.id);
    expect(originals.map((r) => r.kind)).toEqual(["STORE_ITEM", "CREDIT_PACKAGE", "VOTE_REWARD"]);
    expect(originals.map((r) => r.payload)).toEqual([
      { itemId: 11802, quantity: 2 },
      { credits: 1000, bonusCredits: 100 },
      { points: 2, site: "runelist" },
    ]);

    // Re-sent copies (the fourth writer): delivered first, then re-sent by an administrator.
    await db.gameDelivery.updateMany({ where: { userId: user.id }, data: { status: "DELIVERED", deliveredAt: new Date() } });
    const admin = await createUser({ privilege: "ADMINISTRATOR" });
    for (const row of originals) await resendDelivery(row.id, "Never arrived", { actorId: admin.id, privilege: "ADMINISTRATOR", ip: null });
    const copies = (await rowsOf(user.id)).filter((r) => r.resentFromId !== null);
    expect(copies.map((r) => r.payload)).toEqual([
      { itemId: 11802, quantity: 2, name: product.name },
      { credits: 1000, bonusCredits: 100 },
      { points: 2, site: "runelist" },
    ]);

    for (const row of [...originals, ...copies]) {
      const strict = storedPayloadSchema(row.kind as TLiveDeliveryKind).safeParse(row.payload);
      expect(strict.success, `#${row.id} ${row.kind} ${JSON.stringify(row.payload)}`).toBe(true);
    }
  });
});

describe("the game API", () => {
  it("answers each kind with its typed payload, valid against the declared claim and preview schemas", async () => {
    const { user, product } = await playerWithEveryKind();
    const shown = await preview(user.id);
    const claimed = await claim(user.id);
    const expected = [
      { kind: "store_item", payload: { item_id: 11802, quantity: 2, name: product.name } },
      { kind: "credit_package", payload: { credits: 1000, bonus_credits: 100 } },
      { kind: "vote_reward", payload: { points: 2, site: "runelist" } },
    ];
    expect(claimed.deliveries).toEqual(expected.map((d) => expect.objectContaining(d)));
    expect(shown.deliveries).toEqual(expected.map((d) => expect.objectContaining({ ...d, status: "pending" })));

    // The OpenAPI document's schemas (what a generated client is built from) and the zod ones.
    const claimSchema = documented(claimDeliveriesOp);
    expect(validate(claimSchema, claimed)).toEqual([]);
    expect(validate(documented(previewDeliveriesOp), shown)).toEqual([]);
    expect(ZClaimResult.parse(claimed)).toEqual(claimed);
    expect(ZPreviewResult.parse(shown)).toEqual(shown);

    // One schema per kind, told apart by kind: each delivery matches its kind's and no other.
    const branches = (claimSchema as { properties: { deliveries: { items: { oneOf: (JsonSchema & { title: string })[] } } } }).properties.deliveries.items
      .oneOf;
    expect(branches.map((b) => b.title)).toEqual([
      "StoreItemDelivery",
      "CreditPackageDelivery",
      "VoteRewardDelivery",
      "CompetitionPrizeDelivery",
      "VoteStreakRewardDelivery",
      "VoteMonthlyPrizeDelivery",
    ]);
    for (const [i, d] of (claimed.deliveries as unknown[]).entries())
      expect(branches.map((b) => validate(b, d).length === 0)).toEqual(branches.map((_, j) => j === i));
  });

  it("claims rows written in the legacy spelling (item_id, bonus_credits) with the typed payload", async () => {
    const user = await createUser();
    // As an older writer left them: raw SQL, snake_case keys, no quantity.
    await db.$executeRaw`
      INSERT INTO game_deliveries ("userId", kind, payload) VALUES
        (${user.id}, 'STORE_ITEM', '{"item_id": 13652, "name": "Dragon claws"}'::jsonb),
        (${user.id}, 'CREDIT_PACKAGE', '{"credits": 500, "bonus_credits": 50}'::jsonb)`;
    const claimed = await claim(user.id);
    expect(claimed.deliveries).toEqual([
      expect.objectContaining({ kind: "store_item", payload: { item_id: 13652, quantity: 1, name: "Dragon claws" } }),
      expect.objectContaining({ kind: "credit_package", payload: { credits: 500, bonus_credits: 50 } }),
    ]);
    expect(validate(documented(claimDeliveriesOp), claimed)).toEqual([]);

    // A re-sent copy of a legacy row is written in today's shape.
    const [legacy] = await rowsOf(user.id);
    await db.gameDelivery.update({ where: { id: legacy!.id }, data: { status: "DELIVERED", deliveredAt: new Date() } });
    const admin = await createUser({ privilege: "ADMINISTRATOR" });
    const copy = await resendDelivery(legacy!.id, "Never arrived", { actorId: admin.id, privilege: "ADMINISTRATOR", ip: null });
    expect((await db.gameDelivery.findUniqueOrThrow({ where: { id: copy.delivery.id } })).payload).toEqual({
      itemId: 13652,
      quantity: 1,
      name: "Dragon claws",
    });
  });

  it("leaves a row that is no kind's shape out of the answers (and refuses to copy it), and hands out the others", async () => {
    const user = await createUser();
    await db.$executeRaw`
      INSERT INTO game_deliveries ("userId", kind, payload) VALUES
        (${user.id}, 'STORE_ITEM', '{"quantity": 1}'::jsonb),
        (${user.id}, 'VOTE_REWARD', '{"points": 1, "site": "runelocus"}'::jsonb)`;
    const [broken, fine] = await rowsOf(user.id);
    expect((await preview(user.id)).deliveries).toEqual([expect.objectContaining({ id: fine!.id, kind: "vote_reward" })]);
    const claimed = await claim(user.id);
    expect(claimed.deliveries).toEqual([expect.objectContaining({ id: fine!.id, kind: "vote_reward", payload: { points: 1, site: "runelocus" } })]);
    expect(validate(documented(claimDeliveriesOp), claimed)).toEqual([]);

    await db.gameDelivery.update({ where: { id: broken!.id }, data: { status: "DELIVERED", deliveredAt: new Date() } });
    const admin = await createUser({ privilege: "ADMINISTRATOR" });
    await expect(resendDelivery(broken!.id, "Never arrived", { actorId: admin.id, privilege: "ADMINISTRATOR", ip: null })).rejects.toThrow(
      expect.objectContaining({ code: "CONFLICT", userMessage: UNREADABLE_PAYLOAD }),
    );
    expect(await db.gameDelivery.count({ where: { resentFromId: broken!.id } })).toBe(0);
  });
});
