import { describe, expect, it } from "vitest";
import { z } from "zod";
import { operations } from "@/lib/schemas/operations";
import type { Operation } from "@/lib/schemas/api";
import { db } from "@/lib/server/db";
import { createBrowserSession } from "@/lib/server/sessions/browser-sessions";
import { createUser } from "../factories/users";
import { call, handlerOf, SAME_ORIGIN } from "./helpers";

// The staff rule (lib/privileges.ts, docs/staff.md "Who may act on whom") through every staff
// operation that names an account: each operation that declares a `staffTarget` is called by
// every staff rank on itself, on each lower rank, on another account of its own rank and on each
// higher rank. What must happen is this one table; a refusal is a 403 that changes nothing, and
// its allowed twin in the same run succeeds. A staff operation added later with a staffTarget is
// walked here without editing this file.

type Rank = "PLAYER" | "MODERATOR" | "ADMINISTRATOR" | "OWNER";
type Relation = "self" | "lower" | "equal" | "higher";
type Reach = NonNullable<Operation["staffTarget"]>["reach"];

const LADDER: Rank[] = ["PLAYER", "MODERATOR", "ADMINISTRATOR", "OWNER"];
const STAFF: Rank[] = ["MODERATOR", "ADMINISTRATOR", "OWNER"];
const AUTH_MIN: Record<string, Rank> = { moderator: "MODERATOR", administrator: "ADMINISTRATOR", owner: "OWNER" };

/** The rule, as the owner of a server reads it. `privilege` is an owner's power: other ranks are refused whatever the target. */
const ALLOWED: Record<Reach, Record<Relation, boolean>> = {
  read: { self: true, lower: true, equal: false, higher: false },
  act: { self: false, lower: true, equal: false, higher: false },
  privilege: { self: false, lower: true, equal: true, higher: false },
};
const expectedAllowed = (reach: Reach, actor: Rank, relation: Relation) => ALLOWED[reach][relation] && (reach !== "privilege" || actor === "OWNER");

const targeted = operations.filter((op) => op.staffTarget);
const rank = (p: Rank) => LADDER.indexOf(p);

type Account = Awaited<ReturnType<typeof createUser>>;

/** A target in the state every action can apply to: 2FA on, banned until tomorrow (so unban has work), muted (so unmute has), a delivered and a pending delivery. */
async function makeTarget(privilege: Rank): Promise<Account> {
  const user = await createUser({ privilege, bannedAt: new Date(Date.now() - 60_000) });
  await db.user.update({
    where: { id: user.id },
    data: { totpSecretEnc: "matrix-not-a-real-secret", totpEnabledAt: new Date(), bannedUntil: new Date(Date.now() + 86_400_000), banReason: "matrix" },
  });
  await db.punishment.create({
    data: { userId: user.id, kind: "MUTE", message: "matrix", createdByLabel: "matrix", endsAt: new Date(Date.now() + 86_400_000) },
  });
  return user;
}

/** The delivery an operation on `path-delivery` names: delivered for a re-send, pending otherwise. */
async function deliveryOf(op: Operation, userId: number): Promise<number> {
  const delivered = op.path.endsWith("/resend");
  const row = await db.gameDelivery.create({
    data: {
      userId,
      kind: "VOTE_REWARD",
      payload: { points: 1, site: "matrix" },
      status: delivered ? "DELIVERED" : "PENDING",
      deliveredAt: delivered ? new Date() : null,
    },
  });
  return row.id;
}

