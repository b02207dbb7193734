import { withinEditWindow } from "@/lib/messages/forums";

/**
 * What the reader may do with a post. Decided on the server for staff (whose pages are rendered
 * for them); for everyone else the page is the public one and the browser decides from who is
 * signed in (`readerPermissions`). The server enforces it again on every call either way.
 */
export type PostPermissions = {
  /** The author inside the edit window, or staff. */
  canEdit: boolean;
  /** Staff editing someone else's post must say why. */
  editNeedsReason: boolean;
  /** Signed-in players, on others' posts. */
  canReport: boolean;
  /** Staff: hide with a reason, or show again. */
  canModerate: boolean;
};

/**
 * A player's permissions on a post of the public page, from the signed-in user the browser knows
 * of: Edit on their own post inside the edit window, Report on others'. None for a guest, a
 * ::store session, or staff whose page came from the cache (their own page is rendered for them).
 */
export function readerPermissions(
  reader: { username: string; privilege: string; storeSession: boolean } | null,
  author: string,
  writtenAt: string,
  now: number,
): PostPermissions {
  const player = reader && !reader.storeSession && reader.privilege === "PLAYER" ? reader : null;
  const own = player !== null && player.username === author;
  return { canEdit: own && withinEditWindow(writtenAt, now), editNeedsReason: false, canReport: player !== null && !own, canModerate: false };
}
