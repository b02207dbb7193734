// The staff payments list's search, filters and date range, and its CSV export with the same
// filters: through the real routes as an administrator. The rows are this file's own (its
// database is its own copy), made with fixed dates so the ranges are exact.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/api/v1/staff/payments/export/route";
import { GET as listRoute } from "@/app/api/v1/staff/payments/route";
import { PAYMENTS_CSV_COLUMNS } from "@/lib/schemas/staff-payments";
import { db } from "@/lib/server/db";
import { exportStaffPayments } from "@/lib/server/payments/export-staff-payments";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { createPackage } from "../support/fake-payment-data";
import { call, freshClient } from "./helpers";

let restore: () => void;
let admin: string;
let moderator: string;
const tag = randomUUID().slice(0, 6);
let alice: { id: number; username: string };
let bob: { id: number; username: string };
const ids: Record<string, number> = {};

beforeAll(async () => {
  restore = setEnv({ TRUST_PROXY: "true" });
  const [a, m] = await Promise.all([createUser({ privilege: "ADMINISTRATOR" }), createUser({ privilege: "MODERATOR" })]);
  [admin, moderator] = await Promise.all([createSessionToken(a.id), createSessionToken(m.id)]);
  alice = await createUser({ username: `Ali${tag}` });
  bob = await createUser({ username: `Bob${tag}` });
  const pkg = await createPackage({ active: false });
  const row = (name: string, userId: number, data: Record<string, unknown>) =>
    db.creditPurchase
      .create({ data: { userId, creditPackageId: pkg.id, method: "STRIPE", credits: 1000, bonusCredits: 0, amountCents: 5000, ...data } })
      .then((p) => (ids[name] = p.id));
  await row("a1", alice.id, {
    status: "PAID",
    providerRef: `pi_${tag}_a1`,
    createdAt: new Date("2026-03-01T10:00:00Z"),
    paidAt: new Date("2026-03-01T10:01:00Z"),
  });
  await row("a2", alice.id, {
    status: "REFUNDED",
    method: "PAYPAL",
    providerRef: `ORDER-${tag}`,
    amountCents: 1999,
    createdAt: new Date("2026-03-05T23:59:00Z"),
  });
  // A provider id no spreadsheet should run, and one that needs quoting.
  await row("b1", bob.id, {
    status: "PAID",
    method: "MANUAL",
    providerRef: `=HYPERLINK("http://evil.example","${tag}")`,
    amountCents: 250,
    createdAt: new Date("2026-03-06T00:00:00Z"),
  });
  await row("b2", bob.id, { status: "PENDING", providerRef: `ref,with "quotes" ${tag}`, amountCents: 100, createdAt: new Date("2026-04-01T12:00:00Z") });
});
afterAll(() => restore());

const list = async (query: string, session = admin) => {
  const r = await call(listRoute, { path: `/api/v1/staff/payments?${query}`, cookies: { session }, headers: freshClient() });
  return { status: r.status, json: r.json, ids: ((r.json.results ?? []) as { id: number }[]).map((p) => p.id) };
};
const csv = async (query: string, session = admin) => {
  const r = await call(exportRoute, { path: `/api/v1/staff/payments/export?${query}`, cookies: { session }, headers: freshClient() });
  const text = (r.json.__text as string | undefined) ?? "";
  return { status: r.status, headers: r.headers, text, json: r.json, lines: text.split("\r\n").filter(Boolean) };
};
const mine = (found: number[]) => found.filter((id) => Object.values(ids).includes(id));

