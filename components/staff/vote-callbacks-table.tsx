import Link from "next/link";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { ResponsiveTable } from "@/components/ui/responsive-table";
import type { TStaffVoteCallback } from "@/lib/schemas/staff-votes";
import { StaffBadge } from "./staff-badge";

// The staff vote-callbacks list as a table (cards on a narrow screen): when, site, player, the
// addresses, the verdict, the fraud signals the callback is part of, and what the site sent (the
// secret masked as stored). Server component.

/** The signals of one callback as short words (empty when none). */
export function flagWords(f: TStaffVoteCallback["flags"], bucketMinutes: number): string[] {
  const out: string[] = [];
  if (f.sharedAddress !== null) out.push(`Shared address (${f.sharedAddress.toLocaleString("en-US")} accounts)`);
  if (f.noLinkOpen) out.push("No link open before it");
  if (f.burst) out.push(`Burst (${f.burst.count.toLocaleString("en-US")} in ${bucketMinutes} minutes, usually ${f.burst.usual.toLocaleString("en-US")})`);
  return out;
}

function Sent({ row }: { row: TStaffVoteCallback }) {
  const query = Object.entries(row.query);
  return (
    <details>
      <summary className="cursor-pointer text-stone-300">Sent</summary>
      <dl className="mt-1 space-y-1 break-all font-mono text-sm">
        {query.map(([k, v]) => (
          <div key={k}>
            <dt className="inline text-stone-400">{k}=</dt>
            <dd className="inline">{v}</dd>
          </div>
        ))}
        {row.body ? (
          <div>
            <dt className="text-stone-400">Body</dt>
            <dd>{row.body}</dd>
          </div>
        ) : null}
        {!query.length && !row.body ? <dd>Nothing</dd> : null}
      </dl>
    </details>
  );
}

export function VoteCallbacksTable({ rows, bucketMinutes }: { rows: TStaffVoteCallback[]; bucketMinutes: number }) {
  return (
    <ResponsiveTable
      caption="Vote callbacks, newest first"
      testId="vote-callbacks-table"
      wide="5xl"
      rowHeader={0}
      columns={[
        { label: "Received" },
        { label: "Site" },
        { label: "Player" },
        { label: "From", className: "max-w-40" },
        { label: "Voter address", className: "max-w-40" },
        { label: "Verdict" },
        { label: "Signals", className: "min-w-48" },
        { label: "Sent", className: "max-w-64" },
      ]}
      rows={rows.map((r) => {
        const flags = flagWords(r.flags, bucketMinutes);
        return {
          key: r.id,
          attrs: { "data-callback-id": r.id, "data-testid": "vote-callback-row", "data-flagged": flags.length ? "yes" : "no" },
          cells: [
            <LocalDateTime key="t" value={r.receivedAt} />,
            r.site?.name ?? "Unknown",
            r.player ? (
              <Link key="p" href={`/staff/players/${r.player.id}`} className="break-words">
                {r.player.username}
              </Link>
            ) : (
              "None"
            ),
            <span key="a" className="break-all">
              {r.address ?? "Unknown"}
            </span>,
            <span key="v" className="break-all">
              {r.voterAddress ?? "Not reported"}
            </span>,
            r.accepted ? (
              <StaffBadge key="d" tone="ok">
                Counted
              </StaffBadge>
            ) : (
              <StaffBadge key="d" tone="none">
                {`Not counted: ${r.reason ?? "no reason"}`}
              </StaffBadge>
            ),
            flags.length ? (
              <ul key="f" className="space-y-1">
                {flags.map((w) => (
                  <li key={w}>
                    <StaffBadge tone="bad">{w}</StaffBadge>
                  </li>
                ))}
              </ul>
            ) : (
              "None"
            ),
            <Sent key="s" row={r} />,
          ],
        };
      })}
    />
  );
}
