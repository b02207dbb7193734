import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { MAX_ID } from "@/lib/schemas/ids";
import { AUDIT_PAGE_SIZE, type TAuditEntry, type TAuditQuery } from "@/lib/schemas/staff-audit";
import { usernameKey } from "@/lib/usernames";
import { db } from "../db";
import { pageWindow } from "../paging";

// The audit log, read only (administrators): newest first, filtered by who acted, what they did,
// what they did it to and when. Entries written since the staff console carry `{ reason, before, after }`;
// older ones keep their own shapes and are shown as they are (`data`).

type Filter = Omit<TAuditQuery, "page">;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);

async function whereOf(f: Filter): Promise<Prisma.AuditLogWhereInput> {
  const and: Prisma.AuditLogWhereInput[] = [];
  const actor = f.actor?.trim();
  if (actor) {
    // A user id, a username, or a label such as "system" or "webhook:stripe".
    const either: Prisma.AuditLogWhereInput[] = [{ actorLabel: { equals: actor, mode: "insensitive" } }];
    const id = /^\d{1,10}$/.test(actor) && Number(actor) <= MAX_ID ? Number(actor) : null;
    if (id) either.push({ actorId: id });
    const byName = await db.user.findUnique({ where: { usernameKey: usernameKey(actor) }, select: { id: true } });
    if (byName) either.push({ actorId: byName.id });
    and.push({ OR: either });
  }
  const action = f.action?.trim();
  if (action) and.push({ OR: [{ action }, { action: { startsWith: `${action.replace(/\.$/, "")}.` } }] });
  if (f.targetType?.trim()) and.push({ targetType: f.targetType.trim() });
  if (f.target?.trim()) and.push({ targetId: f.target.trim() });
  if (f.from) and.push({ createdAt: { gte: dayStart(f.from) } });
  if (f.to) and.push({ createdAt: { lt: new Date(dayStart(f.to).getTime() + 86_400_000) } });
  return and.length ? { AND: and } : {};
}

export async function listAuditLog(query: TAuditQuery): Promise<{ results: TAuditEntry[]; total: number }> {
  const where = await whereOf(query);
  const [rows, total] = await Promise.all([
    db.auditLog.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      include: { actor: { select: { id: true, username: true } } },
      ...pageWindow(query.page, AUDIT_PAGE_SIZE),
    }),
    db.auditLog.count({ where }),
  ]);
  // Name the accounts that were acted on, and link them to their staff page.
  const userIds = [...new Set(rows.filter((r) => r.targetType === "user" && /^\d{1,10}$/.test(r.targetId ?? "")).map((r) => Number(r.targetId)))].filter(
    (n) => n <= MAX_ID,
  );
  const users = userIds.length ? await db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, username: true } }) : [];
  const names = new Map(users.map((u) => [String(u.id), u.username]));
  return {
    total,
    results: rows.map((r) => {
      const data = r.data ?? null;
      const fields = isRecord(data) ? data : {};
      const name = r.targetType === "user" && r.targetId ? names.get(r.targetId) : undefined;
      return {
        id: r.id,
        at: r.createdAt.toISOString(),
        action: r.action,
        actor: r.actor,
        actorLabel: r.actorLabel,
        targetType: r.targetType,
        targetId: r.targetId,
        target: name ? { label: name, href: `/staff/players/${r.targetId}` } : null,
        ip: r.ip,
        reason: typeof fields.reason === "string" ? fields.reason : null,
        before: isRecord(fields.before) ? fields.before : null,
        after: isRecord(fields.after) ? fields.after : null,
        data,
      };
    }),
  };
}
