import "server-only";
import type { TCreditPackage } from "@/lib/schemas/store";
import { db } from "../db";

/** Active credit packages in display order, with both field names of docs/product.md §3. */
export async function listCreditPackages(): Promise<TCreditPackage[]> {
  const rows = await db.creditPackage.findMany({ where: { active: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] });
  return rows.map((p) => ({
    id: p.id,
    credits: p.credits,
    bonusCredits: p.bonusCredits,
    price: p.priceCents / 100,
    imageUrl: p.imageUrl,
    amount: p.credits,
    bonus_amount: p.bonusCredits,
    gift_card: p.giftCard,
  }));
}
