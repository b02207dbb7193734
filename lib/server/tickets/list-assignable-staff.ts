import "server-only";
import { db } from "../db";

/** The members of staff a ticket can be assigned to (moderators and up, not deleted), by name: the assignment box's choices. */
export async function listAssignableStaff(): Promise<Array<{ id: number; username: string }>> {
  return db.user.findMany({ where: { privilege: { not: "PLAYER" }, deletedAt: null }, select: { id: true, username: true }, orderBy: { username: "asc" } });
}