describe("GET /api/v1/staff/payments: search, filters, date range", () => {
  it("finds by username start (any case), by provider transaction id, and by order number with or without # or a prefix", async () => {
    expect(mine((await list(`q=ali${tag.toUpperCase()}`)).ids)).toEqual([ids.a2, ids.a1]);
    expect(mine((await list(`q=${encodeURIComponent(`ORDER-${tag}`)}`)).ids)).toEqual([ids.a2]);
    for (const q of [`${ids.b1}`, `#${ids.b1}`, `ORD-${ids.b1}`, `ord-000${ids.b1}`])
      expect((await list(`q=${encodeURIComponent(q)}`)).ids, q).toContain(ids.b1);
    // A provider id matches whole, not by a part of it.
    expect(mine((await list(`q=pi_${tag}`)).ids)).toEqual([]);
  });

  it("filters by status and method, and by whole UTC days, both ends included", async () => {
    expect(mine((await list(`q=ali${tag}&status=refunded`)).ids)).toEqual([ids.a2]);
    expect(mine((await list(`q=ali${tag}&provider=paypal`)).ids)).toEqual([ids.a2]);
    expect(mine((await list(`q=ali${tag}&provider=stripe&status=paid`)).ids)).toEqual([ids.a1]);
    expect(mine((await list("from=2026-03-05&to=2026-03-06")).ids)).toEqual([ids.b1, ids.a2]);
    expect(mine((await list("from=2026-03-06")).ids)).toEqual([ids.b2, ids.b1]);
    expect(mine((await list("to=2026-03-01")).ids)).toEqual([ids.a1]);
  });

  it("answers each row with its player's risk and dispute state", async () => {
    const r = await list(`q=bob${tag}&status=paid`);
    expect(r.json.results).toEqual([
      expect.objectContaining({
        id: ids.b1,
        player: { id: bob.id, username: bob.username },
        dispute: null,
        risk: expect.objectContaining({ payments: 1, paidCents: 250, refunds: 0, disputes: 0, chargebackRate: 0, spendingHold: false }),
      }),
    ]);
  });

  it("refuses a bad day or a range that ends before it starts with a 400 naming the field; moderators get 403", async () => {
    const bad = await list("from=2026-02-30");
    expect(bad.status).toBe(400);
    expect(bad.json.from).toEqual(["Must be a day as YYYY-MM-DD."]);
    const backwards = await list("from=2026-03-06&to=2026-03-05");
    expect(backwards.status).toBe(400);
    expect(backwards.json.to).toEqual(["Must be on or after the first day."]);
    expect((await list(`q=${"x".repeat(101)}`)).json.q).toBeDefined();
    expect((await list("", moderator)).status).toBe(403);
    expect((await list("")).status).toBe(200);
  });
});

describe("GET /api/v1/staff/payments/export", () => {
  it("answers CSV with the header, the list's filters applied, quoting and the formula prefix", async () => {
    const r = await csv(`q=bob${tag}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(r.headers.get("content-disposition")).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(r.lines[0]).toBe(PAYMENTS_CSV_COLUMNS.join(","));
    expect(r.lines).toEqual([
      PAYMENTS_CSV_COLUMNS.join(","),
      `${ids.b2},2026-04-01T12:00:00.000Z,,${bob.id},${bob.username},stripe,pending,1.00,USD,1000,0,"ref,with ""quotes"" ${tag}",no,,,`,
      `${ids.b1},2026-03-06T00:00:00.000Z,,${bob.id},${bob.username},manual,paid,2.50,USD,1000,0,"'=HYPERLINK(""http://evil.example"",""${tag}"")",no,,,`,
    ]);
    // The same filters as the list: status, method and days.
    expect((await csv(`q=ali${tag}&status=paid`)).lines.slice(1).map((l) => Number(l.split(",")[0]))).toEqual([ids.a1]);
    expect((await csv("from=2026-03-05&to=2026-03-06")).lines.slice(1).map((l) => Number(l.split(",")[0]))).toEqual([ids.b1, ids.a2]);
    expect((await csv(`provider=paypal&q=ali${tag}`)).lines.slice(1).map((l) => l.split(",")[7])).toEqual(["19.99"]);
  });

  it("walks every batch: a small batch size gives the same rows as one", async () => {
    const read = async (batch: number) => new Response(exportStaffPayments({ q: undefined, from: "2026-03-01", to: "2026-04-30" }, batch)).text();
    const whole = await read(500);
    expect(whole.split("\r\n").filter(Boolean)).toHaveLength(1 + 4);
    expect(await read(1)).toBe(whole);
    expect(await read(3)).toBe(whole);
  });

  it("refuses bad filters with a 400 naming the field, and anyone below administrator", async () => {
    const r = await csv("status=lost");
    expect(r.status).toBe(400);
    expect(r.json.status).toBeDefined();
    expect((await csv("from=2026-03-06&to=2026-03-01")).json.to).toEqual(["Must be on or after the first day."]);
    expect((await csv("", moderator)).status).toBe(403);
  });
});
