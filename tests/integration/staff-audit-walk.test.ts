// The audit walk: every write operation staff can make writes exactly one audit entry, in its own
// transaction, naming who acted (and from where), what was acted on, the reason when the
// operation takes one, and the changed fields before and after. The list of operations is the
// API's own (lib/schemas/operations.ts): a staff write added later has no fixture here and fails
// the first test by name until one is written. Writes under auth "user" are staff writes unless
// PLAYER_WRITES says why they are a player's own; a new one must be put on one side or the other.
//
// Every case acts as an OWNER on a separate plain player (or on a player's own post, ticket, …),
// so the rank rule for who may act on whom never decides an answer here.
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Operation } from "@/lib/schemas/api";
import { operations } from "@/lib/schemas/operations";
import { db } from "@/lib/server/db";
import { createThread } from "@/lib/server/forums/create-thread";
import { createGameApiKey } from "@/lib/server/game/api-keys";
import { createNews } from "@/lib/server/news/create-news";
import { CLI_ACTOR } from "@/lib/server/audit/audit-actor";
import { createCompetition } from "@/lib/server/competitions/create-competition";
import { createSchedule } from "@/lib/server/competitions/create-schedule";
import { issueGiftCard } from "@/lib/server/giftcards/staff-gift-cards";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { call, freshClient, handlerOf, SAME_ORIGIN } from "./helpers";
import { createCategory, createProduct } from "./store-fixtures";

const STAFF_AUTH = new Set<string>(["moderator", "administrator", "owner"]);
const keyOf = (op: Pick<Operation, "method" | "path">) => `${op.method} ${op.path}`;

/** Writes under auth "user" that are a player's own business, not staff actions, and why. */
const PLAYER_WRITES: Record<string, string> = {
  "DELETE /api/v1/sessions/{kind}/{id}": "ends one of the caller's own sessions",
  "DELETE /api/v1/sessions": "ends the caller's own other sessions",
  "POST /api/v1/change-password": "the caller's own password",
  "POST /api/v1/change-password/email": "mails the caller a link for their own account",
  "POST /api/v1/2fa/activate": "the caller's own two-factor",
  "POST /api/v1/2fa/deactivate": "the caller's own two-factor",
  "POST /api/v1/store/purchase": "the caller's own purchase",
  "POST /api/v1/store/credits/purchase": "the caller's own purchase",
  "POST /api/v1/store/credits/paypal/capture": "the caller's own purchase",
  "POST /api/v1/store/credits/test-checkout": "the caller's own purchase (local mode)",
  "POST /api/v1/tickets": "opens the caller's own ticket",
  "POST /api/v1/tickets/comments": "a reply is its own record, signed and marked staff when staff write it",
  "POST /api/v1/tickets/{id}/rating": "the ticket's owner rates their own closed ticket",
  "POST /api/v1/forums/threads": "a thread is its own record, signed by its author (staff-only forums included)",
  "POST /api/v1/forums/posts": "a reply is its own record, signed by its author",
  "POST /api/v1/forums/posts/{id}/report": "a player's report, listed for staff",
  "PUT /api/v1/forums/posts/{id}/like": "the caller's own like of a post",
  "DELETE /api/v1/forums/posts/{id}/like": "takes back the caller's own like",
  "PUT /api/v1/forums/thread/{id}/watch": "the caller's own watching level for a thread",
  "PUT /api/v1/forums/{id}/watch": "the caller's own watching level for a forum",
  "PUT /api/v1/forums/thread/{id}/read": "moves the caller's own read point of a thread",
  "POST /api/v1/forums/read": "the caller's own mark-all-read point",
  "PUT /api/v1/forums/drafts/{kind}/{id}": "the caller's own draft, which only they ever read",
  "DELETE /api/v1/forums/drafts/{kind}/{id}": "drops the caller's own draft",
  "POST /api/v1/forums/preview": "nothing is written: the body is cleaned and answered",
  "POST /api/v1/competitions/{id}/join": "the caller signs up for a competition",
  "DELETE /api/v1/competitions/{id}/join": "the caller leaves a competition",
  "PUT /api/v1/user/privacy": "the caller's own choice to be shown in the supporter widgets",
  "POST /api/v1/store/gift-cards/redeem": "the caller redeems a card into their own balance (one ledger entry, the card marked used)",
  "POST /api/v1/account/orders/{number}/cancel": "the caller closes their own unpaid checkout",
  "POST /api/v1/account/orders/{number}/resume": "the caller reopens their own unpaid checkout (nothing written)",
  "POST /api/v1/account/email": "the caller asks to move their own account to a new address (audited as the owner's own action)",
  "POST /api/v1/account/delete": "the caller deletes their own account (audited as the owner's own action)",
  "POST /api/v1/account/notifications/{id}/read": "marks one of the caller's own notifications read",
  "POST /api/v1/account/notifications/read-all": "marks the caller's own notifications read",
  "PUT /api/v1/account/notifications/preferences": "the caller's own choice of channel per notification type",
};

type Json = Record<string, unknown>;
/** One request and the entry it must leave. */
type Prepared = {
  params?: Record<string, string>;
  body?: Json;
  action: string;
  targetType: string;
  /** The target's id, or how to read it from the answer (a create). */
  targetId: string | number | null | ((answer: Json) => unknown);
  /** Fields the entry's before and after must hold (checked with toMatchObject). */
  before?: Json | null;
  after?: Json | null;
};
type Case = { name: string; prepare: () => Promise<Prepared> };

let owner: { id: number; session: string };
const REASON = "Checked on ticket #77";

// ── fixtures ──

const uid = () => randomUUID().slice(0, 8);
const player = () => createUser();
const idParams = (id: number | bigint) => ({ id: String(id) });
const answerId = (a: Json) => a.id;

/** A creator code of a plain player's, active. */
async function walkCreatorCode() {
  const creator = await player();
  return db.creatorCode.create({ data: { code: `WALK-${uid()}`.toUpperCase(), userId: creator.id, bonusPercent: 10, sharePercent: 10 } });
}

async function forum() {
  const category = await db.forumCategory.create({ data: { name: `Walk ${uid()}` } });
  return db.forum.create({ data: { categoryId: category.id, name: `Walk forum ${uid()}`, description: "For the audit walk" } });
}

