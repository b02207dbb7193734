import type { ReactNode } from "react";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { ResponsiveTable } from "@/components/ui/responsive-table";
import { KIND_LABELS } from "@/lib/punishment-kinds";
import type { TPlayerNote, TPunishmentRow } from "@/lib/schemas/punishments";
import { StaffBadge } from "./staff-badge";

// The moderation tables of a player's staff page: the punishment history (every warning, mute
// and ban, with its rule, both messages, who gave it, its length and how it ended) and the
// private staff notes. Server components on the shared responsive table.

const when = (iso: string | null) => (iso ? <LocalDateTime value={iso} /> : <span className="text-stone-400">—</span>);
const text = (s: string | null) => <span className="break-words">{s ?? "—"}</span>;

function State({ p }: { p: TPunishmentRow }) {
  if (p.state === "warning") return <StaffBadge tone="none">Warning</StaffBadge>;
  if (p.state === "in force") return <StaffBadge tone="bad">In force</StaffBadge>;
  const how: ReactNode = p.state === "ended" ? "Ended by itself" : `Lifted by ${p.liftedBy ?? "unknown"}`;
  return (
    <span className="inline-flex flex-col gap-1">
      <StaffBadge tone="ok">{p.state === "ended" ? "Ended" : "Lifted"}</StaffBadge>
      <span className="text-sm">
        {how}
        {p.liftedAt ? (
          <>
            {" "}
            <LocalDateTime value={p.liftedAt} />
          </>
        ) : null}
        {p.liftReason && p.state === "lifted" ? `: ${p.liftReason}` : ""}
      </span>
    </span>
  );
}

export function PunishmentsTable({ rows }: { rows: TPunishmentRow[] }) {
  return (
    <ResponsiveTable
      caption="Warnings, mutes and bans, newest first"
      columns={["What", "Rule", "Message to the player", "Internal note", "By", "Given", "Ends", "State"].map((label) => ({ label }))}
      rows={rows.map((p) => ({
        key: p.id,
        cells: [
          <span key="k">
            {KIND_LABELS[p.kind]}
            {p.address ? <span className="block text-sm break-all text-stone-400">{p.address}</span> : null}
          </span>,
          p.ruleTitle ? `${p.ruleTitle}${p.step ? ` (step ${p.step})` : ""}` : "Other",
          text(p.message),
          text(p.note),
          p.by,
          when(p.createdAt),
          p.kind === "WARNING" ? "—" : p.endsAt ? when(p.endsAt) : "Permanent",
          <State key="s" p={p} />,
        ],
      }))}
    />
  );
}

export function NotesTable({ rows }: { rows: TPlayerNote[] }) {
  return (
    <ResponsiveTable
      caption="Staff notes, newest first"
      columns={["Note", "By", "Written"].map((label) => ({ label }))}
      rows={rows.map((n) => ({ key: n.id, cells: [text(n.body), n.author, when(n.createdAt)] }))}
    />
  );
}
