// Punishments by the rules: what a rung of a rule's penalty ladder means as a punishment, which
// rung a player's next offence of a rule is, and what a muted player is told. Pure: the staff
// form, the use cases and the unit tests read it alike (docs/staff.md, "Punishments").

import { formatLongDateTime } from "./format/dates";
import { penaltyLabel, RULE_SECTIONS, type Penalty, type RuleSection } from "./content/rules";
import { DURATION_HOURS, type DurationName, type PunishmentKindName } from "./punishment-kinds";

export * from "./punishment-kinds";

/** The end of a punishment of `duration` given at `from` (null: permanent). */
export function endsAtFor(duration: DurationName, from: Date): Date | null {
  return duration === "permanent" ? null : new Date(from.getTime() + DURATION_HOURS[duration] * 3_600_000);
}

/** What one rung of a ladder is as a punishment: its kind and length. The site cannot ban hardware: an IP/MAC or hardware ban is an address ban here, and the game bans the rest from the feed. */
export function penaltyPunishment(p: Penalty): { kind: PunishmentKindName; duration: DurationName } {
  switch (p) {
    case "24h mute":
      return { kind: "MUTE", duration: "24h" };
    case "48h mute":
      return { kind: "MUTE", duration: "48h" };
    case "permanent mute":
      return { kind: "MUTE", duration: "permanent" };
    case "24h ban":
      return { kind: "BAN", duration: "24h" };
    case "48h ban":
      return { kind: "BAN", duration: "48h" };
    case "72h ban":
      return { kind: "BAN", duration: "72h" };
    case "permanent ban":
      return { kind: "BAN", duration: "permanent" };
    case "IP ban":
    case "IP/MAC ban":
    case "permanent IP ban":
    case "permanent IP/hardware ban":
      return { kind: "ADDRESS_BAN", duration: "permanent" };
  }
}

/** The rules a punishment can name: the sections of /rules with a penalty ladder. */
export const PUNISHABLE_RULES: readonly RuleSection[] = RULE_SECTIONS.filter((s) => s.ladders.length > 0);

export function ruleByKey(key: string): RuleSection | undefined {
  return PUNISHABLE_RULES.find((s) => s.id === key);
}

export type Proposal = {
  rule: string;
  /** 1-based rung of the ladder proposed (the last rung once the ladder is used up). */
  step: number;
  /** The player's earlier offences of this rule (warnings not counted). */
  previousOffences: number;
  penalty: Penalty;
  label: string;
  kind: PunishmentKindName;
  duration: DurationName;
};

/**
 * The next rung for a player with `previousOffences` earlier offences of the rule: the first
 * offence is the first rung, the third the third; past the end of the ladder, its last rung.
 */
export function proposeStep(rule: RuleSection, previousOffences: number): Proposal {
  const steps = rule.ladders[0]!.steps;
  const index = Math.min(Math.max(previousOffences, 0), steps.length - 1);
  const penalty = steps[index]!;
  return { rule: rule.id, step: index + 1, previousOffences, penalty, label: penaltyLabel(penalty), ...penaltyPunishment(penalty) };
}

/** What a muted player is told when refused: the mute, its end and its message. */
export function muteMessage(mute: { endsAt: Date | null; message: string }): string {
  const until = mute.endsAt ? ` until ${formatLongDateTime(mute.endsAt)} (UTC)` : " permanently";
  const reason = mute.message.trim() || "no reason given";
  return `You are muted${until}: ${reason}${/[.!?]$/.test(reason) ? "" : "."} You may still open a Mute Appeal ticket and reply on it.`;
}

/** True while a mute or ban is in force at `now`: not lifted, and permanent or not ended yet. */
export function inForce(p: { liftedAt: Date | null; endsAt: Date | null }, now: Date = new Date()): boolean {
  return p.liftedAt === null && (p.endsAt === null || p.endsAt > now);
}