/** A valid body for the operation, filled from its JSON Schema by field name; an unknown required field fails the test naming it. */
function bodyFor(op: Operation, target: Account): Record<string, unknown> | undefined {
  if (!op.body || !(op.body instanceof z.ZodType)) return undefined;
  const schema = z.toJSONSchema(op.body, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, unknown>; required?: string[] };
  const fill: Record<string, unknown> = {
    reason: "rank matrix check",
    username: target.username,
    amount: 5,
    // A creator code: unique per call.
    code: `MX${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
    bonusPercent: 5,
    sharePercent: 5,
    privilege: target.privilege === "PLAYER" ? "MODERATOR" : "PLAYER",
    // A punishment (the lightest) and a staff note.
    kind: "WARNING",
    message: "rank matrix warning",
    body: "rank matrix note",
  };
  const body: Record<string, unknown> = {};
  for (const key of schema.required ?? []) {
    if (!(key in fill)) throw new Error(`${op.method} ${op.path}: no value for the required body field "${key}" (add one to bodyFor)`);
    body[key] = fill[key];
  }
  for (const key of Object.keys(schema.properties ?? {})) if (key in fill && !(key in body)) body[key] = fill[key];
  return body;
}

/** What the staff rule protects on the target: nothing of it may change when a call is refused. */
async function snapshot(userId: number) {
  const [user, deliveries, audit, punishments, notes] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { privilege: true, bannedAt: true, storeCredits: true, totpEnabledAt: true } }),
    db.gameDelivery.findMany({ where: { userId }, select: { id: true, status: true }, orderBy: { id: "asc" } }),
    db.auditLog.count({ where: { targetId: String(userId) } }),
    db.punishment.findMany({ where: { userId }, select: { id: true, liftedAt: true }, orderBy: { id: "asc" } }),
    db.playerNote.count({ where: { userId } }),
  ]);
  const sessions = await db.session.count({ where: { userId, revokedAt: null } });
  return { user, deliveries, audit, sessions, punishments, notes };
}

/** The request an operation makes on `target` (a delivery it names is made now, before the snapshot). */
async function requestFor(op: Operation, target: Account) {
  const params: Record<string, string> = {};
  if (op.staffTarget?.in === "path-player") params.id = String(target.id);
  if (op.staffTarget?.in === "path-delivery") params.id = String(await deliveryOf(op, target.id));
  return { params, body: bodyFor(op, target), path: op.path.replace("{id}", params.id ?? "") };
}

describe("the staff rule through every operation that names an account", () => {
  it("covers the operations it must (the players area, credit grants)", () => {
    const paths = targeted.map((op) => `${op.method} ${op.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        "GET /api/v1/staff/players/{id}",
        "POST /api/v1/staff/players/{id}/ban",
        "PUT /api/v1/staff/players/{id}/privilege",
        "POST /api/v1/staff/credits",
        "POST /api/v1/staff/store/creator-codes",
        "GET /api/v1/staff/players/{id}/punishments",
        "GET /api/v1/staff/players/{id}/punishments/proposals",
        "POST /api/v1/staff/players/{id}/punishments",
        "POST /api/v1/staff/players/{id}/unmute",
        "GET /api/v1/staff/players/{id}/notes",
        "POST /api/v1/staff/players/{id}/notes",
      ]),
    );
    // Every staff operation whose path is a player's record declares its target (defineOperation enforces it too).
    for (const op of operations) if (op.path.startsWith("/api/v1/staff/players/{id}")) expect(op.staffTarget, `${op.method} ${op.path}`).toBeDefined();
  });

  for (const op of targeted) {
    it(`${op.method} ${op.path} (${op.staffTarget!.reach})`, { timeout: 60_000 }, async () => {
      const reach = op.staffTarget!.reach;
      const failures: string[] = [];
      let allowedSeen = 0;
      let refusedSeen = 0;
      for (const actorRank of STAFF) {
        const actor = await createUser({ privilege: actorRank });
        const { token } = await createBrowserSession(actor.id, { userAgent: "matrix", ip: null });
        // Another target for each relation: the actor itself, every rank below, one of its own rank, every rank above.
        const cells: Array<[Relation, Rank | "self"]> = [
          ["self", "self"],
          ...LADDER.filter((p) => rank(p) < rank(actorRank)).map((p) => ["lower", p] as [Relation, Rank]),
          ["equal", actorRank],
          ...LADDER.filter((p) => rank(p) > rank(actorRank)).map((p) => ["higher", p] as [Relation, Rank]),
        ];
        for (const [relation, targetRank] of cells) {
          const target = targetRank === "self" ? actor : await makeTarget(targetRank);
          const byAuth = rank(actorRank) >= rank(AUTH_MIN[op.auth]!);
          const allowed = byAuth && expectedAllowed(reach, actorRank, relation);
          const request = await requestFor(op, target);
          const before = await snapshot(target.id);
          const res = await call(await handlerOf(op), {
            method: op.method,
            ...request,
            cookies: { session: token },
            headers: { ...SAME_ORIGIN, "user-agent": "matrix" },
          });
          const cell = `${actorRank} on ${relation}${relation === "lower" || relation === "higher" ? ` (${targetRank})` : ""}`;
          if (allowed) {
            allowedSeen++;
            if (res.status < 200 || res.status > 299) failures.push(`${cell}: expected success, got ${res.status} ${JSON.stringify(res.json)}`);
          } else {
            refusedSeen++;
            if (res.status !== 403) failures.push(`${cell}: expected 403, got ${res.status} ${JSON.stringify(res.json)}`);
            const after = await snapshot(target.id);
            if (JSON.stringify(after) !== JSON.stringify(before))
              failures.push(`${cell}: refused, yet the target changed: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
          }
        }
      }
      expect(failures).toEqual([]);
      // Each operation has refusals and allowed twins in this run.
      expect(allowedSeen).toBeGreaterThan(0);
      expect(refusedSeen).toBeGreaterThan(0);
    });
  }
});

describe("the player search under the staff rule", () => {
  it("matches and shows emails only of accounts the searcher may read; names and ids still find everyone", async () => {
    const { GET } = await import("@/app/api/v1/staff/players/route");
    const mod = await createUser({ privilege: "MODERATOR" });
    const { token } = await createBrowserSession(mod.id, { userAgent: "matrix", ip: null });
    const owner = await createUser({ privilege: "OWNER" });
    const player = await createUser();
    const search = async (q: string) => {
      const r = await call(GET, { path: `/api/v1/staff/players?q=${encodeURIComponent(q)}`, cookies: { session: token } });
      expect(r.status).toBe(200);
      return r.json.results as Array<{ id: number; email: string | null }>;
    };
    // The owner's address (or a prefix of it past the name) finds nothing: it cannot be spelled out letter by letter.
    expect(await search(owner.email)).not.toContainEqual(expect.objectContaining({ id: owner.id }));
    expect(await search(owner.email.slice(0, owner.username.length + 3))).not.toContainEqual(expect.objectContaining({ id: owner.id }));
    // By name the owner is found, without the address.
    expect(await search(owner.username)).toContainEqual(expect.objectContaining({ id: owner.id, email: null }));
    // The twin: a player below the searcher is found by their address, address shown.
    expect(await search(player.email)).toContainEqual(expect.objectContaining({ id: player.id, email: player.email }));
    expect(await search(player.email.slice(0, player.username.length + 3))).toContainEqual(expect.objectContaining({ id: player.id, email: player.email }));
    // And the searcher's own address is theirs to see.
    expect(await search(mod.email)).toContainEqual(expect.objectContaining({ id: mod.id, email: mod.email }));
  });
});
