// The audit log: administrators read every staff action and every automatic change
// to money or access, newest first, filtered by actor, action, target and day, with before and
// after; older entries in other shapes are shown as they are. Other files write to the same
// database at the same time, so every check filters to this file's own accounts.
import { describe, expect, it } from "vitest";
import * as audit from "@/app/api/v1/staff/audit/route";
import * as ban from "@/app/api/v1/staff/players/[id]/ban/route";
import * as unban from "@/app/api/v1/staff/players/[id]/unban/route";
import { operations } from "@/lib/schemas/operations";
import type { TAuditEntry } from "@/lib/schemas/staff-audit";
import { recordAudit } from "@/lib/server/audit/record-audit";
import { db } from "@/lib/server/db";
import { createSessionToken, createUser } from "../factories/users";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

async function staff(privilege: "PLAYER" | "MODERATOR" | "ADMINISTRATOR" | "OWNER") {
  const u = await createUser({ privilege });
  return { ...u, session: await createSessionToken(u.id) };
}

const read = (session: string | null, query = "") =>
  call(audit.GET, { path: `/api/v1/staff/audit${query}`, headers: freshClient(), ...(session ? { cookies: { session } } : {}) });
const entries = async (session: string, query: string) => {
  const r = await read(session, query);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.results as TAuditEntry[];
};
const act = (h: typeof ban.POST, session: string, id: number, body: unknown) =>
  call(h, {
    method: "POST",
    path: `/api/v1/staff/players/${id}/x`,
    params: { id: String(id) },
    body,
    cookies: { session },
    headers: { ...SAME_ORIGIN, ...freshClient() },
  });

describe("GET /api/v1/staff/audit", () => {
  it("lists a target's entries newest first with actor, reason, before and after", async () => {
    const admin = await staff("ADMINISTRATOR");
    const p = await createUser();
    expect((await act(ban.POST, admin.session, p.id, { reason: "Macroing" })).status).toBe(200);
    expect((await act(unban.POST, admin.session, p.id, { reason: "Proved it was a misclick" })).status).toBe(200);

    const list = await entries(admin.session, `?targetType=user&target=${p.id}`);
    expect(list.map((e) => e.action)).toEqual(["account.unbanned", "account.banned"]);
    expect(list[0]).toMatchObject({
      actor: { id: admin.id, username: admin.username },
      actorLabel: null,
      targetType: "user",
      targetId: String(p.id),
      target: { label: p.username, href: `/staff/players/${p.id}` },
      reason: "Proved it was a misclick",
      before: { banned: true, banReason: "Macroing" },
      after: { banned: false, banReason: null },
    });
    expect(list[1]).toMatchObject({ reason: "Macroing", before: { banned: false }, after: { banned: true, bannedUntil: null } });
  });

  it("filters by actor (username, id or label), action or its group, and day", async () => {
    const [admin, other] = [await staff("ADMINISTRATOR"), await staff("ADMINISTRATOR")];
    const p = await createUser();
    await act(ban.POST, admin.session, p.id, { reason: "first" });
    await act(unban.POST, other.session, p.id, { reason: "second" });
    await recordAudit({
      action: "account.ban_expired",
      actorLabel: "system",
      targetType: "user",
      targetId: p.id,
      data: { reason: "The temporary ban ended.", before: { banned: true }, after: { banned: false } },
    });
    const target = `&targetType=user&target=${p.id}`;
    const actions = async (q: string) => (await entries(admin.session, `?${q}${target}`)).map((e) => e.action);

    expect(await actions(`actor=${admin.username.toUpperCase()}`)).toEqual(["account.banned"]);
    expect(await actions(`actor=${other.id}`)).toEqual(["account.unbanned"]);
    expect(await actions("actor=SYSTEM")).toEqual(["account.ban_expired"]);
    expect(await actions("actor=nobody-at-all")).toEqual([]);
    expect(await actions("action=account.banned")).toEqual(["account.banned"]);
    expect(await actions("action=account")).toEqual(["account.ban_expired", "account.unbanned", "account.banned"]);
    expect(await actions("action=account.ban")).toEqual([]); // a group is a whole segment, not a prefix of a word
    // By day (UTC): the three entries are moved to the first and last instants of one fixed day
    // and its noon, so no midnight passes between writing and asking, and each bound is exact.
    const written = await db.auditLog.findMany({ where: { targetType: "user", targetId: String(p.id) }, orderBy: { id: "asc" }, select: { id: true } });
    expect(written).toHaveLength(3);
    for (const [i, at] of ["2026-03-03T00:00:00.000Z", "2026-03-03T12:00:00.000Z", "2026-03-03T23:59:59.999Z"].entries())
      await db.auditLog.update({ where: { id: written[i]!.id }, data: { createdAt: new Date(at) } });
    expect(await actions("from=2026-03-03&to=2026-03-03")).toEqual(["account.ban_expired", "account.unbanned", "account.banned"]);
    expect(await actions("from=2026-03-04")).toEqual([]);
    expect(await actions("to=2026-03-02")).toEqual([]);
    // By id alone, of any type.
    expect((await entries(admin.session, `?target=${p.id}&actor=${admin.id}`)).every((e) => e.targetId === String(p.id))).toBe(true);

    const bad = await read(admin.session, "?from=2026-13-45");
    expect(bad.status).toBe(400);
    expect(bad.json.from).toEqual(["Enter a date as YYYY-MM-DD."]);
  });

  it("shows entries of older shapes as they are, and pages 50 at a time", async () => {
    const admin = await staff("ADMINISTRATOR");
    const keyId = `k${Date.now()}`;
    await recordAudit({
      action: "game.key_created",
      actorLabel: "cli",
      targetType: "game_api_key",
      targetId: keyId,
      data: { prefix: "gsk_abcdefgh", scopes: ["login"] },
    });
    const [old] = await entries(admin.session, `?targetType=game_api_key&target=${keyId}`);
    expect(old).toMatchObject({
      actor: null,
      actorLabel: "cli",
      target: null,
      reason: null,
      before: null,
      after: null,
      data: { prefix: "gsk_abcdefgh", scopes: ["login"] },
    });

    const many = `m${Date.now()}`;
    for (let i = 0; i < 51; i++) await recordAudit({ action: "test.filler", actorLabel: "test", targetType: "test", targetId: many, data: { i } });
    const first = await read(admin.session, `?targetType=test&target=${many}`);
    expect((first.json.results as unknown[]).length).toBe(50);
    expect((first.json.results as TAuditEntry[])[0]!.data).toEqual({ i: 50 });
    expect(first.json.next).toMatch(/page=2$/);
    const second = await read(admin.session, `?targetType=test&target=${many}&page=2`);
    expect((second.json.results as TAuditEntry[]).map((e) => e.data)).toEqual([{ i: 0 }]);
  });

  it("is for administrators and owners: guests 401, players and moderators 403", async () => {
    const [player, mod, owner] = [await staff("PLAYER"), await staff("MODERATOR"), await staff("OWNER")];
    expect((await read(null)).status).toBe(401);
    expect((await read(player.session)).status).toBe(403);
    expect((await read(mod.session)).status).toBe(403);
    expect((await read(owner.session)).status).toBe(200);
  });

  it("has no way to change or delete an entry", () => {
    const auditPaths = operations.filter((op) => op.path.startsWith("/api/v1/staff/audit"));
    expect(auditPaths.map((op) => `${op.method} ${op.path}`)).toEqual(["GET /api/v1/staff/audit"]);
  });
});
