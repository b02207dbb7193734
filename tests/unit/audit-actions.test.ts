import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { auditRow, changedFields, fieldLabel } from "@/components/staff/audit-entry";
import { auditSentenceText } from "@/components/staff/audit-sentence";
import { AUDIT_ACTION_GROUPS, AUDIT_ACTIONS, auditFilterLabel } from "@/lib/audit-actions";
import type { TAuditEntry } from "@/lib/schemas/staff-audit";

// The audit page's words: the action catalogue is the list of what lib/server writes, every
// entry reads as one sentence, and the details show ids as they are and amounts grouped.

/** Every action name written to the audit log under lib/server (log lines' event names left out). */
function actionsWritten(): Set<string> {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((f) => {
      const p = join(d, f);
      return statSync(p).isDirectory() ? walk(p) : p.endsWith(".ts") ? [p] : [];
    });
  const found = new Set<string>();
  for (const file of walk("lib/server")) {
    const src = readFileSync(file, "utf8");
    if (file.endsWith("record-audit.ts") || !/recordAudit\(|auditStructure\(/.test(src)) continue;
    const code = src.replace(/log\.\w+\(\s*"[^"]*"/g, "").replace(/\/\/.*$/gm, "");
    for (const m of code.matchAll(/"([a-z0-9_]+(?:\.[a-z0-9_]+)+)"/g)) found.add(m[1]!);
  }
  return found;
}

const entry = (over: Partial<TAuditEntry>): TAuditEntry => ({
  id: 7,
  at: "2026-11-28T04:19:32.000Z",
  action: "credits.granted",
  actor: { id: 3, username: "Ava" },
  actorLabel: null,
  targetType: null,
  targetId: null,
  target: null,
  ip: null,
  reason: null,
  before: null,
  after: null,
  data: null,
  ...over,
});
const bob = { targetType: "user", targetId: "12", target: { label: "Bob", href: "/staff/players/12" } };

/** The text a person reads in a rendered row's cells. */
const rowText = (e: TAuditEntry) =>
  renderToStaticMarkup(createElement(Fragment, null, ...auditRow(e).cells))
    .replace(/<\/?(a|span|time)\b[^>]*>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

describe("the audit action catalogue", () => {
  it("lists every action the site writes, and nothing it does not", () => {
    const written = actionsWritten();
    expect(written.size).toBeGreaterThan(50);
    expect([...written].filter((a) => !AUDIT_ACTIONS.has(a))).toEqual([]);
    expect([...AUDIT_ACTIONS.keys()].filter((a) => !written.has(a))).toEqual([]);
  });

  it("groups each action under its area's prefix, so an area's option filters by that prefix", () => {
    for (const g of AUDIT_ACTION_GROUPS) for (const a of g.actions) expect(a.action.startsWith(`${g.key}.`), a.action).toBe(true);
    expect(auditFilterLabel("account")).toBe("Accounts: every action");
    expect(auditFilterLabel("credits.granted")).toBe("Credits: Credits added by staff");
    expect(auditFilterLabel("demo.seeded")).toBeNull();
  });
});

describe("one sentence per entry", () => {
  it("reads a credit grant as a person would say it", () => {
    const e = entry({
      ...bob,
      reason: "Ticket #13: 1M OSRS gold",
      before: { balance: 1000 },
      after: { balance: 1500 },
      data: { amount: 500, balanceAfter: 1500, ledgerEntryId: 30512, idempotencyKey: "grant:abc" },
    });
    expect(auditSentenceText(e)).toBe("Ava added 500 credits to Bob; balance 1,500.");
    expect(auditSentenceText({ ...e, action: "credits.removed", data: { amount: -200, balanceAfter: 1300 } })).toBe(
      "Ava removed 200 credits from Bob; balance 1,300.",
    );
  });

  it("names accounts, ranks, and the tools that act without an account", () => {
    expect(auditSentenceText(entry({ action: "account.banned", ...bob, after: { banned: true, bannedUntil: null } }))).toBe("Ava banned Bob for good.");
    expect(auditSentenceText(entry({ action: "account.privilege_set", ...bob, before: { privilege: "PLAYER" }, after: { privilege: "MODERATOR" } }))).toBe(
      "Ava changed Bob's privilege from player to moderator.",
    );
    expect(auditSentenceText(entry({ action: "account.ban_expired", actor: null, actorLabel: "system", ...bob }))).toBe(
      "The site ended Bob's ban: its time was up.",
    );
    expect(auditSentenceText(entry({ action: "account.password_changed", targetType: "user", targetId: "3" }))).toBe("Ava changed their password.");
    expect(
      auditSentenceText(
        entry({ action: "game.key_created", actor: null, actorLabel: "cli", targetType: "game_api_key", targetId: "4", after: { name: "World 1" } }),
      ),
    ).toBe("An operator (command line) created the game-server key “World 1” (#4).");
  });

  it("says what happened to deliveries, threads and store rows, with plain ids", () => {
    expect(
      auditSentenceText(
        entry({ action: "deliveries.resent", targetType: "game_delivery", targetId: "30512", after: { id: 30512, userId: 12000, copy: { id: 30513 } } }),
      ),
    ).toBe("Ava re-sent delivery #30512 to player #12000 as delivery #30513.");
    expect(
      auditSentenceText(entry({ action: "forum.thread.rename", targetType: "forum_thread", targetId: "9", before: { title: "Old" }, after: { title: "New" } })),
    ).toBe("Ava renamed thread #9 from “Old” to “New”.");
    expect(auditSentenceText(entry({ action: "store.product.hidden", targetType: "store_product", targetId: "5", after: { name: "Dragon claws" } }))).toBe(
      "Ava hid the store product “Dragon claws” (#5).",
    );
  });

  it("still reads as a sentence for an action it does not know", () => {
    expect(auditSentenceText(entry({ action: "demo.seeded", actor: null, actorLabel: "seed" }))).toBe("The demo seed did “demo.seeded”.");
  });
});

describe("the details of an entry", () => {
  it("writes field names in words and keeps ids whole", () => {
    expect(fieldLabel("gameItemId")).toBe("Game item ID");
    expect(fieldLabel("priceCents")).toBe("Price (cents)");
    expect(fieldLabel("banReason")).toBe("Ban reason");
  });

  it("lists only the fields that changed, opening nested records one level", () => {
    expect(changedFields({ name: "Claws", price: 100 }, { name: "Claws", price: 120 })).toEqual([{ key: "price", before: 100, after: 120 }]);
    expect(changedFields({ purchase: { id: 4, status: "pending" } }, { purchase: { id: 4, status: "paid" } })).toEqual([
      { key: "purchase status", before: "pending", after: "paid" },
    ]);
    expect(changedFields(null, { name: "Claws" })).toEqual([{ key: "name", after: "Claws" }]);
  });

  it("renders a row a person can read: the sentence, the reason, the change; the developer's names folded away", () => {
    const text = rowText(
      entry({
        ...bob,
        reason: "Ticket #13: 1M OSRS gold",
        before: { balance: 1000 },
        after: { balance: 1500 },
        data: { amount: 500, balanceAfter: 1500, ledgerEntryId: 30512, idempotencyKey: "grant:abc" },
      }),
    );
    expect(text).toContain("Ava added 500 credits to Bob; balance 1,500.");
    expect(text).toContain("Reason: Ticket #13: 1M OSRS gold");
    expect(text).toContain("Balance: 1,000 → changed to 1,500");
    expect(text).toContain("Technical details");
    expect(text).toContain("Ledger entry ID 30512");
    expect(text).not.toContain("30,512");
    // The stored names appear only under "Technical details", in words where they are field names.
    const [shown] = text.split("Technical details");
    expect(shown).not.toMatch(/credits\.granted|idempotency|ledger/i);
    expect(text).not.toContain("idempotencyKey");
  });

  it("shows a new store product's game item as it is, not as an amount", () => {
    const text = rowText(
      entry({ action: "store.product.created", targetType: "store_product", targetId: "5", after: { name: "Dragon claws", price: 1250, gameItemId: 30512 } }),
    );
    expect(text).toContain("Ava created the store product “Dragon claws” (#5).");
    expect(text).toContain("Game item ID: 30512");
    expect(text).toContain("Price: 1,250");
  });
});
