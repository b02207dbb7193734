import "server-only";
import type { z } from "zod";
import type { Coupon } from "@/lib/generated/prisma/client";
import { couponRuleIssues, type TStaffCoupon, type ZCouponInput, type ZCouponPatch } from "@/lib/schemas/staff-store";
import { recordAudit } from "../../audit/record-audit";
import { db, Prisma, type Tx } from "../../db";
import { AppError } from "../../errors";
import { lockRowById } from "../../sql/locks";
import { redemptionCounts } from "../pricing";
import { definedOnly } from "./defined-only";
import type { StaffContext } from "./staff-dtos";

// Staff: coupons (docs/store.md). Never deleted (their uses stay counted): disabled with active=false.
// Every change is audited with before and after in its transaction.

type CouponRow = Coupon & { user: { username: string } | null };

async function toStaffCoupon(reader: Tx | typeof db, c: CouponRow): Promise<TStaffCoupon> {
  const { used } = await redemptionCounts(reader, c.id, null);
  return {
    id: c.id,
    code: c.code,
    kind: c.kind,
    value: c.value,
    scope: c.scope,
    productIds: c.productIds,
    categoryIds: c.categoryIds,
    packageIds: c.packageIds,
    storeItems: c.storeItems,
    creditPackages: c.creditPackages,
    startsAt: c.startsAt?.toISOString() ?? null,
    expiresAt: c.expiresAt?.toISOString() ?? null,
    maxRedemptions: c.maxRedemptions,
    perPlayerLimit: c.perPlayerLimit,
    minOrderCredits: c.minOrderCredits,
    minOrderCents: c.minOrderCents,
    username: c.user?.username ?? null,
    stackable: c.stackable,
    active: c.active,
    uses: used,
  };
}

const withUser = { user: { select: { username: true } } } as const;

export async function listCoupons(): Promise<TStaffCoupon[]> {
  const rows = await db.coupon.findMany({ orderBy: { id: "desc" }, include: withUser });
  return Promise.all(rows.map((r) => toStaffCoupon(db, r)));
}

const invalid = (fields: Record<string, string[]>) => new AppError("VALIDATION", { fields, userMessage: "Some fields are invalid." });

type Fields = Omit<z.output<typeof ZCouponInput>, "username">;

async function checkTargets(tx: Tx, c: Pick<Fields, "productIds" | "categoryIds" | "packageIds">): Promise<void> {
  if ((await tx.storeProduct.count({ where: { id: { in: c.productIds } } })) !== c.productIds.length)
    throw invalid({ productIds: ["Some of these products do not exist."] });
  if ((await tx.storeCategory.count({ where: { id: { in: c.categoryIds } } })) !== c.categoryIds.length)
    throw invalid({ categoryIds: ["Some of these categories do not exist."] });
  if ((await tx.creditPackage.count({ where: { id: { in: c.packageIds } } })) !== c.packageIds.length)
    throw invalid({ packageIds: ["Some of these credit packages do not exist."] });
}

/** The user id for `username` (null stays null); 400 naming `username` when there is no such player. */
async function userIdFor(tx: Tx, username: string | null): Promise<number | null> {
  if (username === null) return null;
  const u = await tx.user.findFirst({ where: { username: { equals: username, mode: "insensitive" } }, select: { id: true } });
  if (!u) throw invalid({ username: ["No player with this username."] });
  return u.id;
}

const CODE_TAKEN = "Another coupon already has this code.";

/** A unique-index clash on the code becomes a 400 naming `code` (two staff creating the same code at once). */
async function codeClash<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") throw invalid({ code: [CODE_TAKEN] });
    throw e;
  }
}

export async function createCoupon(input: z.output<typeof ZCouponInput>, ctx: StaffContext): Promise<TStaffCoupon> {
  return codeClash(() =>
    db.$transaction(async (tx) => {
      const { username, ...fields } = input;
      await checkTargets(tx, fields);
      if (await tx.coupon.findUnique({ where: { code: fields.code }, select: { id: true } })) throw invalid({ code: [CODE_TAKEN] });
      const row = await tx.coupon.create({ data: { ...fields, userId: await userIdFor(tx, username) }, include: withUser });
      const after = await toStaffCoupon(tx, row);
      await recordAudit(
        {
          action: "store.coupon.created",
          actorId: ctx.actorId,
          ip: ctx.ip,
          targetType: "coupon",
          targetId: row.id,
          data: { reason: null, before: null, after },
        },
        tx,
      );
      return after;
    }),
  );
}

export async function updateCoupon(id: number, patch: z.output<typeof ZCouponPatch>, ctx: StaffContext): Promise<TStaffCoupon> {
  return codeClash(() =>
    db.$transaction(async (tx) => {
      if (!(await lockRowById(tx, "coupon", id))) throw new AppError("NOT_FOUND", { userMessage: `No coupon with id ${id}.` });
      const old = await tx.coupon.findUniqueOrThrow({ where: { id }, include: withUser });
      const { username, ...rest } = definedOnly(patch);
      const merged = { ...old, ...rest };
      const issues = couponRuleIssues(merged);
      if (issues.length) throw invalid(Object.fromEntries(issues.map((i) => [i.path, [i.message]])));
      await checkTargets(tx, merged);
      if (rest.code !== undefined && rest.code !== old.code && (await tx.coupon.findUnique({ where: { code: rest.code }, select: { id: true } })))
        throw invalid({ code: [CODE_TAKEN] });
      const before = await toStaffCoupon(tx, old);
      const userId = patch.username === undefined ? undefined : await userIdFor(tx, username ?? null);
      const row = await tx.coupon.update({ where: { id }, data: { ...rest, ...(userId === undefined ? {} : { userId }) }, include: withUser });
      const after = await toStaffCoupon(tx, row);
      await recordAudit(
        { action: "store.coupon.updated", actorId: ctx.actorId, ip: ctx.ip, targetType: "coupon", targetId: id, data: { reason: null, before, after } },
        tx,
      );
      return after;
    }),
  );
}
