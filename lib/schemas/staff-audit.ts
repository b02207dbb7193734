import { z } from "zod";
import { defineOperation, ZPageQuery, zPaged } from "./api";

// The audit log: every staff action and every automatic change to money or access,
// newest first. Read only: nothing in the app edits or deletes an entry. Administrators and up.

export const AUDIT_PAGE_SIZE = 50;

/**
 * Any JSON value, in answers only (stored JSON shown as it is). Not z.json(): its JSON Schema is
 * recursive, with a $ref the OpenAPI document cannot resolve.
 */
export const zJsonValue = () => z.unknown();

const DAY_MESSAGE = "Enter a date as YYYY-MM-DD.";
/** A calendar day, YYYY-MM-DD (a real one: no 2025-02-29); the document says `format: date` with its pattern. */
const zDay = (what: string) => z.iso.date(DAY_MESSAGE).optional().describe(what);
const zFilter = (max: number, what: string) => z.string().trim().max(max, `At most ${max} characters.`).optional().describe(what);

export const ZAuditQuery = ZPageQuery.extend({
  actor: zFilter(64, "Who acted: a username, a user id, or a label such as system, cli or webhook:stripe"),
  action: zFilter(64, "An action (account.banned) or its group (account)"),
  targetType: zFilter(32, "What was acted on: user, game_api_key, forum_post, …"),
  // Not "targetId": targets are named by text (a row id today, a job id may outgrow 32 bits), not by zId.
  target: zFilter(64, "The target's id, as text (with targetType, or of any type)"),
  from: zDay("From this day (UTC), inclusive"),
  to: zDay("Up to this day (UTC), inclusive"),
});
export type TAuditQuery = z.output<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: z.string().describe("ISO 8601 time (UTC)"),
  action: z.string(),
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable().describe("The member of staff or player who acted"),
  actorLabel: z.string().nullable().describe("Who acted when it was not a user: system, cli, seed, webhook:…"),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  target: z.object({ label: z.string(), href: z.string().nullable() }).nullable().describe("The target by name, with a staff page link where there is one"),
  ip: z.string().nullable(),
  reason: z.string().nullable().describe("data.reason, when the entry has one"),
  before: z.record(z.string(), zJsonValue()).nullable().describe("data.before: the changed fields as they were"),
  after: z.record(z.string(), zJsonValue()).nullable().describe("data.after: the changed fields as they became"),
  data: zJsonValue().nullable().describe("The whole data of the entry (older entries have other shapes)"),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const listAuditLogOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/audit",
  summary: "The audit log, newest first, filterable by actor, action, target and day (administrator)",
  tag: "Staff",
  auth: "administrator",
  query: ZAuditQuery,
  responses: { 200: { description: `Entries, ${AUDIT_PAGE_SIZE} a page`, schema: zPaged(ZAuditEntry) } },
});

export const staffAuditOperations = [listAuditLogOp];
