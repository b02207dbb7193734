import Link from "next/link";
import type { ReactNode } from "react";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import type { TableRow } from "@/components/ui/responsive-table";
import type { TAuditEntry } from "@/lib/schemas/staff-audit";
import { amount, auditSentence } from "./audit-sentence";

// One audit log entry as a row of the audit page's table: when, what happened (one sentence,
// and the reason given), and what changed (only the fields that changed, in words; long lists
// folded). What only a developer needs (the stored action name, the address, the entry's other
// data) is folded under "Technical details".

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
/** Fields whose numbers are ids or codes: written as they are, never "30,512". */
const ID_KEY = /(^id$|Id$|Ids$|_id$|^ids$)/;
/** Beyond this many changed fields, the list is folded. */
const SHOWN_FIELDS = 4;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A stored field name in words: "gameItemId" → "Game item ID", "banReason" → "Ban reason". */
export function fieldLabel(key: string): string {
  const spaced = key
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/\bid\b/g, "ID")
    .replace(/\bids\b/g, "IDs")
    .replace(/\bcents\b/g, "(cents)")
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** A stored value in words: none, yes/no, a time, an id as it is, an amount grouped, a list, or compact JSON. */
function Value({ v, field }: { v: unknown; field: string }) {
  if (v === null || v === undefined) return <span className="text-stone-400">none</span>;
  if (typeof v === "boolean") return <>{v ? "yes" : "no"}</>;
  if (typeof v === "number") return <>{ID_KEY.test(field) ? String(v) : amount(v)}</>;
  if (typeof v === "string") return ISO_TIME.test(v) ? <LocalDateTime value={v} long /> : <span className="break-words">“{v}”</span>;
  if (Array.isArray(v) && v.every((x) => typeof x !== "object" || x === null)) return <>{v.map(String).join(", ") || "none"}</>;
  return <code className="text-xs break-all">{JSON.stringify(v)}</code>;
}

type Change = { key: string; before?: unknown; after?: unknown };

/** The fields that changed, nested records opened one level ("Purchase status"); all fields of a record made or removed. */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown> | null, prefix = ""): Change[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.flatMap((k): Change[] => {
    const b = before?.[k];
    const a = after?.[k];
    const key = prefix ? `${prefix} ${k}` : k;
    if (before && after && same(a, b)) return [];
    if (!prefix && (isRecord(a) || isRecord(b)) && !Array.isArray(a) && !Array.isArray(b)) {
      return changedFields(before && isRecord(b) ? b : before ? {} : null, after && isRecord(a) ? a : after ? {} : null, k);
    }
    return [{ key, ...(before ? { before: b } : {}), ...(after ? { after: a } : {}) }];
  });
}

function ChangeLine({ c }: { c: Change }) {
  const field = c.key.split(" ").at(-1)!;
  return (
    <li className="break-words">
      <span className="text-stone-300">{fieldLabel(c.key.replace(/ ([a-z])/g, (_, l: string) => l.toUpperCase()))}</span>:{" "}
      {"before" in c && "after" in c ? (
        <>
          <Value v={c.before} field={field} /> <span aria-hidden="true">→</span>
          <span className="sr-only"> changed to</span> <Value v={c.after} field={field} />
        </>
      ) : "after" in c ? (
        <Value v={c.after} field={field} />
      ) : (
        <>
          <Value v={c.before} field={field} /> <span className="text-stone-400">(removed)</span>
        </>
      )}
    </li>
  );
}

function Changes({ entry: e }: { entry: TAuditEntry }) {
  if (e.before === null && e.after === null) return null;
  const changes = changedFields(e.before, e.after);
  if (!changes.length) return <p className="text-stone-400">Nothing changed.</p>;
  const list = (
    <ul className="space-y-0.5" aria-label="What changed">
      {changes.map((c) => (
        <ChangeLine key={c.key} c={c} />
      ))}
    </ul>
  );
  if (changes.length <= SHOWN_FIELDS) return list;
  const made = e.before === null ? "Its fields" : e.after === null ? "Its fields when removed" : "Changed fields";
  return (
    <details>
      <summary className="flex min-h-11 cursor-pointer items-center text-gold">
        {made} ({changes.length})
      </summary>
      {list}
    </details>
  );
}

function Technical({ entry: e }: { entry: TAuditEntry }) {
  const data = isRecord(e.data) ? Object.entries(e.data).filter(([k]) => k !== "reason" && k !== "before" && k !== "after") : [];
  const other = e.data !== null && !isRecord(e.data) ? e.data : undefined;
  return (
    <details className="text-stone-300">
      <summary className="flex min-h-11 cursor-pointer items-center text-gold">Technical details</summary>
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-0.5">
        <dt className="text-stone-400">Recorded as</dt>
        <dd className="font-mono break-all">{e.action}</dd>
        <dt className="text-stone-400">Entry</dt>
        <dd>#{e.id}</dd>
        {e.ip ? (
          <>
            <dt className="text-stone-400">Address</dt>
            <dd className="break-all">{e.ip}</dd>
          </>
        ) : null}
        {e.targetType ? (
          <>
            <dt className="text-stone-400">Target</dt>
            <dd className="break-all">
              {e.targetType}
              {e.targetId ? ` #${e.targetId}` : ""}
            </dd>
          </>
        ) : null}
        {data.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-stone-400">{fieldLabel(k)}</dt>
            <dd className="min-w-0">
              <Value v={v} field={k} />
            </dd>
          </div>
        ))}
        {other !== undefined ? (
          <>
            <dt className="text-stone-400">Data</dt>
            <dd className="min-w-0">
              <Value v={other} field="data" />
            </dd>
          </>
        ) : null}
      </dl>
    </details>
  );
}

/** The entry's sentence, with its links and times. */
export function AuditSentence({ entry }: { entry: TAuditEntry }) {
  return (
    <>
      {auditSentence(entry).map((p, i): ReactNode => {
        if (typeof p === "string") return p;
        if ("time" in p) return <LocalDateTime key={i} value={p.time} long />;
        return (
          <Link key={i} href={p.href} className="underline">
            {p.text}
          </Link>
        );
      })}
    </>
  );
}

/** The audit page's columns, and one entry as a row of them. */
export const AUDIT_COLUMNS = [{ label: "When", className: "w-44" }, { label: "What happened" }, { label: "Details", className: "w-[40%]" }];

export function auditRow(e: TAuditEntry): TableRow {
  return {
    key: e.id,
    attrs: { "data-testid": "audit-entry" },
    cells: [
      <LocalDateTime key="w" value={e.at} long className="text-stone-300" />,
      <div key="s">
        <p data-testid="audit-sentence">
          <AuditSentence entry={e} />
        </p>
        {e.reason ? (
          <p className="mt-1 text-stone-300" data-testid="audit-reason">
            Reason: {e.reason}
          </p>
        ) : null}
      </div>,
      <div key="d" className="space-y-1">
        <Changes entry={e} />
        <Technical entry={e} />
      </div>,
    ],
  };
}
