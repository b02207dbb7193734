import { describe, expect, it } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { db, preparedStatementName } from "@/lib/server/db";
import { unreadThreadsStatement } from "@/lib/server/forums/sql/unread";
import { PREPARED } from "@/lib/server/sql/prepared-statements";
import { createForum, forumActors, startThread } from "./forums-fixtures";

// Named statements (preparedStatementName in lib/server/db.ts): a raw statement that starts with PREPARED
// is prepared once on its pooled connection and reused; every other query stays unnamed. Read
// through pg_prepared_statements inside one transaction (one connection).

const users = forumActors();

const preparedOnThisConnection = (tx: Pick<typeof db, "$queryRaw">) =>
  tx.$queryRaw<{ name: string; statement: string }[]>`SELECT name, statement FROM pg_prepared_statements`;

describe("prepared statements", () => {
  it("names only the marked statements, by their whole text", () => {
    const marked = Prisma.sql`${PREPARED} SELECT 1`;
    expect(preparedStatementName({ sql: marked.sql })).toMatch(/^p_[0-9a-f]{24}$/);
    expect(preparedStatementName({ sql: `${marked.sql} ` })).not.toBe(preparedStatementName({ sql: marked.sql }));
    expect(preparedStatementName({ sql: "SELECT 1" })).toBeUndefined();
    expect(preparedStatementName({ sql: "SELECT 1 /* prepared */" })).toBeUndefined();
  });

  it("prepares the unread markers once, with one text for pages of any size, and answers the same", async () => {
    const { alice: author, bob: reader } = users;
    const forum = await createForum();
    const thread = await startThread(author, forum.id, "Prepared markers");
    const other = await startThread(author, forum.id, "Another thread");

    const seen = await db.$transaction(async (tx) => {
      const one = await tx.$queryRaw<{ threadId: number }[]>(unreadThreadsStatement(reader.id, [thread.id], false));
      const two = await tx.$queryRaw<{ threadId: number }[]>(unreadThreadsStatement(reader.id, [thread.id, other.id, 2_000_000_000], false));
      await tx.$queryRaw`SELECT ${1}::int AS unmarked`;
      return { one, two, prepared: await preparedOnThisConnection(tx) };
    });
    expect(seen.one.map((r) => r.threadId)).toEqual([thread.id]);
    expect(seen.two.map((r) => r.threadId).sort((a, b) => a - b)).toEqual([thread.id, other.id].sort((a, b) => a - b));
    const markers = seen.prepared.filter((p) => p.statement.includes("WITH unread AS") && p.statement.includes("ANY("));
    expect(markers).toHaveLength(1);
    expect(markers[0]!.name).toBe(preparedStatementName({ sql: markers[0]!.statement }));
    expect(seen.prepared.some((p) => p.statement.includes("unmarked"))).toBe(false);
  });
});
