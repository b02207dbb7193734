// Order numbers (docs/payments.md "Orders"): what a player sees, quotes to staff and opens the
// receipt with. Derived from the row, never stored: `C-` and the credit purchase's id for a
// credit package bought with money, `S-` and the store order's id for an item bought with
// credits, the id at least six digits. A gift (when it exists) is a store order like any other,
// so it takes an S- number. Parsing is lenient (case, a leading #, no dash, leading zeros).

export type OrderKind = "credits" | "item";

const PREFIX: Record<OrderKind, string> = { credits: "C", item: "S" };

export function orderNumber(kind: OrderKind, id: number): string {
  return `${PREFIX[kind]}-${String(id).padStart(6, "0")}`;
}

/** Largest id a number may name (PostgreSQL `integer`). */
const MAX_ID = 2_147_483_647;

/** The order a number names, or null when it is not an order number. */
export function parseOrderNumber(text: string): { kind: OrderKind; id: number } | null {
  const m = /^#?\s*([CcSs])-?(\d{1,10})$/.exec(text.trim());
  if (!m) return null;
  const id = Number(m[2]);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return null;
  return { kind: m[1]!.toUpperCase() === "C" ? "credits" : "item", id };
}

/** The order number pattern, for the OpenAPI document. */
export const ORDER_NUMBER_PATTERN = "^#?[CcSs]-?[0-9]{1,10}$";
