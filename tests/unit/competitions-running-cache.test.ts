import { afterEach, describe, expect, it } from "vitest";
import type { Tx } from "@/lib/server/db";
import { forgetLiveCompetitions, liveCompetitions } from "@/lib/server/competitions/running-cache";
import type { LiveCompetitionRow } from "@/lib/server/competitions/sql/push";

// The running-competitions list a process keeps (lib/server/competitions/running-cache.ts): read
// once per RUNNING_CACHE_MS, dropped by this process's own writes, and never kept from a read that
// was under way when a write dropped it (that read's statement may predate the write's commit).

const row = (id: number): LiveCompetitionRow => ({ id, startsAt: new Date(0), endsAt: new Date(8.64e15), metrics: [1] });

/** A client whose reads wait until the test answers them, counting how many were made. */
function heldClient() {
  const pending: Array<(rows: LiveCompetitionRow[]) => void> = [];
  const client = {
    reads: 0,
    $queryRaw: () => {
      client.reads++;
      return new Promise<LiveCompetitionRow[]>((resolve) => pending.push(resolve));
    },
  };
  return { tx: client as unknown as Tx & { reads: number }, answer: (rows: LiveCompetitionRow[]) => pending.shift()!(rows) };
}

afterEach(() => forgetLiveCompetitions());

describe("liveCompetitions", () => {
  it("keeps what it read: the next call makes no query", async () => {
    const { tx, answer } = heldClient();
    const first = liveCompetitions(tx);
    answer([row(1)]);
    expect((await first).map((r) => r.id)).toEqual([1]);
    expect((await liveCompetitions(tx)).map((r) => r.id)).toEqual([1]);
    expect(tx.reads).toBe(1);
  });

  it("reads again after this process's own write dropped the list", async () => {
    const { tx, answer } = heldClient();
    const first = liveCompetitions(tx);
    answer([row(1)]);
    await first;
    forgetLiveCompetitions();
    const second = liveCompetitions(tx);
    answer([row(1), row(2)]);
    expect((await second).map((r) => r.id)).toEqual([1, 2]);
    expect(tx.reads).toBe(2);
  });

  it("does not keep a read that was under way when a write dropped the list", async () => {
    const { tx, answer } = heldClient();
    const stale = liveCompetitions(tx); // started before the new competition was committed
    forgetLiveCompetitions(); // the write commits and drops the list
    answer([row(1)]);
    expect((await stale).map((r) => r.id)).toEqual([1]); // that caller still gets its answer
    const fresh = liveCompetitions(tx);
    expect(tx.reads).toBe(2); // the stale answer was not kept
    answer([row(1), row(2)]);
    expect((await fresh).map((r) => r.id)).toEqual([1, 2]);
    expect((await liveCompetitions(tx)).map((r) => r.id)).toEqual([1, 2]);
    expect(tx.reads).toBe(2);
  });
});