/** A player's thread (and its opening post) in a forum of its own; the thread row set as asked. */
async function playerThread(state: { pinned?: boolean; closed?: boolean; hidden?: boolean } = {}) {
  const author = await player();
  const f = await forum();
  const t = await createThread(
    { userId: author.id, username: author.username, isStaff: false },
    { forum_id: f.id, title: `Walk thread ${uid()}`, content: "<p>Opening words of the thread</p>" },
  );
  if (state.pinned || state.closed)
    await db.forumThread.update({ where: { id: t.id }, data: { pinned: state.pinned ?? false, closed: state.closed ?? false } });
  if (state.hidden) {
    const { PATCH } = await import("@/app/api/v1/staff/forums/threads/[id]/route");
    const r = await call(PATCH, staffRequest("PATCH", { params: idParams(t.id), body: { hidden: true, reason: "set-up" } }));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  }
  const post = await db.forumPost.findFirstOrThrow({ where: { threadId: t.id }, orderBy: { id: "asc" } });
  return { author, forum: f, thread: t, post };
}

const walkGoalBody = () => ({
  title: "Walk goal",
  target_cents: 50_000,
  starts_at: new Date(Date.now() - 60_000).toISOString(),
  ends_at: new Date(Date.now() + 86_400_000).toISOString(),
  reward_type: "double_xp",
  reward_payload: { minutes: 60 },
});
const walkVoteGoalBody = () => ({
  title: "Walk vote goal",
  target_votes: 500,
  window: "day",
  starts_at: new Date(Date.now() - 60_000).toISOString(),
  reward_type: "double_xp",
  reward_payload: { minutes: 60 },
});
async function walkVoteGoal() {
  const b = walkVoteGoalBody();
  return db.voteGoal.create({
    data: { title: b.title, targetVotes: b.target_votes, startsAt: new Date(b.starts_at), rewardType: b.reward_type, rewardPayload: b.reward_payload },
  });
}
async function walkGoal() {
  const b = walkGoalBody();
  return db.communityGoal.create({
    data: {
      title: b.title,
      targetCents: b.target_cents,
      startsAt: new Date(b.starts_at),
      endsAt: new Date(b.ends_at),
      rewardType: b.reward_type,
      rewardPayload: b.reward_payload,
    },
  });
}

const walkDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const walkSale = () =>
  db.storeSale.create({
    data: { name: "Walk sale", kind: "PERCENT", value: 20, scope: "STORE", startsAt: new Date(walkDay(1)), endsAt: new Date(walkDay(3)) },
  });

async function storeCategory() {
  return createCategory(`Walk ${uid()}`);
}

async function creditPackage() {
  return db.creditPackage.create({ data: { credits: 1000, bonusCredits: 100, priceCents: 5000, imageUrl: "/img/credits.png" } });
}

/** A stored Stripe event that settling refused, whose purchase staff have since put right. */
async function refusedStripeEvent() {
  const p = await player();
  const pkg = await creditPackage();
  const providerRef = `pi_walk_${uid()}`;
  const purchase = await db.creditPurchase.create({
    data: { userId: p.id, creditPackageId: pkg.id, method: "STRIPE", providerRef, credits: 1000, bonusCredits: 100, amountCents: 5000 },
  });
  const payload = {
    id: `evt_walk_${uid()}`,
    object: "event",
    type: "payment_intent.succeeded",
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: providerRef, object: "payment_intent", amount_received: 5000, currency: "usd", metadata: { purchase_id: String(purchase.id) } } },
  };
  return db.webhookEvent.create({
    data: {
      provider: "STRIPE",
      eventId: payload.id,
      type: payload.type,
      payload,
      processedAt: new Date(),
      error: "paid 4999 usd, expected 5000 USD",
      creditPurchaseId: purchase.id,
    },
  });
}

async function delivery(status: "PENDING" | "DELIVERED") {
  const p = await player();
  return db.gameDelivery.create({
    data: {
      userId: p.id,
      kind: "VOTE_REWARD",
      status,
      payload: { points: 1, site: "runelocus" },
      ...(status === "DELIVERED" ? { deliveredAt: new Date() } : {}),
    },
  });
}

/** A background job whose attempts are used up (failed), without running a worker. */
async function failedJob(): Promise<number> {
  const [row] = await db.$queryRaw<{ id: string }[]>`SELECT id::text FROM graphile_worker.add_job('test-audit-walk'::text, '{}'::json, max_attempts => 1)`;
  await db.$executeRaw`UPDATE graphile_worker._private_jobs SET attempts = 1, last_error = 'the fishing guild is closed' WHERE id = ${BigInt(row!.id)}`;
  return Number(row!.id);
}

async function ticket(closed: boolean) {
  const p = await player();
  return db.ticket.create({
    data: { userId: p.id, type: "GENERAL_INQUIRY", title: `Walk ticket ${uid()}`, description: "Please help", closed, state: closed ? "CLOSED" : "OPEN" },
  });
}

async function report(resolved: boolean) {
  const { post } = await playerThread();
  const reporter = await player();
  return db.forumPostReport.create({ data: { postId: post.id, reporterId: reporter.id, reason: "Spam", ...(resolved ? { resolvedAt: new Date() } : {}) } });
}

const walkCompetitionBody = () => {
  const start = Date.now() + 3_600_000;
  return {
    title: "Walk race",
    starts_at: new Date(start).toISOString(),
    ends_at: new Date(start + 86_400_000).toISOString(),
    metric_kind: "skills",
    metrics: [{ metric: "agility" }],
  };
};

async function walkCompetition() {
  const b = walkCompetitionBody();
  return createCompetition(
    {
      ...b,
      metric_kind: "skills",
      starts_at: new Date(b.starts_at),
      ends_at: new Date(b.ends_at),
      metrics: [{ metric: 17, weight: 1 }],
      type: "classic",
      signup: "open",
      teams: [],
      prizes: [],
    },
    { actorId: owner.id, ip: null },
  );
}

async function walkSchedule() {
  return createSchedule(
    { kind: "skill", weekday: 3, hour: 19, duration_hours: 168, signup: "everyone", staff_choose: false, rotation: [11], prizes: [] },
    { actorId: owner.id, ip: null },
  );
}

const threadCase = (
  name: string,
  state: Parameters<typeof playerThread>[0],
  change: Json,
  action: string,
  before: Json,
  after: Json | ((f: { id: number }) => Json),
): Case => ({
  name,
  prepare: async () => {
    const { thread } = await playerThread(state);
    const other = "forum_id" in change ? await forum() : null;
    const body = { ...change, ...(other ? { forum_id: other.id } : {}), reason: REASON };
    return {
      params: idParams(thread.id),
      body,
      action,
      targetType: "forum_thread",
      targetId: thread.id,
      before,
      after: typeof after === "function" ? after(other!) : after,
    };
  },
});

