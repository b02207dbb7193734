import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { ranksBelow } from "@/lib/privileges";
import { MAX_ID } from "@/lib/schemas/ids";
import { PLAYERS_PAGE_SIZE, type TStaffPlayerRow } from "@/lib/schemas/staff-players";
import { usernameKey } from "@/lib/usernames";
import { db } from "../db";
import { pageWindow } from "../paging";
import { type Listed, type StaffViewer, toPlayerRow } from "./player-dto";

/**
 * Staff search: a username's start in any case (and ignoring '_', '-' and spaces, as logins do),
 * an email's start (of accounts below the searcher's rank, and their own), or an id. Without a term, every account, newest first.
 */
export async function searchPlayers(input: { q?: string | undefined; page: number }, viewer: StaffViewer): Promise<Listed<TStaffPlayerRow>> {
  const term = input.q?.trim() ?? "";
  const or: Prisma.UserWhereInput[] = [];
  const key = usernameKey(term);
  if (key) or.push({ usernameKey: { startsWith: key } });
  // Emails match only where the searcher may read them: a prefix search must not spell out a
  // higher rank's address letter by letter.
  if (term) or.push({ emailKey: { startsWith: term.toLowerCase() }, OR: [{ privilege: { in: ranksBelow(viewer.privilege) } }, { id: viewer.actorId }] });
  if (/^\d{1,10}$/.test(term) && Number(term) >= 1 && Number(term) <= MAX_ID) or.push({ id: Number(term) });
  const where: Prisma.UserWhereInput = term ? { OR: or } : {};
  const [rows, total] = await Promise.all([
    db.user.findMany({ where, orderBy: term ? [{ usernameKey: "asc" }, { id: "asc" }] : { id: "desc" }, ...pageWindow(input.page, PLAYERS_PAGE_SIZE) }),
    db.user.count({ where }),
  ]);
  return { results: rows.map((u) => toPlayerRow(u, viewer)), total };
}
