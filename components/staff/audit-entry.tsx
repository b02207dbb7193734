import Link from "next/link";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import type { TAuditEntry } from "@/lib/schemas/staff-audit";

// One audit log entry: when, who, what, on what, why, and what changed (before → after). An
// entry in an older shape, without before/after, shows its data as keys and values.

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A stored value in words: none, yes/no, a time, a list, or compact JSON for anything nested. */
function Value({ v }: { v: unknown }) {
  if (v === null || v === undefined) return <span className="text-stone-400">none</span>;
  if (typeof v === "boolean") return <>{v ? "yes" : "no"}</>;
  if (typeof v === "number") return <>{v.toLocaleString("en-US")}</>;
  if (typeof v === "string") return ISO_TIME.test(v) ? <LocalDateTime value={v} long /> : <span className="break-words">{v}</span>;
  if (Array.isArray(v) && v.every((x) => typeof x !== "object" || x === null)) return <>{v.map(String).join(", ") || "none"}</>;
  return <code className="break-all text-xs">{JSON.stringify(v)}</code>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function Changes({ before, after }: { before: Record<string, unknown> | null; after: Record<string, unknown> | null }) {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (!keys.length) return null;
  const created = before === null;
  const removed = after === null;
  return (
    <ul className="space-y-1" aria-label="What changed">
      {keys.map((k) => {
        const b = before?.[k];
        const a = after?.[k];
        return (
          <li key={k} className={`break-words ${!created && !removed && same(a, b) ? "text-stone-400" : ""}`}>
            <span className="font-semibold">{k}</span>:{" "}
            {created ? (
              <Value v={a} />
            ) : removed ? (
              <>
                <Value v={b} /> <span className="text-stone-400">(removed)</span>
              </>
            ) : (
              <>
                <Value v={b} /> <span aria-hidden="true">→</span>
                <span className="sr-only">changed to</span> <Value v={a} />
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function OtherData({ data }: { data: unknown }) {
  if (data === null || data === undefined) return null;
  if (!isRecord(data)) return <Value v={data} />;
  const rest = Object.entries(data).filter(([k]) => k !== "reason" && k !== "before" && k !== "after");
  if (!rest.length) return null;
  return (
    <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
      {rest.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-stone-400">{k}</dt>
          <dd className="min-w-0">
            <Value v={v} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function AuditEntry({ entry: e }: { entry: TAuditEntry }) {
  const headingId = `audit-${e.id}`;
  const hasChanges = e.before !== null || e.after !== null;
  return (
    <article aria-labelledby={headingId} className="panel min-w-0 p-4" data-testid="audit-entry">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id={headingId} className="min-w-0 break-words font-mono text-lg text-gold">
          {e.action}
        </h3>
        <LocalDateTime value={e.at} long className="text-sm text-stone-300" />
      </div>
      <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt className="text-stone-400">By</dt>
        <dd className="min-w-0 break-words">
          {e.actor ? (
            <Link href={`/staff/players/${e.actor.id}`} className="underline">
              {e.actor.username}
            </Link>
          ) : (
            (e.actorLabel ?? "unknown")
          )}
          {e.ip ? <span className="text-stone-400"> from {e.ip}</span> : null}
        </dd>
        {e.targetType ? (
          <>
            <dt className="text-stone-400">On</dt>
            <dd className="min-w-0 break-words">
              {e.target?.href ? (
                <Link href={e.target.href} className="underline">
                  {e.target.label}
                </Link>
              ) : (
                e.target?.label
              )}{" "}
              <span className="text-stone-400">
                ({e.targetType}
                {e.targetId ? ` #${e.targetId}` : ""})
              </span>
            </dd>
          </>
        ) : null}
        {e.reason ? (
          <>
            <dt className="text-stone-400">Reason</dt>
            <dd className="min-w-0 break-words" data-testid="audit-reason">
              {e.reason}
            </dd>
          </>
        ) : null}
      </dl>
      {hasChanges ? (
        <div className="mt-2">
          <Changes before={e.before} after={e.after} />
        </div>
      ) : null}
      <div className="mt-2">
        <OtherData data={e.data} />
      </div>
    </article>
  );
}
