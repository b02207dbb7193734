import { describe, expect, it } from "vitest";
import type { Privilege } from "@/lib/generated/prisma/enums";
import { assertMayActOn, mayActOn } from "@/lib/server/accounts/admin-actions";
import { hasPrivilege } from "@/lib/server/sessions/privileges";
import { atLeast, STAFF_AREAS, staffAreasFor } from "@/lib/staff-areas";

// The staff ladder and who may act on whom, as full tables (npm run test:mutation -- --only=staff).
// Requests through the API: staff-auth.test.ts, store-sessions.test.ts, staff-players.test.ts.

const LADDER: Privilege[] = ["PLAYER", "MODERATOR", "ADMINISTRATOR", "OWNER"];

describe("the privilege ladder", () => {
  it("hasPrivilege and atLeast agree with PLAYER < MODERATOR < ADMINISTRATOR < OWNER for every pair", () => {
    for (const [i, p] of LADDER.entries())
      for (const [j, min] of LADDER.entries()) {
        expect(hasPrivilege(p, min), `${p} >= ${min}`).toBe(i >= j);
        expect(atLeast(p, min), `${p} >= ${min}`).toBe(i >= j);
      }
  });

  it("shows each rank exactly the staff areas its privilege may use, in menu order", () => {
    expect(staffAreasFor("PLAYER")).toEqual([]);
    expect(staffAreasFor("MODERATOR").map((a) => a.href)).toEqual(["/staff", "/staff/tickets", "/staff/forums/reports", "/news/create", "/staff/players"]);
    expect(staffAreasFor("ADMINISTRATOR").map((a) => a.href)).toEqual(STAFF_AREAS.filter((a) => a.min !== "OWNER").map((a) => a.href));
    expect(staffAreasFor("OWNER")).toEqual([...STAFF_AREAS]);
  });
});

describe("who a member of staff may act on", () => {
  // [actor][target]: players from moderator up, other staff from administrator up, an owner only as an owner.
  const MAY: Record<Privilege, Record<Privilege, boolean>> = {
    PLAYER: { PLAYER: false, MODERATOR: false, ADMINISTRATOR: false, OWNER: false },
    MODERATOR: { PLAYER: true, MODERATOR: false, ADMINISTRATOR: false, OWNER: false },
    ADMINISTRATOR: { PLAYER: true, MODERATOR: true, ADMINISTRATOR: true, OWNER: false },
    OWNER: { PLAYER: true, MODERATOR: true, ADMINISTRATOR: true, OWNER: true },
  };

  it("mayActOn follows the table for every pair", () => {
    for (const actor of LADDER) for (const target of LADDER) expect(mayActOn(actor, target), `${actor} on ${target}`).toBe(MAY[actor][target]);
  });

  it("assertMayActOn refuses with 403 and says who may, and lets the operator's tools act on anyone", () => {
    const by = (privilege: Privilege) => ({ actorId: 1, privilege });
    expect(() => assertMayActOn(by("MODERATOR"), { privilege: "ADMINISTRATOR" }, "ban")).toThrow(
      expect.objectContaining({ code: "FORBIDDEN", userMessage: "Only administrators and owners may ban a member of staff." }),
    );
    expect(() => assertMayActOn(by("ADMINISTRATOR"), { privilege: "OWNER" }, "ban")).toThrow(expect.objectContaining({ code: "FORBIDDEN", userMessage: "Only an owner may ban an owner." }));
    expect(() => assertMayActOn(by("MODERATOR"), { privilege: "PLAYER" }, "ban")).not.toThrow();
    expect(() => assertMayActOn({ actorLabel: "cli" }, { privilege: "OWNER" }, "ban")).not.toThrow();
  });
});
