import { describe, expect, it } from "vitest";
import { ZServerErrorBody } from "@/lib/schemas/api";
import { db } from "@/lib/server/db";
import { isDatabaseBusy } from "@/lib/server/db-errors";
import { BUSY_RETRY_AFTER_SECONDS, errorResponse } from "@/lib/server/http/respond";

// A database too busy to serve a request in time (a transaction past its limit, waiting on a
// lock many buyers of one coupon queue behind) answers 503 with Retry-After: the transaction
// rolled back, so sending again is safe. Any other unexpected error stays a 500. The errors here
// are the real ones Prisma raises, from this test's own database.

const meta = { requestId: "req-busy-test", method: "POST", path: "/api/v1/store/purchase" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function errorOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (e) {
    return e;
  }
  throw new Error("expected the call to fail");
}

describe("a database too busy to answer in time", () => {
  it("a transaction past its time limit is a 503 with Retry-After and the request id", async () => {
    const e = await errorOf(() =>
      db.$transaction(
        async (tx) => {
          await tx.$executeRaw`SELECT 1`;
          await sleep(400);
          await tx.$executeRaw`SELECT 1`;
        },
        { timeout: 100 },
      ),
    );
    expect(isDatabaseBusy(e)).toBe(true);
    const res = errorResponse(e, meta);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    const body = ZServerErrorBody.parse(await res.json());
    expect(body).toEqual({ details: "The service is temporarily unavailable.", request_id: meta.requestId });
  });

  it("any other failure, and a query error inside a transaction, stay a 500 without Retry-After", async () => {
    const plain = errorResponse(new Error("boom"), meta);
    expect(plain.status).toBe(500);
    expect(plain.headers.get("retry-after")).toBeNull();
    const e = await errorOf(() => db.$transaction((tx) => tx.$executeRawUnsafe("SELECT * FROM no_such_table_here")));
    expect(isDatabaseBusy(e)).toBe(false);
    expect(errorResponse(e, meta).status).toBe(500);
  });
});
