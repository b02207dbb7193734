import "server-only";
import type { DbClient } from "../accounts/db-client";
import { db } from "../db";
import { selectBalanceMismatches } from "./sql/balance-mismatches";
import { selectGiftCardMismatches } from "./sql/gift-card-mismatches";

export type BalanceMismatch = { userId: number; username: string; storeCredits: number; ledgerSum: number };

/** Every user whose cached balance differs from the sum of their ledger (should be none). */
export async function findBalanceMismatches(client: DbClient = db): Promise<BalanceMismatch[]> {
  const rows = await selectBalanceMismatches(client);
  return rows.map((r) => ({ ...r, ledgerSum: Number(r.ledgerSum) }));
}

export type GiftCardMismatch = { kind: "card" | "purchase"; id: number; status: string; credits: number; ledgerSum: number };

/** Gift cards whose ledger entries disagree with their state, and paid gift card purchases without a card (should be none). */
export async function findGiftCardMismatches(client: DbClient = db): Promise<GiftCardMismatch[]> {
  const rows = await selectGiftCardMismatches(client);
  return rows.map((r) => ({ ...r, ledgerSum: Number(r.ledgerSum) }));
}
