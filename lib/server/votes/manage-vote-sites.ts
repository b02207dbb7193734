import "server-only";
import type { TStaffVoteSite, TVoteSiteInput, TVoteSitePatch } from "@/lib/schemas/vote-sites";
import { votePreset, type VoteSiteAnswer } from "@/lib/votes/presets";
import { recordAudit } from "../audit/record-audit";
import { db, type Tx } from "../db";
import { uniqueViolationOf } from "../db-errors";
import { getEnv, voteSiteChecks } from "../env";
import { AppError } from "../errors";
import { lockRowById } from "../sql/locks";
import { ensureVoteSiteRows } from "./vote-sites";

// Staff vote-site management (/staff/votes/sites, administrators): list, add (blank or from a
// preset of lib/votes/presets.ts), edit, turn on or off. Each change writes one audit entry with
// before and after in its transaction; the secret appears there only as has_secret. A site is
// data: once active, its callbacks are read with its row's names and checks, with no code.

export type StaffContext = { actorId: number; ip: string | null };

export const NO_SUCH_SITE = "No such vote site.";
const TAKEN = "A vote site with this key exists.";

type Row = Awaited<ReturnType<typeof readRow>>;

function readRow(client: Tx | typeof db, id: number) {
  return client.voteSite.findUnique({ where: { id }, omit: { callbackSecret: false } });
}

/** A row as staff see it: every setting, whether a secret is held, and where each check comes from. */
export function toStaffVoteSite(row: NonNullable<Row>): TStaffVoteSite {
  const env = voteSiteChecks(getEnv(), row.key);
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    preset: row.preset,
    url_template: row.urlTemplate,
    token_param: row.tokenParam,
    secret_param: row.secretParam,
    voter_ip_param: row.voterIpParam,
    voted_param: row.votedParam,
    voted_value: row.votedValue,
    allowed_ips: row.allowedIps,
    cooldown_hours: row.cooldownHours,
    reward_points: row.rewardPoints,
    active: row.active,
    answer: row.answer as VoteSiteAnswer,
    sort_order: row.sortOrder,
    has_secret: row.callbackSecret !== null,
    checks: {
      secret: env.secret ? "env" : row.callbackSecret ? "row" : null,
      addresses: env.ips.length ? "env" : row.allowedIps.length ? "row" : null,
    },
    callback_path: `/api/v1/vote/callback/${row.key}`,
  };
}

export async function listStaffVoteSites(): Promise<{ results: TStaffVoteSite[] }> {
  await ensureVoteSiteRows();
  const rows = await db.voteSite.findMany({ orderBy: [{ sortOrder: "asc" }, { id: "asc" }], omit: { callbackSecret: false } });
  return { results: rows.map(toStaffVoteSite) };
}

export async function createVoteSite(input: TVoteSiteInput, ctx: StaffContext): Promise<TStaffVoteSite> {
  await ensureVoteSiteRows();
  const preset = input.preset ? votePreset(input.preset) : undefined;
  const pick = <T>(sent: T | undefined, fromPreset: T | undefined, fallback: T): T =>
    sent !== undefined ? sent : fromPreset !== undefined ? fromPreset : fallback;
  const missing: Record<string, string[]> = {};
  const name = pick(input.name, preset?.name, "");
  const urlTemplate = pick(input.url_template, preset?.urlTemplate, "");
  const tokenParam = pick(input.token_param, preset?.params.token, "");
  if (!name) missing.name = ["Enter the site's name."];
  if (!urlTemplate) missing.url_template = ["Enter the vote link, with {token} in it."];
  if (!tokenParam) missing.token_param = ["Enter the parameter that carries the token back."];
  if (Object.keys(missing).length) throw new AppError("VALIDATION", { fields: missing });
  const votedParam = pick(input.voted_param, preset?.params.voted, null);
  const votedValue = pick(input.voted_value, preset?.params.votedValue, null);
  if ((votedParam === null) !== (votedValue === null))
    throw new AppError("VALIDATION", { fields: { voted_value: ["Give the voted flag and its value together, or neither."] } });
  try {
    return await db.$transaction(async (tx) => {
      const row = await tx.voteSite.create({
        data: {
          key: input.key,
          name,
          preset: preset?.key ?? null,
          urlTemplate,
          tokenParam,
          secretParam: pick(input.secret_param, preset?.params.secret, null),
          voterIpParam: pick(input.voter_ip_param, preset?.params.voterIp, null),
          votedParam,
          votedValue,
          callbackSecret: input.secret ?? null,
          allowedIps: input.allowed_ips,
          cooldownHours: input.cooldown_hours,
          rewardPoints: input.reward_points,
          active: input.active,
          answer: pick(input.answer, preset?.answer, "json"),
          sortOrder: input.sort_order,
        },
        select: { id: true },
      });
      return finish(tx, row.id, ctx, "vote.site.created", null);
    });
  } catch (e) {
    if (uniqueViolationOf(e)) throw new AppError("CONFLICT", { userMessage: TAKEN, fields: { key: [TAKEN] } });
    throw e;
  }
}