/** Every staff write operation, by "METHOD path": how to make a target, the request, the entry. */
const FIXTURES: Record<string, Case[]> = {
  // Store editor
  "POST /api/v1/staff/store/categories": [
    {
      name: "create",
      prepare: async () => ({
        body: { name: `Walk ${uid()}` },
        action: "store.category.created",
        targetType: "store_category",
        targetId: answerId,
        before: null,
      }),
    },
  ],
  "PATCH /api/v1/staff/store/categories/{id}": [
    {
      name: "rename",
      prepare: async () => {
        const c = await storeCategory();
        return {
          params: idParams(c.id),
          body: { name: `Renamed ${uid()}` },
          action: "store.category.updated",
          targetType: "store_category",
          targetId: c.id,
          before: { name: c.name },
        };
      },
    },
  ],
  "POST /api/v1/staff/store/products": [
    {
      name: "create",
      prepare: async () => {
        const c = await storeCategory();
        return {
          body: { name: `Walk ${uid()}`, imageHref: "/images/store/test.svg", price: 100, description: "A product.", categoryId: c.id, gameItemId: 4151 },
          action: "store.product.created",
          targetType: "store_product",
          targetId: answerId,
          before: null,
        };
      },
    },
  ],
  "PATCH /api/v1/staff/store/products/{id}": [
    {
      name: "reprice",
      prepare: async () => {
        const p = await createProduct({ categoryId: (await storeCategory()).id, price: 100 });
        return {
          params: idParams(p.id),
          body: { price: 150 },
          action: "store.product.updated",
          targetType: "store_product",
          targetId: p.id,
          before: { price: 100 },
          after: { price: 150 },
        };
      },
    },
  ],
  "POST /api/v1/staff/store/packages": [
    {
      name: "create",
      prepare: async () => ({
        body: { credits: 500, priceCents: 999, imageUrl: "/img/credits.png" },
        action: "store.package.created",
        targetType: "credit_package",
        targetId: answerId,
        before: null,
      }),
    },
  ],
  "PATCH /api/v1/staff/store/packages/{id}": [
    {
      name: "reprice",
      prepare: async () => {
        const p = await creditPackage();
        return {
          params: idParams(p.id),
          body: { priceCents: 5500 },
          action: "store.package.updated",
          targetType: "credit_package",
          targetId: p.id,
          before: { priceCents: 5000 },
          after: { priceCents: 5500 },
        };
      },
    },
  ],
  "POST /api/v1/staff/credits": [
    {
      name: "grant",
      prepare: async () => {
        const p = await player();
        return {
          body: { username: p.username, amount: 50, reason: REASON },
          action: "credits.granted",
          targetType: "user",
          targetId: p.id,
          before: { balance: 0 },
          after: { balance: 50 },
        };
      },
    },
  ],
  // Payments and deliveries
  "POST /api/v1/staff/payments/events/{id}/reapply": [
    {
      name: "re-apply",
      prepare: async () => {
        const e = await refusedStripeEvent();
        return { params: idParams(e.id), body: { reason: REASON }, action: "payments.event_reapplied", targetType: "webhook_event", targetId: e.id };
      },
    },
  ],
  "POST /api/v1/staff/deliveries/{id}/resend": [
    {
      name: "re-send",
      prepare: async () => {
        const d = await delivery("DELIVERED");
        return { params: idParams(d.id), body: { reason: REASON }, action: "deliveries.resent", targetType: "game_delivery", targetId: d.id };
      },
    },
  ],
  "POST /api/v1/staff/deliveries/{id}/cancel": [
    {
      name: "cancel",
      prepare: async () => {
        const d = await delivery("PENDING");
        return {
          params: idParams(d.id),
          body: { reason: REASON },
          action: "deliveries.canceled",
          targetType: "game_delivery",
          targetId: d.id,
          before: { status: "PENDING" },
          after: { status: "CANCELED" },
        };
      },
    },
  ],
  // Players
  "POST /api/v1/staff/players/{id}/ban": [
    {
      name: "ban",
      prepare: async () => {
        const p = await player();
        return {
          params: idParams(p.id),
          body: { reason: REASON },
          action: "account.banned",
          targetType: "user",
          targetId: p.id,
          before: { banned: false },
          after: { banned: true },
        };
      },
    },
  ],
  "POST /api/v1/staff/players/{id}/unban": [
    {
      name: "unban",
      prepare: async () => {
        const p = await createUser({ bannedAt: new Date(), banReason: "Macroing" });
        return {
          params: idParams(p.id),
          body: { reason: REASON },
          action: "account.unbanned",
          targetType: "user",
          targetId: p.id,
          before: { banned: true },
          after: { banned: false },
        };
      },
    },
  ],
  "POST /api/v1/staff/players/{id}/shared-addresses": [
    {
      name: "shared-address look-up",
      prepare: async () => {
        const p = await player();
        return {
          params: idParams(p.id),
          body: { days: 30 },
          action: "account.shared_addresses_viewed",
          targetType: "user",
          targetId: p.id,
          before: null,
          after: { days: 30, addresses: 0, accounts: 0 },
        };
      },
    },
  ],
  "POST /api/v1/staff/saved-replies": [
    {
      name: "save a reply",
      prepare: async () => {
        const title = `Walk reply ${uid()}`;
        return {
          body: { title, body: "Hello {player.name}" },
          action: "ticket.saved_reply.created",
          targetType: "saved_reply",
          targetId: answerId,
          before: null,
          after: { title, body: "Hello {player.name}" },
        };
      },
    },
  ],
  "PATCH /api/v1/staff/saved-replies/{id}": [
    {
      name: "edit a saved reply",
      prepare: async () => {
        const r = await db.savedReply.create({ data: { title: `Walk reply ${uid()}`, body: "Hello" } });
        return {
          params: idParams(r.id),
          body: { body: "Hello {player.name}" },
          action: "ticket.saved_reply.updated",
          targetType: "saved_reply",
          targetId: r.id,
          before: { body: "Hello" },
          after: { body: "Hello {player.name}" },
        };
      },
    },
  ],
  "DELETE /api/v1/staff/saved-replies/{id}": [
    {
      name: "delete a saved reply",
      prepare: async () => {
        const r = await db.savedReply.create({ data: { title: `Walk reply ${uid()}`, body: "Bye" } });
        return {
          params: idParams(r.id),
          action: "ticket.saved_reply.deleted",
          targetType: "saved_reply",
          targetId: r.id,
          before: { title: r.title, body: "Bye" },
          after: null,
        };
      },
    },
  ],
  "POST /api/v1/staff/players/{id}/punishments": [
    {
      name: "mute by a rule",
      prepare: async () => {
        const p = await player();
        return {
          params: idParams(p.id),
          body: { kind: "MUTE", rule: "spam", step: 1, duration: "24h", message: "Stop spamming.", reason: REASON },
          action: "punishment.applied",
          targetType: "user",
          targetId: p.id,
          before: { openMute: null },
          after: { punishment: { kind: "MUTE", rule: "spam", step: 1 } },
        };
      },
    },
  ],
  "POST /api/v1/staff/players/{id}/unmute": [
    {
      name: "unmute",
      prepare: async () => {
        const p = await player();
        const mute = await db.punishment.create({ data: { userId: p.id, kind: "MUTE", message: "Spam", createdByLabel: "walk" } });
        return {
          params: idParams(p.id),
          body: { reason: REASON },
          action: "punishment.lifted",
          targetType: "user",
          targetId: p.id,
          before: { openMute: mute.id },
          after: { openMute: null },
        };
      },
    },
  ],
  "POST /api/v1/staff/players/{id}/notes": [
    {
      name: "staff note",
      prepare: async () => {
        const p = await player();
        return {
          params: idParams(p.id),
          body: { body: "Warned in game first." },
          action: "punishment.note_added",
          targetType: "user",
          targetId: p.id,
          before: null,
          after: { body: "Warned in game first." },
        };
      },
    },
  ],
  "POST /api/v1/staff/players/{id}/end-sessions": [
    {
      name: "end sessions",
      prepare: async () => {
        const p = await player();
        await createSessionToken(p.id);
        return {
          params: idParams(p.id),
          body: { reason: REASON },
          action: "account.sessions_ended",
          targetType: "user",
          targetId: p.id,
          before: { openSessions: 1 },
          after: { openSessions: 0 },
        };
      },
    },
  ],
  "POST /api/v1/staff/players/{id}/reset-2fa": [
    {
      name: "reset two-factor",
      prepare: async () => {
        const p = await player();
        await db.user.update({ where: { id: p.id }, data: { totpSecretEnc: "iv.tag.data", totpEnabledAt: new Date(), totpLastStep: 1n } });
        return {
          params: idParams(p.id),
          body: { reason: REASON },
          action: "2fa.reset_by_staff",
          targetType: "user",
          targetId: p.id,
          before: { twoFactor: true },
          after: { twoFactor: false },
        };
      },
    },
  ],
  "PUT /api/v1/staff/players/{id}/privilege": [
    {
      name: "make moderator",
      prepare: async () => {
        const p = await player();
        return {
          params: idParams(p.id),
          body: { privilege: "MODERATOR", reason: REASON },
          action: "account.privilege_set",
          targetType: "user",
          targetId: p.id,
          before: { privilege: "PLAYER" },
          after: { privilege: "MODERATOR" },
        };
      },
    },
  ],
  // Forum structure
  "POST /api/v1/staff/forums/categories": [
    {
      name: "create",
      prepare: async () => ({
        body: { name: `Walk ${uid()}` },
        action: "forum.category.created",
        targetType: "forum_category",
        targetId: answerId,
        before: null,
      }),
    },
  ],
  "PATCH /api/v1/staff/forums/categories/{id}": [
    {
      name: "hide",
      prepare: async () => {
        const c = await db.forumCategory.create({ data: { name: `Walk ${uid()}` } });
        return {
          params: idParams(c.id),
          body: { hidden: true },
          action: "forum.category.hidden",
          targetType: "forum_category",
          targetId: c.id,
          before: { hidden: false },
          after: { hidden: true },
        };
      },
    },
  ],
  "DELETE /api/v1/staff/forums/categories/{id}": [
    {
      name: "delete",
      prepare: async () => {
        const c = await db.forumCategory.create({ data: { name: `Walk ${uid()}` } });
        return { params: idParams(c.id), action: "forum.category.deleted", targetType: "forum_category", targetId: c.id, after: null };
      },
    },
  ],
  "PUT /api/v1/staff/forums/categories/order": [
    {
      name: "reverse",
      prepare: async () => {
        await db.forumCategory.create({ data: { name: `Walk ${uid()}` } });
        const ids = (await db.forumCategory.findMany({ orderBy: [{ sortOrder: "asc" }, { id: "asc" }], select: { id: true } })).map((c) => c.id).reverse();
        return { body: { ids }, action: "forum.categories.reordered", targetType: "forum_category", targetId: null };
      },
    },
  ],
  "POST /api/v1/staff/forums/forums": [
    {
      name: "create",
      prepare: async () => {
        const c = await db.forumCategory.create({ data: { name: `Walk ${uid()}` } });
        return {
          body: { categoryId: c.id, name: `Walk ${uid()}`, description: "A forum." },
          action: "forum.forum.created",
          targetType: "forum",
          targetId: answerId,
          before: null,
        };
      },
    },
  ],
  "PATCH /api/v1/staff/forums/forums/{id}": [
    {
      name: "staff only",
      prepare: async () => {
        const f = await forum();
        return {
          params: idParams(f.id),
          body: { staffOnly: true },
          action: "forum.forum.updated",
          targetType: "forum",
          targetId: f.id,
          before: { staffOnly: false },
          after: { staffOnly: true },
        };
      },
    },
  ],
  "DELETE /api/v1/staff/forums/forums/{id}": [
    {
      name: "delete",
      prepare: async () => {
        const f = await forum();
        return { params: idParams(f.id), action: "forum.forum.deleted", targetType: "forum", targetId: f.id, after: null };
      },
    },
  ],
  "PUT /api/v1/staff/forums/forums/order": [
    {
      name: "reverse",
      prepare: async () => {
        const c = await db.forumCategory.create({ data: { name: `Walk ${uid()}` } });
        const made = [];
        for (let i = 0; i < 2; i++)
          made.push(await db.forum.create({ data: { categoryId: c.id, name: `Walk ${uid()}`, description: "A forum.", sortOrder: i } }));
        return {
          body: { categoryId: c.id, ids: made.map((f) => f.id).reverse() },
          action: "forum.forums.reordered",
          targetType: "forum_category",
          targetId: c.id,
        };
      },
    },
  ],
  // Game keys and jobs
  "POST /api/v1/staff/game-keys": [
    {
      name: "create",
      prepare: async () => ({
        body: { name: `walk-${uid()}`, scopes: ["login"] },
        action: "game.key_created",
        targetType: "game_api_key",
        targetId: (a) => (a.gameKey as Json).id,
        before: null,
      }),
    },
  ],
  "DELETE /api/v1/staff/game-keys/{id}": [
    {
      name: "revoke",
      prepare: async () => {
        const { info } = await createGameApiKey(CLI_ACTOR, `walk-${uid()}`, ["login"]);
        return { params: idParams(info.id), action: "game.key_revoked", targetType: "game_api_key", targetId: info.id };
      },
    },
  ],
  "POST /api/v1/staff/jobs/{id}/retry": [
    {
      name: "retry",
      prepare: async () => {
        const id = await failedJob();
        return { params: idParams(id), action: "jobs.retried", targetType: "job", targetId: id };
      },
    },
  ],
  "DELETE /api/v1/staff/jobs/{id}": [
    {
      name: "delete",
      prepare: async () => {
        const id = await failedJob();
        return { params: idParams(id), action: "jobs.deleted", targetType: "job", targetId: id, after: null };
      },
    },
  ],
  // Forum moderation
  "PATCH /api/v1/staff/forums/threads/{id}": [
    threadCase("pin", {}, { pinned: true }, "forum.thread.pin", { pinned: false }, { pinned: true }),
    threadCase("unpin", { pinned: true }, { pinned: false }, "forum.thread.unpin", { pinned: true }, { pinned: false }),
    threadCase("close", {}, { closed: true }, "forum.thread.close", { closed: false }, { closed: true }),
    threadCase("reopen", { closed: true }, { closed: false }, "forum.thread.reopen", { closed: true }, { closed: false }),
    threadCase("hide", {}, { hidden: true }, "forum.thread.hide", { hidden: false }, { hidden: true }),
    threadCase("unhide", { hidden: true }, { hidden: false }, "forum.thread.unhide", { hidden: true }, { hidden: false }),
    threadCase("rename", {}, { title: "A better title" }, "forum.thread.rename", {}, { title: "A better title" }),
    threadCase("move", {}, { forum_id: 0 }, "forum.thread.move", {}, (f) => ({ forumId: f.id })),
  ],
  "PATCH /api/v1/staff/forums/posts/{id}": [
    {
      name: "hide",
      prepare: async () => {
        const { post } = await playerThread();
        return {
          params: idParams(post.id),
          body: { hidden: true, reason: REASON },
          action: "forum.post.hide",
          targetType: "forum_post",
          targetId: post.id,
          before: { hidden: false },
          after: { hidden: true },
        };
      },
    },
    {
      name: "unhide",
      prepare: async () => {
        const { post } = await playerThread();
        const { PATCH } = await import("@/app/api/v1/staff/forums/posts/[id]/route");
        expect((await call(PATCH, staffRequest("PATCH", { params: idParams(post.id), body: { hidden: true, reason: "set-up" } }))).status).toBe(200);
        return {
          params: idParams(post.id),
          body: { hidden: false, reason: REASON },
          action: "forum.post.unhide",
          targetType: "forum_post",
          targetId: post.id,
          before: { hidden: true },
          after: { hidden: false },
        };
      },
    },
  ],
  "PATCH /api/v1/staff/forums/reports/{id}": [
    {
      name: "resolve with an outcome and a note",
      prepare: async () => {
        const r = await report(false);
        return {
          params: idParams(r.id),
          body: { outcome: "disagreed", note: "Within the rules" },
          action: "forum.report.resolve",
          targetType: "forum_post_report",
          targetId: r.id,
          before: { resolved: false },
          after: { resolved: true, outcome: "disagreed", action: null, note: "Within the rules" },
        };
      },
    },
    {
      name: "resolve",
      prepare: async () => {
        const r = await report(false);
        return {
          params: idParams(r.id),
          body: { resolved: true },
          action: "forum.report.resolve",
          targetType: "forum_post_report",
          targetId: r.id,
          before: { resolved: false },
          after: { resolved: true },
        };
      },
    },
    {
      name: "reopen",
      prepare: async () => {
        const r = await report(true);
        return {
          params: idParams(r.id),
          body: { resolved: false },
          action: "forum.report.reopen",
          targetType: "forum_post_report",
          targetId: r.id,
          before: { resolved: true },
          after: { resolved: false },
        };
      },
    },
  ],
  "PATCH /api/v1/forums/posts/{id}": [
    {
      name: "a player's post",
      prepare: async () => {
        const { post } = await playerThread();
        return {
          params: idParams(post.id),
          body: { content: "<p>Removed a link to a gold seller</p>", reason: REASON },
          action: "forum.post.edit",
          targetType: "forum_post",
          targetId: post.id,
          before: { excerpt: "Opening words of the thread" },
          after: { excerpt: "Removed a link to a gold seller" },
        };
      },
    },
    {
      name: "another member of staff's news article",
      prepare: async () => {
        const mod = await createUser({ privilege: "MODERATOR" });
        const news = await createNews(
          { userId: mod.id, privilege: "MODERATOR" },
          { title: `Walk news ${uid()}`, content: "<p>Double XP this weekend</p>" },
          null,
        );
        const row = await db.newsPost.findUniqueOrThrow({ where: { id: news.id }, select: { threadId: true } });
        const post = await db.forumPost.findFirstOrThrow({ where: { threadId: row.threadId }, orderBy: { id: "asc" } });
        return {
          params: idParams(post.id),
          body: { content: "<p>Double XP next weekend</p>", reason: REASON },
          action: "forum.post.edit",
          targetType: "forum_post",
          targetId: post.id,
          before: { excerpt: "Double XP this weekend" },
          after: { excerpt: "Double XP next weekend" },
        };
      },
    },
  ],
  // Competitions
  "POST /api/v1/staff/competitions": [
    {
      name: "create",
      prepare: async () => ({
        body: walkCompetitionBody(),
        action: "competition.created",
        targetType: "competition",
        targetId: answerId,
        before: null,
        after: { title: "Walk race", status: "upcoming" },
      }),
    },
  ],
  "PATCH /api/v1/staff/competitions/{id}": [
    {
      name: "rename before the start",
      prepare: async () => {
        const c = await walkCompetition();
        return {
          params: idParams(c.id),
          body: { title: "Walk race, renamed" },
          action: "competition.updated",
          targetType: "competition",
          targetId: c.id,
          before: { title: "Walk race" },
          after: { title: "Walk race, renamed" },
        };
      },
    },
  ],
  "POST /api/v1/staff/competitions/{id}/cancel": [
    {
      name: "cancel",
      prepare: async () => {
        const c = await walkCompetition();
        return {
          params: idParams(c.id),
          body: { reason: REASON },
          action: "competition.cancelled",
          targetType: "competition",
          targetId: c.id,
          before: { status: "upcoming", cancelled_at: null },
          after: { status: "cancelled" },
        };
      },
    },
  ],
  "POST /api/v1/staff/competitions/schedules": [
    {
      name: "create (with its first competition)",
      prepare: async () => ({
        body: { kind: "skill", weekday: 3, hour: 19, duration_hours: 168, rotation: ["fishing", "mining"] },
        action: "competition.schedule.created",
        targetType: "competition_schedule",
        targetId: answerId,
        before: null,
        after: { kind: "skill", rotation: ["fishing", "mining"], firstCompetitionId: expect.any(Number) },
      }),
    },
  ],
  "PATCH /api/v1/staff/competitions/schedules/{id}": [
    {
      name: "move the hour",
      prepare: async () => {
        const s = await walkSchedule();
        return {
          params: idParams(s.id),
          body: { hour: 21 },
          action: "competition.schedule.updated",
          targetType: "competition_schedule",
          targetId: s.id,
          before: { hour: 19 },
          after: { hour: 21 },
        };
      },
    },
  ],
  "DELETE /api/v1/staff/competitions/schedules/{id}": [
    {
      name: "delete",
      prepare: async () => {
        const s = await walkSchedule();
        return {
          params: idParams(s.id),
          action: "competition.schedule.deleted",
          targetType: "competition_schedule",
          targetId: s.id,
          before: { hour: 19 },
          after: null,
        };
      },
    },
  ],
  // Scheduled sales and coupons
  "POST /api/v1/staff/store/sales": [
    {
      name: "schedule a sale",
      prepare: async () => ({
        body: { name: "Walk sale", kind: "PERCENT", value: 20, scope: "STORE", startsAt: walkDay(1), endsAt: walkDay(3) },
        action: "store.sale.created",
        targetType: "store_sale",
        targetId: answerId,
        before: null,
        after: { name: "Walk sale", value: 20 },
      }),
    },
  ],
  "PATCH /api/v1/staff/store/sales/{id}": [
    {
      name: "change its value",
      prepare: async () => {
        const sale = await walkSale();
        return {
          params: idParams(sale.id),
          body: { value: 35 },
          action: "store.sale.updated",
          targetType: "store_sale",
          targetId: sale.id,
          before: { value: 20 },
          after: { value: 35 },
        };
      },
    },
  ],
  "DELETE /api/v1/staff/store/sales/{id}": [
    {
      name: "delete",
      prepare: async () => {
        const sale = await walkSale();
        return {
          params: idParams(sale.id),
          action: "store.sale.deleted",
          targetType: "store_sale",
          targetId: sale.id,
          before: { name: "Walk sale" },
          after: null,
        };
      },
    },
  ],
  "POST /api/v1/staff/store/coupons": [
    {
      name: "create",
      prepare: async () => ({
        body: { code: `WALK-${uid()}`, kind: "PERCENT", value: 10, scope: "BASKET" },
        action: "store.coupon.created",
        targetType: "coupon",
        targetId: answerId,
        before: null,
        after: { value: 10, active: true },
      }),
    },
  ],
  "PATCH /api/v1/staff/store/coupons/{id}": [
    {
      name: "disable",
      prepare: async () => {
        const coupon = await db.coupon.create({ data: { code: `WALK-${uid()}`.toUpperCase(), kind: "PERCENT", value: 10, scope: "BASKET" } });
        return {
          params: idParams(coupon.id),
          body: { active: false },
          action: "store.coupon.updated",
          targetType: "coupon",
          targetId: coupon.id,
          before: { active: true },
          after: { active: false },
        };
      },
    },
  ],
  // Creator codes
  "POST /api/v1/staff/store/creator-codes": [
    {
      name: "create",
      prepare: async () => {
        const p = await player();
        return {
          body: { code: `WALK-${uid()}`, username: p.username, bonusPercent: 10, sharePercent: 5 },
          action: "store.creator_code.created",
          targetType: "creator_code",
          targetId: answerId,
          before: null,
          after: { username: p.username, bonusPercent: 10, sharePercent: 5, active: true },
        };
      },
    },
  ],
  "PATCH /api/v1/staff/store/creator-codes/{id}": [
    {
      name: "pause",
      prepare: async () => {
        const code = await walkCreatorCode();
        return {
          params: idParams(code.id),
          body: { active: false },
          action: "store.creator_code.paused",
          targetType: "creator_code",
          targetId: code.id,
          before: { active: true },
          after: { active: false },
        };
      },
    },
  ],
  "POST /api/v1/staff/store/creator-codes/{id}/pay": [
    {
      name: "pay",
      prepare: async () => {
        const code = await walkCreatorCode();
        const buyer = await player();
        const pkg = await db.creditPackage.create({ data: { credits: 100, bonusCredits: 0, priceCents: 1000, imageUrl: "/x.png" } });
        const purchase = await db.creditPurchase.create({
          data: {
            userId: buyer.id,
            creditPackageId: pkg.id,
            method: "STRIPE",
            status: "PAID",
            credits: 100,
            bonusCredits: 0,
            amountCents: 1000,
            paidAt: new Date(),
            creatorCodeId: code.id,
          },
        });
        await db.creatorShare.create({
          data: { creatorCodeId: code.id, creditPurchaseId: purchase.id, paidCents: 1000, amountCents: 100, payableAt: new Date(Date.now() - 1000) },
        });
        return {
          params: idParams(code.id),
          body: { reference: "walk transfer" },
          action: "store.creator_code.paid",
          targetType: "creator_code",
          targetId: code.id,
          before: { payableCents: 100, paidCents: 0 },
          after: { payableCents: 0, paidCents: 100 },
        };
      },
    },
  ],
  // Gift cards and product images
  "POST /api/v1/staff/store/gift-cards": [
    {
      name: "issue",
      prepare: async () => ({
        body: { credits: 250, reason: REASON },
        action: "giftcard.issued",
        targetType: "gift_card",
        targetId: (a: Json) => (a.card as Json).id,
        before: null,
        after: { credits: 250, status: "ACTIVE" },
      }),
    },
  ],
  "POST /api/v1/staff/store/gift-cards/{id}/void": [
    {
      name: "void an unused card",
      prepare: async () => {
        const { card } = await issueGiftCard({ credits: 100, reason: "set-up", expiresAt: null }, { actorId: owner.id, ip: null });
        return {
          params: idParams(card.id),
          body: { reason: REASON },
          action: "giftcard.voided",
          targetType: "gift_card",
          targetId: card.id,
          before: { status: "ACTIVE" },
          after: { status: "VOIDED" },
        };
      },
    },
  ],
  "POST /api/v1/staff/store/images": [
    {
      name: "upload a new image",
      prepare: async () => {
        // New bytes in this file's database: the same bytes uploaded again are the same row and write nothing.
        const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#7a3e1d" } })
          .png()
          .toBuffer();
        return {
          body: { data: png.toString("base64") },
          action: "image.uploaded",
          targetType: "store_image",
          targetId: (a: Json) => a.sha256,
          before: null,
          after: { type: "image/png", width: 8, height: 8 },
        };
      },
    },
  ],
  // Community goals
  "POST /api/v1/staff/store/goals": [
    {
      name: "create",
      prepare: async () => ({
        body: walkGoalBody(),
        action: "goal.created",
        targetType: "community_goal",
        targetId: answerId,
        before: null,
        after: { title: "Walk goal", target_cents: 50_000, state: "open" },
      }),
    },
  ],
  "PATCH /api/v1/staff/store/goals/{id}": [
    {
      name: "raise the target",
      prepare: async () => {
        const g = await walkGoal();
        return {
          params: idParams(g.id),
          body: { target_cents: 60_000 },
          action: "goal.updated",
          targetType: "community_goal",
          targetId: g.id,
          before: { target_cents: 50_000 },
          after: { target_cents: 60_000 },
        };
      },
    },
  ],
  "POST /api/v1/staff/store/goals/{id}/end": [
    {
      name: "end now",
      prepare: async () => {
        const g = await walkGoal();
        return {
          params: idParams(g.id),
          action: "goal.ended",
          targetType: "community_goal",
          targetId: g.id,
          before: { state: "open", ended_at: null },
          after: { state: "ended" },
        };
      },
    },
  ],
  // Vote goals
  "POST /api/v1/staff/votes/goals": [
    {
      name: "create",
      prepare: async () => ({
        body: walkVoteGoalBody(),
        action: "vote_goal.created",
        targetType: "vote_goal",
        targetId: answerId,
        before: null,
        after: { title: "Walk vote goal", target_votes: 500, window: "day", state: "open" },
      }),
    },
  ],
  "PATCH /api/v1/staff/votes/goals/{id}": [
    {
      name: "raise the target",
      prepare: async () => {
        const g = await walkVoteGoal();
        return {
          params: idParams(g.id),
          body: { target_votes: 600 },
          action: "vote_goal.updated",
          targetType: "vote_goal",
          targetId: g.id,
          before: { target_votes: 500 },
          after: { target_votes: 600 },
        };
      },
    },
    {
      name: "pause",
      prepare: async () => {
        const g = await walkVoteGoal();
        return {
          params: idParams(g.id),
          body: { active: false },
          action: "vote_goal.updated",
          targetType: "vote_goal",
          targetId: g.id,
          before: { active: true, state: "open" },
          after: { active: false, state: "inactive" },
        };
      },
    },
  ],
  // Vote listing sites
  "POST /api/v1/staff/votes/sites": [
    {
      name: "add from a preset",
      prepare: async () => ({
        body: { key: `walk_${Date.now() % 1_000_000}`, preset: "topg", allowed_ips: ["203.0.113.90"], reward_points: 3 },
        action: "vote.site.created",
        targetType: "vote_site",
        targetId: answerId,
        before: null,
        after: { preset: "topg", token_param: "p_resp", reward_points: 3, active: false, has_secret: false },
      }),
    },
  ],
  "PATCH /api/v1/staff/votes/sites/{id}": [
    {
      name: "raise the reward",
      prepare: async () => {
        const site = await db.voteSite.create({
          data: { key: `walk_edit_${Date.now() % 1_000_000}`, name: "Walk site", urlTemplate: "https://walk.example/?t={token}", tokenParam: "t" },
        });
        return {
          params: idParams(site.id),
          body: { reward_points: 4 },
          action: "vote.site.updated",
          targetType: "vote_site",
          targetId: site.id,
          before: { reward_points: 2 },
          after: { reward_points: 4 },
        };
      },
    },
    {
      name: "turn off",
      prepare: async () => {
        const site = await db.voteSite.create({
          data: { key: `walk_off_${Date.now() % 1_000_000}`, name: "Walk site", urlTemplate: "https://walk.example/?t={token}", tokenParam: "t", active: true },
        });
        return {
          params: idParams(site.id),
          body: { active: false },
          action: "vote.site.deactivated",
          targetType: "vote_site",
          targetId: site.id,
          before: { active: true },
          after: { active: false },
        };
      },
    },
  ],
  // News and tickets
  "POST /api/v1/news": [
    {
      name: "publish",
      prepare: async () => ({
        body: { title: `Walk news ${uid()}`, content: "<p>Double XP this weekend</p>" },
        action: "news.create",
        targetType: "news",
        targetId: answerId,
        before: null,
      }),
    },
  ],
  "PATCH /api/v1/tickets/{id}": [
    {
      name: "close",
      prepare: async () => {
        const t = await ticket(false);
        return {
          params: idParams(t.id),
          body: { closed: true },
          action: "ticket.close",
          targetType: "ticket",
          targetId: t.id,
          before: { closed: false },
          after: { closed: true },
        };
      },
    },
    {
      name: "reopen",
      prepare: async () => {
        const t = await ticket(true);
        return {
          params: idParams(t.id),
          body: { closed: false },
          action: "ticket.reopen",
          targetType: "ticket",
          targetId: t.id,
          before: { closed: true },
          after: { closed: false },
        };
      },
    },
  ],
  "PATCH /api/v1/staff/tickets/{id}": [
    {
      name: "assign",
      prepare: async () => {
        const t = await ticket(false);
        return {
          params: idParams(t.id),
          body: { assignee: owner.id },
          action: "ticket.assign",
          targetType: "ticket",
          targetId: t.id,
          before: { assignee: null, assigneeId: null },
          after: { assigneeId: owner.id },
        };
      },
    },
    {
      name: "priority",
      prepare: async () => {
        const t = await ticket(false);
        return {
          params: idParams(t.id),
          body: { priority: "high" },
          action: "ticket.priority",
          targetType: "ticket",
          targetId: t.id,
          before: { priority: "normal" },
          after: { priority: "high" },
        };
      },
    },
  ],
  "POST /api/v1/staff/tickets/{id}/notes": [
    {
      name: "internal note",
      prepare: async () => {
        const t = await ticket(false);
        return {
          params: idParams(t.id),
          body: { content: "Checked the logs: no trade happened." },
          action: "ticket.note",
          targetType: "ticket",
          targetId: t.id,
          before: null,
          after: { noteId: expect.any(Number) },
        };
      },
    },
  ],
};

