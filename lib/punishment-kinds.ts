// The kinds and lengths of punishments (docs/staff.md, "Punishments"): the names the staff form,
// the API and the use cases share. Pure and small, so the staff form's bundle carries no rules text.

export const PUNISHMENT_KINDS = ["WARNING", "MUTE", "BAN", "ADDRESS_BAN"] as const;
export type PunishmentKindName = (typeof PUNISHMENT_KINDS)[number];

export const KIND_LABELS: Record<PunishmentKindName, string> = { WARNING: "Warning", MUTE: "Mute", BAN: "Ban", ADDRESS_BAN: "Address ban" };

/** The lengths staff pick from: the presets, and 72 hours, which two ladders use. */
export const DURATIONS = ["24h", "48h", "72h", "7d", "permanent"] as const;
export type DurationName = (typeof DURATIONS)[number];
export const DURATION_HOURS: Record<Exclude<DurationName, "permanent">, number> = { "24h": 24, "48h": 48, "72h": 72, "7d": 168 };
export const DURATION_LABELS: Record<DurationName, string> = {
  "24h": "24 hours",
  "48h": "48 hours",
  "72h": "72 hours",
  "7d": "7 days",
  permanent: "Permanent",
};
