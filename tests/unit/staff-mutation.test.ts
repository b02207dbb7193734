import { describe, expect, it } from "vitest";
import type { Privilege } from "@/lib/generated/prisma/enums";
import { assertStaffReach } from "@/lib/server/accounts/admin-actions";
import { atLeast, PRIVILEGE_LADDER, ranksBelow, type StaffReach, staffRefusal } from "@/lib/privileges";
import { STAFF_AREAS, staffAreasFor } from "@/lib/staff-areas";

// The staff ladder and who may act on whom, as full tables (npm run test:mutation -- --only=staff).
// The same rule through every staff operation that names an account: staff-rank-matrix.test.ts.

const LADDER: Privilege[] = ["PLAYER", "MODERATOR", "ADMINISTRATOR", "OWNER"];

describe("the privilege ladder", () => {
  it("atLeast agrees with PLAYER < MODERATOR < ADMINISTRATOR < OWNER for every pair, and ranksBelow lists the strictly lower ones", () => {
    expect(PRIVILEGE_LADDER).toEqual(LADDER);
    for (const [i, p] of LADDER.entries()) {
      for (const [j, min] of LADDER.entries()) expect(atLeast(p, min), `${p} >= ${min}`).toBe(i >= j);
      expect(ranksBelow(p), p).toEqual(LADDER.slice(0, i));
    }
  });

  it("shows each rank exactly the staff areas its privilege may use, in menu order", () => {
    expect(staffAreasFor("PLAYER")).toEqual([]);
    expect(staffAreasFor("MODERATOR").map((a) => a.href)).toEqual([
      "/staff",
      "/staff/tickets",
      "/staff/forums/reports",
      "/news/create",
      "/staff/players",
      "/staff/votes/callbacks",
    ]);
    expect(staffAreasFor("ADMINISTRATOR").map((a) => a.href)).toEqual(STAFF_AREAS.filter((a) => a.min !== "OWNER").map((a) => a.href));
    expect(staffAreasFor("OWNER")).toEqual([...STAFF_AREAS]);
  });
});

describe("who a member of staff may read and act on", () => {
  // [reach][actor][target]: "ok", "self" or "rank" for another account; the own account is the "self" column.
  type Cell = "ok" | "rank";
  const row = (player: Cell, moderator: Cell, administrator: Cell, owner: Cell): Record<Privilege, Cell> => ({
    PLAYER: player,
    MODERATOR: moderator,
    ADMINISTRATOR: administrator,
    OWNER: owner,
  });
  const OTHERS: Record<StaffReach, Record<Privilege, Record<Privilege, Cell>>> = {
    read: {
      PLAYER: row("rank", "rank", "rank", "rank"),
      MODERATOR: row("ok", "rank", "rank", "rank"),
      ADMINISTRATOR: row("ok", "ok", "rank", "rank"),
      OWNER: row("ok", "ok", "ok", "rank"),
    },
    act: {
      PLAYER: row("rank", "rank", "rank", "rank"),
      MODERATOR: row("ok", "rank", "rank", "rank"),
      ADMINISTRATOR: row("ok", "ok", "rank", "rank"),
      OWNER: row("ok", "ok", "ok", "rank"),
    },
    privilege: {
      PLAYER: row("rank", "rank", "rank", "rank"),
      MODERATOR: row("rank", "rank", "rank", "rank"),
      ADMINISTRATOR: row("rank", "rank", "rank", "rank"),
      OWNER: row("ok", "ok", "ok", "ok"),
    },
  };
  const SELF: Record<StaffReach, "ok" | "self"> = { read: "ok", act: "self", privilege: "self" };

  it("staffRefusal follows the table for every reach, actor and target, and for the own account", () => {
    for (const reach of ["read", "act", "privilege"] as const)
      for (const actor of LADDER) {
        expect(staffRefusal({ id: 1, privilege: actor }, { id: 1, privilege: actor }, reach) ?? "ok", `${reach}: ${actor} on self`).toBe(SELF[reach]);
        for (const target of LADDER)
          expect(staffRefusal({ id: 1, privilege: actor }, { id: 2, privilege: target }, reach) ?? "ok", `${reach}: ${actor} on ${target}`).toBe(
            OTHERS[reach][actor][target],
          );
      }
  });

  it("assertStaffReach refuses with 403 and a message that says why, and lets the operator's tools act on anyone", () => {
    const by = (privilege: Privilege, actorId = 1) => ({ actorId, privilege });
    const refused = (userMessage: string) => expect.objectContaining({ code: "FORBIDDEN", userMessage });
    expect(() => assertStaffReach(by("ADMINISTRATOR"), { id: 1, privilege: "ADMINISTRATOR" }, "act", "ban")).toThrow(
      refused("You cannot ban your own account through the staff console."),
    );
    expect(() => assertStaffReach(by("OWNER"), { id: 1, privilege: "OWNER" }, "privilege", "change the privilege of")).toThrow(
      refused("You cannot change your own privilege: another owner must."),
    );
    expect(() => assertStaffReach(by("ADMINISTRATOR"), { id: 2, privilege: "PLAYER" }, "privilege", "change the privilege of")).toThrow(
      refused("Only an owner may change who is staff."),
    );
    expect(() => assertStaffReach(by("MODERATOR"), { id: 2, privilege: "MODERATOR" }, "act", "ban")).toThrow(
      refused("Only a rank above moderator may ban a moderator."),
    );
    expect(() => assertStaffReach(by("ADMINISTRATOR"), { id: 2, privilege: "ADMINISTRATOR" }, "read", "read the record of")).toThrow(
      refused("Only a rank above administrator may read the record of an administrator."),
    );
    expect(() => assertStaffReach(by("OWNER"), { id: 2, privilege: "OWNER" }, "act", "ban")).toThrow(
      refused("Nobody may ban an owner: another owner may only change their privilege."),
    );
    expect(() => assertStaffReach(by("OWNER"), { id: 2, privilege: "OWNER" }, "read", "read the record of")).toThrow(
      refused("An owner's record is theirs alone to read."),
    );
    // The allowed twins.
    expect(() => assertStaffReach(by("MODERATOR"), { id: 2, privilege: "PLAYER" }, "act", "ban")).not.toThrow();
    expect(() => assertStaffReach(by("ADMINISTRATOR"), { id: 1, privilege: "ADMINISTRATOR" }, "read", "read the record of")).not.toThrow();
    expect(() => assertStaffReach(by("OWNER"), { id: 2, privilege: "OWNER" }, "privilege", "change the privilege of")).not.toThrow();
    expect(() => assertStaffReach({ actorLabel: "cli" }, { id: 1, privilege: "OWNER" }, "act", "ban")).not.toThrow();
  });
});
