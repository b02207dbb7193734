import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/server/env";

const base = { DATABASE_URL: "postgresql://u@localhost:5432/db" };

describe("background job settings", () => {
  it("runs jobs in the app process, two at a time, unless told otherwise", () => {
    expect(parseEnv(base)).toMatchObject({ JOBS_WORKER: true, JOBS_CONCURRENCY: 2 });
    expect(parseEnv({ ...base, JOBS_WORKER: "false", JOBS_CONCURRENCY: "5" })).toMatchObject({ JOBS_WORKER: false, JOBS_CONCURRENCY: 5 });
    expect(parseEnv({ ...base, JOBS_CONCURRENCY: "" }).JOBS_CONCURRENCY).toBe(2); // set but empty = unset
  });

  it("refuses a concurrency that is not a positive whole number, naming it", () => {
    for (const bad of ["0", "-1", "1.5", "many"]) expect(() => parseEnv({ ...base, JOBS_CONCURRENCY: bad })).toThrow(/JOBS_CONCURRENCY/);
    expect(() => parseEnv({ ...base, JOBS_WORKER: "maybe" })).toThrow(/JOBS_WORKER/);
  });
});
