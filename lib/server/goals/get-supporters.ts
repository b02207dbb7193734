import "server-only";
import { SUPPORTERS_RECENT, type TSupporters } from "@/lib/schemas/goals";
import { db } from "../db";
import { recentSupporters, topDonator } from "./sql/goals";

// GET /api/v1/store/supporters: the top donator of the calendar month (UTC) and the latest
// supporters, by name only. Never staff, never a player banned now, never one who opted out
// (PUT /api/v1/user/privacy). Amounts are never shown: a player's spending stays theirs even when
// their name is shown. Cached by the guest page cache under `store:supporters`, announced by every
// settle that makes or unmakes a payment and by a player's opt-out.

export async function getSupporters(now = new Date()): Promise<TSupporters> {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const [top, recent] = await Promise.all([topDonator(db, from, to), recentSupporters(db, SUPPORTERS_RECENT)]);
  return {
    month: from.toISOString().slice(0, 7),
    top_donator: top ? { username: top.username } : null,
    recent: recent.map((r) => ({ username: r.username, paid_at: r.paidAt.toISOString() })),
  };
}
