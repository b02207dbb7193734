import "server-only";
import type { z } from "zod";
import type { StoreSale } from "@/lib/generated/prisma/client";
import { saleRuleIssues, type TStaffSale, type TStaffSaleResult, type ZSaleInput, type ZSalePatch } from "@/lib/schemas/staff-store";
import { recordAudit } from "../../audit/record-audit";
import { db, type Tx } from "../../db";
import { AppError } from "../../errors";
import { lockRowById } from "../../sql/locks";
import { saleCovers } from "../pricing";
import { definedOnly } from "./defined-only";
import type { StaffContext } from "./staff-dtos";

// Staff: scheduled sales (docs/store.md). Every change is audited with before and after in its
// transaction. Sales may overlap; the pipeline sells each product at its best price among them.

/** A price changed less than this long ago makes a sale on it a warning (the fair-pricing rule). */
export const PRICE_CHANGE_WARNING_MS = 30 * 24 * 60 * 60 * 1000;

export function toStaffSale(s: StoreSale, now = new Date()): TStaffSale {
  return {
    id: s.id,
    name: s.name,
    kind: s.kind,
    value: s.value,
    scope: s.scope,
    productIds: s.productIds,
    categoryIds: s.categoryIds,
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt.toISOString(),
    state: now < s.startsAt ? "scheduled" : now < s.endsAt ? "active" : "ended",
  };
}

export async function listSales(): Promise<TStaffSale[]> {
  const now = new Date();
  return (await db.storeSale.findMany({ orderBy: [{ startsAt: "desc" }, { id: "desc" }] })).map((s) => toStaffSale(s, now));
}

const invalid = (fields: Record<string, string[]>) => new AppError("VALIDATION", { fields, userMessage: "Some fields are invalid." });

/** 400 naming the field when a listed product or category does not exist. */
async function assertTargetsExist(tx: Tx, s: { productIds: number[]; categoryIds: number[] }): Promise<void> {
  const products = await tx.storeProduct.count({ where: { id: { in: s.productIds } } });
  if (products !== s.productIds.length) throw invalid({ productIds: ["Some of these products do not exist."] });
  const categories = await tx.storeCategory.count({ where: { id: { in: s.categoryIds } } });
  if (categories !== s.categoryIds.length) throw invalid({ categoryIds: ["Some of these categories do not exist."] });
}

/** Products the sale covers whose list price changed in the 30 days before now. */
async function priceWarnings(tx: Tx, s: StoreSale, now: Date): Promise<TStaffSaleResult["warnings"]> {
  const recent = await tx.storeProduct.findMany({
    where: { priceChangedAt: { gt: new Date(now.getTime() - PRICE_CHANGE_WARNING_MS) } },
    select: { id: true, name: true, categoryId: true, priceChangedAt: true },
    orderBy: { id: "asc" },
  });
  return recent.filter((p) => saleCovers(s, p)).map((p) => ({ productId: p.id, name: p.name, priceChangedAt: p.priceChangedAt!.toISOString() }));
}

export async function createSale(input: z.output<typeof ZSaleInput>, ctx: StaffContext): Promise<TStaffSaleResult> {
  return db.$transaction(async (tx) => {
    await assertTargetsExist(tx, input);
    const row = await tx.storeSale.create({ data: input });
    const now = new Date();
    const after = toStaffSale(row, now);
    await recordAudit(
      {
        action: "store.sale.created",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "store_sale",
        targetId: row.id,
        data: { reason: null, before: null, after },
      },
      tx,
    );
    return { ...after, warnings: await priceWarnings(tx, row, now) };
  });
}

async function lockSale(tx: Tx, id: number): Promise<StoreSale> {
  if (!(await lockRowById(tx, "storeSale", id))) throw new AppError("NOT_FOUND", { userMessage: `No sale with id ${id}.` });
  return tx.storeSale.findUniqueOrThrow({ where: { id } });
}

export async function updateSale(id: number, patch: z.output<typeof ZSalePatch>, ctx: StaffContext): Promise<TStaffSaleResult> {
  return db.$transaction(async (tx) => {
    const old = await lockSale(tx, id);
    const merged = { ...old, ...definedOnly(patch) };
    // The patch alone was checked; the merged sale must hold the same rules (e.g. a new end before the old start).
    const issues = saleRuleIssues(merged);
    if (issues.length) throw invalid(Object.fromEntries(issues.map((i) => [i.path, [i.message]])));
    await assertTargetsExist(tx, merged);
    const now = new Date();
    const before = toStaffSale(old, now);
    const row = await tx.storeSale.update({ where: { id }, data: definedOnly(patch) });
    const after = toStaffSale(row, now);
    await recordAudit(
      { action: "store.sale.updated", actorId: ctx.actorId, ip: ctx.ip, targetType: "store_sale", targetId: id, data: { reason: null, before, after } },
      tx,
    );
    return { ...after, warnings: await priceWarnings(tx, row, now) };
  });
}

export async function deleteSale(id: number, ctx: StaffContext): Promise<{ deleted: true }> {
  return db.$transaction(async (tx) => {
    const before = toStaffSale(await lockSale(tx, id));
    await tx.storeSale.delete({ where: { id } });
    await recordAudit(
      { action: "store.sale.deleted", actorId: ctx.actorId, ip: ctx.ip, targetType: "store_sale", targetId: id, data: { reason: null, before, after: null } },
      tx,
    );
    return { deleted: true as const };
  });
}
