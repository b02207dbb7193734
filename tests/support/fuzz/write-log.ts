// Every row written in a database, as it happens: a row-level trigger on each watched table
// appends the old and new row to fuzz.writes, in the writer's own transaction (so a rolled-back
// write leaves no trace, as it left no data). Meant for a database of one's own: it sees every
// writer, not only the code under test.
import pg from "pg";

export type WriteRow = {
  id: number;
  /** schema.table */
  table: string;
  op: "INSERT" | "UPDATE" | "DELETE" | "TRUNCATE";
  old: Record<string, unknown> | null;
  new: Record<string, unknown> | null;
  /** For an UPDATE, the columns whose value changed. */
  changed: string[];
};

export type WriteLog = {
  /** The tables being watched, as schema.table. */
  tables: string[];
  /**
   * Entries written since the previous call (or since the log was installed), oldest first;
   * UPDATEs that changed nothing are left out.
   */
  next(): Promise<WriteRow[]>;
  close(): Promise<void>;
};

/** Tables watched besides those of `public`: the job queue (a queued email is a write too). */
const EXTRA_TABLES = ["graphile_worker._private_jobs"];
const SKIPPED = new Set(["public._prisma_migrations"]);

export async function installWriteLog(databaseUrl: string): Promise<WriteLog> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "fuzz-write-log" });
  await client.connect();
  await client.query(`
    CREATE SCHEMA IF NOT EXISTS fuzz;
    CREATE TABLE IF NOT EXISTS fuzz.writes (id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL, old jsonb, new jsonb);
    CREATE OR REPLACE FUNCTION fuzz.log_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO fuzz.writes (tbl, op, old, new) VALUES (
        TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME, TG_OP,
        CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) END,
        CASE WHEN TG_OP IN ('UPDATE', 'INSERT') THEN to_jsonb(NEW) END);
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION fuzz.log_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO fuzz.writes (tbl, op) VALUES (TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME, TG_OP);
      RETURN NULL;
    END $$;`);
  // A partition takes its parent's triggers (and reports its own name in them): only parents are watched.
  const { rows } = await client.query<{ name: string }>(
    `SELECT schemaname || '.' || tablename AS name FROM pg_tables t
     WHERE schemaname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhrelid = (quote_ident(t.schemaname) || '.' || quote_ident(t.tablename))::regclass)
     ORDER BY 1`,
  );
  const tables = [...rows.map((r) => r.name).filter((t) => !SKIPPED.has(t)), ...EXTRA_TABLES];
  for (const t of tables) {
    const quoted = t
      .split(".")
      .map((part) => `"${part}"`)
      .join(".");
    await client.query(`
      DROP TRIGGER IF EXISTS fuzz_log_row ON ${quoted};
      CREATE TRIGGER fuzz_log_row AFTER INSERT OR UPDATE OR DELETE ON ${quoted} FOR EACH ROW EXECUTE FUNCTION fuzz.log_row();
      DROP TRIGGER IF EXISTS fuzz_log_truncate ON ${quoted};
      CREATE TRIGGER fuzz_log_truncate AFTER TRUNCATE ON ${quoted} FOR EACH STATEMENT EXECUTE FUNCTION fuzz.log_truncate();`);
  }
  let cursor = 0;
  return {
    tables,
    async next() {
      const r = await client.query<{ id: string; tbl: string; op: WriteRow["op"]; old: Record<string, unknown> | null; new: Record<string, unknown> | null }>(
        "SELECT id, tbl, op, old, new FROM fuzz.writes WHERE id > $1 ORDER BY id",
        [cursor],
      );
      cursor = Math.max(cursor, ...r.rows.map((row) => Number(row.id)));
      return r.rows
        .map((row) => {
          const changed =
            row.op === "UPDATE" && row.old && row.new ? Object.keys(row.new).filter((k) => JSON.stringify(row.new![k]) !== JSON.stringify(row.old![k])) : [];
          return { id: Number(row.id), table: row.tbl, op: row.op, old: row.old, new: row.new, changed };
        })
        .filter((w) => w.op !== "UPDATE" || w.changed.length > 0);
    },
    close: () => client.end(),
  };
}
