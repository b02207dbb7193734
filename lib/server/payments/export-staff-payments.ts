import "server-only";
import { csvRow } from "@/lib/csv";
import { PAYMENTS_CSV_COLUMNS, type TStaffPaymentFilters } from "@/lib/schemas/staff-payments";
import { db } from "../db";
import { log } from "../log";
import { paymentsWhere } from "./payment-filters";
import { disputeOf } from "./staff-payment-dto";

// The staff payments list as CSV, with the list's filters: streamed in batches walked by id
// (newest first), so a large table never sits in memory; each batch is read when the reader
// asks for more. Administrators only (the route checks it).

export const EXPORT_BATCH = 500;

const amount = (cents: number) => `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

export function exportStaffPayments(filters: TStaffPaymentFilters, batchSize = EXPORT_BATCH): ReadableStream<Uint8Array> {
  const where = paymentsWhere(filters);
  const encoder = new TextEncoder();
  let below: number | null = null;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!headerSent) {
          headerSent = true;
          controller.enqueue(encoder.encode(csvRow(PAYMENTS_CSV_COLUMNS)));
          return;
        }
        const rows = await db.creditPurchase.findMany({
          where: below === null ? where : { AND: [where, { id: { lt: below } }] },
          include: { user: { select: { username: true } } },
          orderBy: { id: "desc" },
          take: batchSize,
        });
        if (rows.length === 0) {
          controller.close();
          return;
        }
        below = rows.at(-1)!.id;
        const text = rows
          .map((p) =>
            csvRow([
              p.id,
              p.createdAt.toISOString(),
              p.paidAt?.toISOString() ?? "",
              p.userId,
              p.user.username,
              p.method.toLowerCase(),
              p.status.toLowerCase(),
              amount(p.amountCents),
              p.currency,
              p.credits,
              p.bonusCredits,
              p.providerRef ?? "",
              p.deliverInGame ? "yes" : "no",
              disputeOf(p)?.state ?? "",
              p.disputeOpenedAt?.toISOString() ?? "",
              p.disputeClosedAt?.toISOString() ?? "",
            ]),
          )
          .join("");
        controller.enqueue(encoder.encode(text));
        if (rows.length < batchSize) controller.close();
      } catch (e) {
        log.error("payments export failed", { err: e });
        controller.error(e);
      }
    },
  });
}
