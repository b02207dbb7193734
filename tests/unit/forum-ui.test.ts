import { describe, expect, it } from "vitest";
import { forumHref, latestPostHref, loginHref, pageItems, replyCount, searchHref, threadHref, threadPageParam } from "@/components/forums/forum-paths";
import { snippetPieces } from "@/components/forums/snippet";
import { EDIT_WINDOW_MINUTES, withinEditWindow } from "@/lib/schemas/forums";
import { MAX_ID } from "@/lib/schemas/ids";

describe("snippetPieces ([[ ]] marks in plain text)", () => {
  it("splits marked words from the text around them", () => {
    expect(snippetPieces("the [[dragon]] drop and [[dragons]]")).toEqual([
      { text: "the ", mark: false },
      { text: "dragon", mark: true },
      { text: " drop and ", mark: false },
      { text: "dragons", mark: true },
    ]);
  });

  it("keeps text without marks whole, and joins neighbouring marks", () => {
    expect(snippetPieces("no match here")).toEqual([{ text: "no match here", mark: false }]);
    expect(snippetPieces("[[a]][[b]] c")).toEqual([
      { text: "ab", mark: true },
      { text: " c", mark: false },
    ]);
    expect(snippetPieces("")).toEqual([]);
    expect(snippetPieces("[[]]x")).toEqual([{ text: "x", mark: false }]);
  });

  it("leaves unbalanced markers as written text", () => {
    expect(snippetPieces("a ]] b [[c")).toEqual([{ text: "a ]] b [[c", mark: false }]);
    expect(snippetPieces("[[x]] then [[open")).toEqual([
      { text: "x", mark: true },
      { text: " then [[open", mark: false },
    ]);
  });

  it("never turns markup into anything but text", () => {
    const pieces = snippetPieces('<img src=x onerror="alert(1)"> [[<b>]]');
    expect(pieces).toEqual([
      { text: '<img src=x onerror="alert(1)"> ', mark: false },
      { text: "<b>", mark: true },
    ]);
  });
});

describe("forum route helpers", () => {
  it("reads a thread page: below 1 or non-numeric is 1, 'last' is past the end", () => {
    expect(threadPageParam(undefined)).toBe(1);
    expect(threadPageParam("0")).toBe(1);
    expect(threadPageParam("-3")).toBe(1);
    expect(threadPageParam("x")).toBe(1);
    expect(threadPageParam("4")).toBe(4);
    expect(threadPageParam(["2", "5"])).toBe(2);
    expect(threadPageParam("last")).toBe(MAX_ID);
  });

  it("builds links", () => {
    expect(forumHref(3)).toBe("/forums/3");
    expect(forumHref(3, 2)).toBe("/forums/3?page=2");
    expect(threadHref(9)).toBe("/forums/thread/9");
    expect(threadHref(9, 1, 40)).toBe("/forums/thread/9#post-40");
    expect(threadHref(9, 3, 40)).toBe("/forums/thread/9?page=3#post-40");
    expect(threadHref(9, "last")).toBe("/forums/thread/9?page=last");
    expect(loginHref("/forums/thread/9?page=2")).toBe("/login?next=%2Fforums%2Fthread%2F9%3Fpage%3D2");
    expect(searchHref("dragon & bones", 2)).toBe("/forums/search?q=dragon+%26+bones&page=2");
  });

  it("counts replies as posts minus opening posts", () => {
    expect(replyCount({ post_count: 12, thread_count: 3 })).toBe(9);
    expect(replyCount({ post_count: 0, thread_count: 0 })).toBe(0);
    expect(replyCount({ post_count: 1, thread_count: 2 })).toBe(0);
  });

  it("allows an author's edit only inside the edit window", () => {
    const now = Date.parse("2024-03-07T12:00:00Z");
    expect(withinEditWindow(new Date(now - 60_000).toISOString(), now)).toBe(true);
    expect(withinEditWindow(new Date(now - EDIT_WINDOW_MINUTES * 60_000).toISOString(), now)).toBe(false);
    expect(withinEditWindow("not a date", now)).toBe(false);
  });

  it("offers the first, last and nearby pages with gaps", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(6, 20)).toEqual([1, "gap", 4, 5, 6, 7, 8, "gap", 20]);
    expect(pageItems(1, 20)).toEqual([1, 2, 3, "gap", 20]);
    // A gap of one page shows that page instead.
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe("latestPostHref (a thread row's Last post link)", () => {
  it("opens the thread's last page at the anchor the newest post carries", () => {
    expect(latestPostHref(42)).toBe("/forums/thread/42?page=last#latest");
    expect(threadPageParam("last")).toBe(MAX_ID);
  });
});
