import { describe, expect, it } from "vitest";
import { RULE_SECTIONS } from "@/lib/content/rules";
import { endsAtFor, muteMessage, penaltyPunishment, proposeStep, PUNISHABLE_RULES, ruleByKey } from "@/lib/punishments";

// The ladder arithmetic of lib/punishments.ts: which rung an offence gets, and what each rung is.

describe("proposeStep", () => {
  const spam = ruleByKey("spam")!;
  it("gives the n-th offence the n-th rung, and the last rung past the ladder's end", () => {
    expect([0, 1, 2, 3, 4, 9].map((n) => proposeStep(spam, n).step)).toEqual([1, 2, 3, 4, 4, 4]);
    expect(proposeStep(spam, 2)).toMatchObject({ penalty: "48h ban", kind: "BAN", duration: "48h", previousOffences: 2 });
  });
  it("has a rung for every penalty of every ladder on /rules", () => {
    expect(PUNISHABLE_RULES.map((r) => r.id)).toEqual(RULE_SECTIONS.filter((s) => s.ladders.length).map((s) => s.id));
    for (const rule of PUNISHABLE_RULES) for (const p of rule.ladders[0]!.steps) expect(penaltyPunishment(p).kind, p).toMatch(/^(MUTE|BAN|ADDRESS_BAN)$/);
    expect(penaltyPunishment("IP/MAC ban")).toEqual({ kind: "ADDRESS_BAN", duration: "permanent" });
  });
});

describe("lengths and messages", () => {
  it("ends a timed punishment after its hours; a permanent one never", () => {
    const from = new Date("2026-12-29T10:00:00Z");
    expect(endsAtFor("7d", from)?.toISOString()).toBe("2027-01-05T10:00:00.000Z");
    expect(endsAtFor("permanent", from)).toBeNull();
  });
  it("names the mute and its end", () => {
    expect(muteMessage({ endsAt: null, message: "Spam" })).toMatch(/^You are muted permanently: Spam\./);
    expect(muteMessage({ endsAt: new Date("2026-12-30T18:00:00Z"), message: "Spam!" })).toMatch(/^You are muted until .*2026.* \(UTC\): Spam! /);
  });
});