export async function updateVoteSite(id: number, patch: TVoteSitePatch, ctx: StaffContext): Promise<TStaffVoteSite> {
  return db.$transaction(async (tx) => {
    if (!(await lockRowById(tx, "voteSite", id))) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_SITE });
    const before = toStaffVoteSite((await readRow(tx, id))!);
    const votedParam = patch.voted_param !== undefined ? patch.voted_param : before.voted_param;
    const votedValue = patch.voted_value !== undefined ? patch.voted_value : before.voted_value;
    if ((votedParam === null) !== (votedValue === null))
      throw new AppError("VALIDATION", { fields: { voted_value: ["Give the voted flag and its value together, or neither."] } });
    await tx.voteSite.update({
      where: { id },
      data: {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.url_template !== undefined ? { urlTemplate: patch.url_template } : {}),
        ...(patch.token_param !== undefined ? { tokenParam: patch.token_param } : {}),
        ...(patch.secret_param !== undefined ? { secretParam: patch.secret_param } : {}),
        ...(patch.voter_ip_param !== undefined ? { voterIpParam: patch.voter_ip_param } : {}),
        ...(patch.allowed_ips !== undefined ? { allowedIps: patch.allowed_ips } : {}),
        ...(patch.cooldown_hours !== undefined ? { cooldownHours: patch.cooldown_hours } : {}),
        ...(patch.reward_points !== undefined ? { rewardPoints: patch.reward_points } : {}),
        ...(patch.active !== undefined ? { active: patch.active } : {}),
        ...(patch.answer !== undefined ? { answer: patch.answer } : {}),
        ...(patch.sort_order !== undefined ? { sortOrder: patch.sort_order } : {}),
        ...(patch.secret !== undefined ? { callbackSecret: patch.secret } : {}),
        votedParam,
        votedValue,
      },
    });
    const action =
      before.active && patch.active === false ? "vote.site.deactivated" : !before.active && patch.active === true ? "vote.site.activated" : "vote.site.updated";
    return finish(tx, id, ctx, action, before, patch.secret !== undefined);
  });
}

type Action = "vote.site.created" | "vote.site.updated" | "vote.site.activated" | "vote.site.deactivated";

async function finish(tx: Tx, id: number, ctx: StaffContext, action: Action, before: TStaffVoteSite | null, secretChanged = false): Promise<TStaffVoteSite> {
  const after = toStaffVoteSite((await readRow(tx, id))!);
  await recordAudit(
    {
      action,
      actorId: ctx.actorId,
      ip: ctx.ip,
      targetType: "vote_site",
      targetId: id,
      // The secret itself is never written here: whether one is held, and whether this change set it.
      data: { reason: null, before, after: { ...after, ...(secretChanged ? { secret_changed: true } : {}) } },
    },
    tx,
  );
  return after;
}
