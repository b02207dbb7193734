import { describe, expect, it } from "vitest";
import { FAQ_ENTRIES, type FaqEntry } from "../../lib/content/faq";
import {
  AUTO_TYPER_MIN_INTERVAL_SECONDS,
  MAX_ALTS_IN_AFK_ZONES,
  offenseLabel,
  penaltyLabel,
  RULE_SECTIONS,
  YELL_ANNOUNCEMENT_MIN_GAP_MINUTES,
  type Penalty,
} from "../../lib/content/rules";
import { siteConfig } from "../../lib/site-config";

/** Every link href used in an entry's answer. */
function faqLinks(entry: FaqEntry): string[] {
  return entry.answer.flat().flatMap((part) => (typeof part === "string" ? [] : [part.href]));
}

function ladderOf(offense: string): readonly Penalty[] | undefined {
  return RULE_SECTIONS.flatMap((s) => s.ladders).find((l) => l.offense === offense)?.steps;
}

function sectionText(id: string): string {
  const s = RULE_SECTIONS.find((x) => x.id === id);
  if (!s) throw new Error(`no section ${id}`);
  return [s.title, ...s.body, ...(s.points ?? [])].join(" ");
}

describe("RULE_SECTIONS", () => {
  it("has 17 sections with unique, anchor-safe ids", () => {
    expect(RULE_SECTIONS).toHaveLength(17);
    const ids = RULE_SECTIONS.map((s) => s.id);
    expect(new Set(ids).size).toBe(17);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it("numbers sections 1 to 17 in order, each with a title and text", () => {
    RULE_SECTIONS.forEach((s, i) => {
      expect(s.number).toBe(i + 1);
      expect(s.title.length).toBeGreaterThan(0);
      expect(s.body.length).toBeGreaterThan(0);
    });
  });

  it("links the pages its text names: each link's words are in the section's text", () => {
    const links = RULE_SECTIONS.flatMap((s) => (s.links ?? []).map((l) => ({ ...l, body: s.body.join(" ") })));
    expect(links.map((l) => l.href)).toEqual(expect.arrayContaining(["/partnerships", "/play"]));
    for (const l of links) expect(l.body, l.text).toContain(l.text);
  });

  it("models every penalty ladder of docs/product.md §9", () => {
    expect(ladderOf("Flaming, harassment or disrespect")).toEqual(["24h mute", "48h mute", "permanent mute", "permanent ban"]);
    expect(ladderOf("Yell abuse")).toEqual(["24h mute", "48h mute", "permanent mute"]);
    expect(ladderOf("Spam")).toEqual(["24h mute", "48h mute", "48h ban", "permanent ban"]);
    expect(ladderOf("Doxing")).toEqual(["permanent IP/hardware ban"]);
    expect(ladderOf("Advertising")).toEqual(["permanent ban", "IP/MAC ban"]);
    expect(ladderOf("Hacking or threats")).toEqual(["permanent IP ban"]);
    expect(ladderOf("Encouraging others to break rules")).toEqual(["24h ban", "permanent mute", "permanent ban"]);
    expect(ladderOf("Bug abuse")).toEqual(["24h ban", "72h ban", "permanent ban"]);
    expect(ladderOf("PvP farming")).toEqual(["24h ban", "72h ban", "permanent ban"]);
    expect(ladderOf("Third-party software")).toEqual(["permanent ban", "IP ban"]);
    expect(ladderOf("Scams")).toEqual(["permanent ban", "IP ban"]);
    expect(ladderOf("Real-world trading")).toEqual(["permanent ban", "IP ban"]);
    expect(ladderOf("Impersonation")).toEqual(["permanent ban"]);
    expect(ladderOf("Too many alternate accounts in AFK zones")).toEqual(["72h ban", "permanent ban", "IP ban"]);
    expect(ladderOf("Vote abuse")).toEqual(["permanent ban"]);
  });

  it("states the numeric limits and special rules", () => {
    expect(AUTO_TYPER_MIN_INTERVAL_SECONDS).toBe(15);
    expect(YELL_ANNOUNCEMENT_MIN_GAP_MINUTES).toBe(5);
    expect(MAX_ALTS_IN_AFK_ZONES).toBe(3);
    expect(sectionText("auto-typers")).toContain("15 seconds");
    expect(sectionText("yell")).toContain("5 minutes");
    expect(sectionText("afk-alts")).toContain("3 alternate accounts");
    expect(sectionText("services")).toMatch(/No rules are enforced on services/);
    expect(sectionText("real-world-trading")).toMatch(/donator pins/);
    expect(sectionText("real-world-trading")).toMatch(/credit store accepts game gold through a support ticket/);
  });

  it("labels penalties and offenses for display", () => {
    expect(penaltyLabel("24h mute")).toBe("24-hour mute");
    expect(penaltyLabel("permanent IP/hardware ban")).toBe("Permanent IP and hardware ban");
    expect([0, 1, 2, 3, 10, 11, 20].map(offenseLabel)).toEqual([
      "1st offense",
      "2nd offense",
      "3rd offense",
      "4th offense",
      "11th offense",
      "12th offense",
      "21st offense",
    ]);
  });
});

describe("FAQ_ENTRIES", () => {
  it("has 6 entries with unique ids and non-empty answers", () => {
    expect(FAQ_ENTRIES).toHaveLength(6);
    expect(new Set(FAQ_ENTRIES.map((e) => e.id)).size).toBe(6);
    for (const e of FAQ_ENTRIES) {
      expect(e.question.endsWith("?")).toBe(true);
      expect(e.answer.flat().length).toBeGreaterThan(0);
    }
  });

  it("has exactly one entry linking to /credits, which mentions ::store and OSRS gold via a ticket", () => {
    const withCredits = FAQ_ENTRIES.filter((e) => faqLinks(e).includes("/credits"));
    expect(withCredits).toHaveLength(1);
    const text = withCredits[0]!.answer
      .flat()
      .map((p) => (typeof p === "string" ? p : p.text))
      .join("");
    expect(text).toContain("::store");
    expect(text).toContain("OSRS gold");
    expect(text).toContain("support ticket");
  });

  it("links the other answers to /play, /vote, /account and the chat server", () => {
    const all = FAQ_ENTRIES.flatMap(faqLinks);
    expect(all).toEqual(expect.arrayContaining(["/play", "/register", "/vote", "/account", siteConfig.chatInviteUrl]));
    const staff = FAQ_ENTRIES.find((e) => faqLinks(e).includes(siteConfig.chatInviteUrl));
    expect(staff?.question).toMatch(/staff/i);
  });
});
