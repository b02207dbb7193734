import { describe, expect, it } from "vitest";
import { readerPermissions } from "@/components/forums/reader-permissions";
import { EDIT_WINDOW_MINUTES } from "@/lib/messages/forums";

// What the browser offers a reader on the public thread page (the page cache serves it to
// guests and players alike; staff's page is rendered for them with the server's permissions).

const NOW = Date.parse("2026-11-28T12:00:00Z");
const justNow = new Date(NOW - 60_000).toISOString();
const longAgo = new Date(NOW - (EDIT_WINDOW_MINUTES + 1) * 60_000).toISOString();
const player = { username: "Zezima", privilege: "PLAYER", storeSession: false };
const NONE = { canEdit: false, editNeedsReason: false, canReport: false, canModerate: false };

describe("a reader's permissions on a post of the public page", () => {
  it("lets a player edit their own post inside the edit window, and report everyone else's", () => {
    expect(readerPermissions(player, "Zezima", justNow, NOW)).toEqual({ ...NONE, canEdit: true });
    expect(readerPermissions(player, "Zezima", longAgo, NOW)).toEqual(NONE);
    expect(readerPermissions(player, "Lynx Titan", justNow, NOW)).toEqual({ ...NONE, canReport: true });
  });

  it("offers nothing to a guest, a ::store session or staff (whose own page is rendered for them)", () => {
    expect(readerPermissions(null, "Zezima", justNow, NOW)).toEqual(NONE);
    expect(readerPermissions({ ...player, storeSession: true }, "Lynx Titan", justNow, NOW)).toEqual(NONE);
    expect(readerPermissions({ ...player, privilege: "MODERATOR" }, "Zezima", justNow, NOW)).toEqual(NONE);
  });
});
