import "server-only";

/**
 * Who an audited change is by, spread into recordAudit: a signed-in member of staff (actorId),
 * or a tool without an account (actorLabel "cli", "seed"), and the client address when known.
 */
export type AuditActor = { actorId: number | null; actorLabel?: string | null; ip?: string | null };

/** The operator CLI (npm run admin): no account, so a label instead of an id. */
export const CLI_ACTOR: AuditActor = { actorId: null, actorLabel: "cli" };
