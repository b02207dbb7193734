import { describe, expect, it } from "vitest";
import { EMPTY_FILL, fillPlaceholders, PLACEHOLDERS, placeholdersIn, unknownPlaceholders } from "@/lib/saved-replies";
import { ZSavedReplyInput } from "@/lib/schemas/saved-replies";

describe("saved-reply placeholders", () => {
  it("finds names in braces once each, in order; leaves JSON-like braces alone", () => {
    expect(placeholdersIn("{a.b} {player.name} {a.b} { x } {1abc} {json: 1}")).toEqual(["a.b", "player.name"]);
  });

  it("names only the unknown ones, and the schema refuses them under body", () => {
    expect(unknownPlaceholders("Hi {player.name}, {player.nmae} {staff.name}")).toEqual(["player.nmae"]);
    const r = ZSavedReplyInput.safeParse({ title: "t", body: "Hi {player.nmae}" });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: ["body"], message: expect.stringContaining("{player.nmae}") });
    expect(ZSavedReplyInput.safeParse({ title: "t", body: PLACEHOLDERS.map((p) => `{${p}}`).join(" ") }).success).toBe(true);
  });

  it("fills every occurrence of a known placeholder and keeps unknown text as it is", () => {
    const values = { ...EMPTY_FILL, "player.name": "Zezima", "ticket.id": "7" };
    expect(fillPlaceholders("{player.name}#{ticket.id} {player.name} {other.thing} {player.ban.reason}", values)).toBe(
      "Zezima#7 Zezima {other.thing} (not banned)",
    );
  });
});