// ── the walk ──

const isStaffWrite = (op: Operation) => op.method !== "GET" && (STAFF_AUTH.has(op.auth) || (op.auth === "user" && !(keyOf(op) in PLAYER_WRITES)));
const staffWrites = operations.filter(isStaffWrite);

/** The body's field names, from the operation's own schema. */
function bodyFields(op: Operation): string[] {
  if (!op.body || !(op.body instanceof z.ZodType)) return [];
  const schema = z.toJSONSchema(op.body, { io: "input", unrepresentable: "any" }) as { properties?: Json };
  return Object.keys(schema.properties ?? {});
}

let client: Record<string, string>;
function staffRequest(method: string, r: { params?: Record<string, string>; body?: Json } = {}) {
  client = freshClient();
  return {
    method,
    path: "/api/v1/walk",
    params: r.params ?? {},
    ...(r.body === undefined ? {} : { body: r.body }),
    cookies: { session: owner.session },
    headers: { ...SAME_ORIGIN, ...client },
  };
}

let restore: () => void;
beforeAll(async () => {
  restore = setEnv({ TRUST_PROXY: "true" });
  const u = await createUser({ privilege: "OWNER" });
  owner = { id: u.id, session: await createSessionToken(u.id) };
});
afterAll(() => restore());

describe("the audit walk covers every staff write", () => {
  it("has a fixture for every staff write operation, and none for anything else", () => {
    const missing = staffWrites.filter((op) => !FIXTURES[keyOf(op)]?.length).map(keyOf);
    expect(missing, `No audit fixture for: ${missing.join(", ")}. Add one to FIXTURES (or, for a player's own write, to PLAYER_WRITES).`).toEqual([]);
    const stale = Object.keys(FIXTURES).filter((k) => !staffWrites.some((op) => keyOf(op) === k));
    expect(stale, "fixtures for operations that are not staff writes").toEqual([]);
    const notPlayerWrites = Object.keys(PLAYER_WRITES).filter((k) => !operations.some((op) => keyOf(op) === k && op.auth === "user" && op.method !== "GET"));
    expect(notPlayerWrites, "PLAYER_WRITES names operations that are not signed-in writes").toEqual([]);
  });
});

for (const op of staffWrites) {
  describe(keyOf(op), () => {
    const takesReason = bodyFields(op).includes("reason");
    for (const c of FIXTURES[keyOf(op)] ?? []) {
      it(`${c.name}: one entry with actor, address, target, reason, before and after`, async () => {
        const p = await c.prepare();
        if (takesReason) expect(p.body?.reason, "the operation takes a reason: the fixture must send one").toBe(REASON);
        const mark = (await db.auditLog.aggregate({ _max: { id: true } }))._max.id ?? 0;

        const r = await call(await handlerOf(op), staffRequest(op.method, p));
        expect([200, 201], JSON.stringify(r.json)).toContain(r.status);

        const fresh = await db.auditLog.findMany({ where: { id: { gt: mark } }, orderBy: { id: "asc" } });
        expect(
          fresh.map((e) => e.action),
          "the new audit entries",
        ).toEqual([p.action]);
        const entry = fresh[0]!;
        const target = typeof p.targetId === "function" ? p.targetId(r.json) : p.targetId;
        expect(entry).toMatchObject({
          actorId: owner.id,
          ip: client["x-forwarded-for"],
          targetType: p.targetType,
          targetId: target === null ? null : String(target),
        });

        const data = entry.data as Json;
        expect(Object.keys(data ?? {}), "data holds reason, before and after").toEqual(expect.arrayContaining(["reason", "before", "after"]));
        expect(data.reason).toBe(takesReason ? REASON : null);
        for (const side of ["before", "after"] as const) {
          const v = data[side];
          expect(v === null || (typeof v === "object" && !Array.isArray(v)), `${side} is an object of fields, or null`).toBe(true);
          const want = p[side];
          if (want === null) expect(v).toBeNull();
          else if (want) expect(v).toMatchObject(want);
        }
        expect(data.before ?? null, "before and after differ").not.toEqual(data.after ?? null);
      });
    }
  });
}

describe("an entry commits with its change", () => {
  it("a ticket close that fails after its entry is written leaves neither the close nor the entry; allowed, it makes both", async () => {
    // The close writes its entry, then queues the player's mail job and notification; a trigger
    // on this file's own database refuses that notification, so the transaction fails after the
    // entry. An entry written outside the transaction would stay behind.
    const t = await ticket(false);
    await db.$executeRawUnsafe(
      `CREATE FUNCTION walk_refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'notification refused'; END $$`,
    );
    await db.$executeRawUnsafe(
      `CREATE TRIGGER walk_refuse_mail BEFORE INSERT ON notifications FOR EACH ROW WHEN (NEW."userId" = ${Number(t.userId)}) EXECUTE FUNCTION walk_refuse_mail()`,
    );
    const { PATCH } = await import("@/app/api/v1/tickets/[id]/route");
    const entries = () => db.auditLog.count({ where: { targetType: "ticket", targetId: String(t.id) } });
    try {
      expect((await call(PATCH, staffRequest("PATCH", { params: idParams(t.id), body: { closed: true } }))).status).toBe(500);
      expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).closed).toBe(false);
      expect(await entries()).toBe(0);
    } finally {
      await db.$executeRawUnsafe(`DROP TRIGGER walk_refuse_mail ON notifications`);
      await db.$executeRawUnsafe(`DROP FUNCTION walk_refuse_mail()`);
    }
    expect((await call(PATCH, staffRequest("PATCH", { params: idParams(t.id), body: { closed: true } }))).status).toBe(200);
    expect((await db.ticket.findUniqueOrThrow({ where: { id: t.id } })).closed).toBe(true);
    expect(await entries()).toBe(1);
  });
});
