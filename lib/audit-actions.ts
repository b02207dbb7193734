// The actions the site writes to the audit log (lib/server/audit/record-audit.ts), by area, with
// the words the audit page uses for each: its action picker and the sentence of an entry
// (components/staff/audit-sentence.ts). Pure. tests/unit/audit-actions.test.ts reads every
// action written under lib/server and fails when one is missing here.

export type AuditActionInfo = { action: string; label: string };
export type AuditActionGroup = { key: string; label: string; actions: readonly AuditActionInfo[] };

export const AUDIT_ACTION_GROUPS: readonly AuditActionGroup[] = [
  {
    key: "account",
    label: "Accounts",
    actions: [
      { action: "account.registered", label: "Account created" },
      { action: "account.email_confirmed", label: "Email confirmed" },
      { action: "account.password_changed", label: "Password changed" },
      { action: "account.password_reset", label: "Password reset by email" },
      { action: "account.banned", label: "Banned" },
      { action: "account.unbanned", label: "Unbanned" },
      { action: "account.ban_expired", label: "Ban ended by itself" },
      { action: "account.sessions_ended", label: "Sessions ended" },
      { action: "account.privilege_set", label: "Privilege changed" },
      { action: "account.email_change_requested", label: "Email change asked for" },
      { action: "account.email_changed", label: "Email changed" },
      { action: "account.session_ended_by_link", label: "Session ended from the new-device mail" },
      { action: "account.deleted", label: "Account deleted by its owner" },
      { action: "account.shared_addresses_viewed", label: "Shared addresses looked up" },
    ],
  },
  {
    key: "punishment",
    label: "Moderation",
    actions: [
      { action: "punishment.applied", label: "Warned, muted or banned by a rule" },
      { action: "punishment.lifted", label: "Mute lifted" },
      { action: "punishment.expired", label: "Mute ended by itself" },
      { action: "punishment.note_added", label: "Staff note added" },
    ],
  },
  {
    key: "2fa",
    label: "Two-factor authentication",
    actions: [
      { action: "2fa.activated", label: "Turned on" },
      { action: "2fa.deactivated", label: "Turned off" },
      { action: "2fa.recovery_code_used", label: "Recovery code used" },
      { action: "2fa.reset_by_staff", label: "Reset by staff" },
    ],
  },
  {
    key: "credits",
    label: "Credits",
    actions: [
      { action: "credits.granted", label: "Credits added by staff" },
      { action: "credits.removed", label: "Credits removed by staff" },
    ],
  },
  {
    key: "payments",
    label: "Payments",
    actions: [{ action: "payments.event_reapplied", label: "Provider event re-applied" }],
  },
  {
    key: "deliveries",
    label: "Game deliveries",
    actions: [
      { action: "deliveries.resent", label: "Delivery re-sent" },
      { action: "deliveries.canceled", label: "Delivery canceled" },
    ],
  },
  {
    key: "store",
    label: "Store",
    actions: [
      { action: "store.product.created", label: "Product created" },
      { action: "store.product.updated", label: "Product edited" },
      { action: "store.product.hidden", label: "Product hidden" },
      { action: "store.product.shown", label: "Product shown" },
      { action: "store.category.created", label: "Category created" },
      { action: "store.category.updated", label: "Category edited" },
      { action: "store.category.hidden", label: "Category hidden" },
      { action: "store.category.shown", label: "Category shown" },
      { action: "store.package.created", label: "Credit package created" },
      { action: "store.package.updated", label: "Credit package edited" },
      { action: "store.package.hidden", label: "Credit package hidden" },
      { action: "store.package.shown", label: "Credit package shown" },
      { action: "store.sale.created", label: "Sale scheduled" },
      { action: "store.sale.updated", label: "Sale edited" },
      { action: "store.sale.deleted", label: "Sale deleted" },
      { action: "store.coupon.created", label: "Coupon created" },
      { action: "store.coupon.updated", label: "Coupon edited" },
      { action: "store.creator_code.created", label: "Creator code created" },
      { action: "store.creator_code.updated", label: "Creator code edited" },
      { action: "store.creator_code.paused", label: "Creator code paused" },
      { action: "store.creator_code.resumed", label: "Creator code resumed" },
      { action: "store.creator_code.paid", label: "Creator paid out" },
    ],
  },
  {
    key: "giftcard",
    label: "Gift cards",
    actions: [
      { action: "giftcard.issued", label: "Gift card issued" },
      { action: "giftcard.voided", label: "Gift card voided" },
    ],
  },
  {
    key: "image",
    label: "Images",
    actions: [{ action: "image.uploaded", label: "Product image uploaded" }],
  },
  {
    key: "forum",
    label: "Forums",
    actions: [
      { action: "forum.post.edit", label: "Post edited" },
      { action: "forum.post.hide", label: "Post hidden" },
      { action: "forum.post.unhide", label: "Post shown again" },
      { action: "forum.thread.pin", label: "Thread pinned" },
      { action: "forum.thread.unpin", label: "Thread unpinned" },
      { action: "forum.thread.close", label: "Thread closed" },
      { action: "forum.thread.reopen", label: "Thread reopened" },
      { action: "forum.thread.rename", label: "Thread renamed" },
      { action: "forum.thread.move", label: "Thread moved" },
      { action: "forum.thread.hide", label: "Thread hidden" },
      { action: "forum.thread.unhide", label: "Thread shown again" },
      { action: "forum.report.resolve", label: "Report resolved" },
      { action: "forum.report.reopen", label: "Report reopened" },
      { action: "forum.category.created", label: "Category created" },
      { action: "forum.category.updated", label: "Category edited" },
      { action: "forum.category.hidden", label: "Category hidden" },
      { action: "forum.category.shown", label: "Category shown" },
      { action: "forum.category.deleted", label: "Category deleted" },
      { action: "forum.categories.reordered", label: "Categories reordered" },
      { action: "forum.forum.created", label: "Forum created" },
      { action: "forum.forum.updated", label: "Forum edited" },
      { action: "forum.forum.hidden", label: "Forum hidden" },
      { action: "forum.forum.shown", label: "Forum shown" },
      { action: "forum.forum.deleted", label: "Forum deleted" },
      { action: "forum.forums.reordered", label: "Forums reordered" },
    ],
  },
  { key: "news", label: "News", actions: [{ action: "news.create", label: "News post published" }] },
  {
    key: "ticket",
    label: "Tickets",
    actions: [
      { action: "ticket.close", label: "Ticket closed" },
      { action: "ticket.reopen", label: "Ticket reopened" },
      { action: "ticket.saved_reply.created", label: "Saved reply created" },
      { action: "ticket.saved_reply.updated", label: "Saved reply edited" },
      { action: "ticket.saved_reply.deleted", label: "Saved reply deleted" },
      { action: "ticket.assign", label: "Ticket assigned" },
      { action: "ticket.priority", label: "Ticket priority set" },
      { action: "ticket.note", label: "Internal note added" },
    ],
  },
  {
    key: "game",
    label: "Game servers",
    actions: [
      { action: "game.key_created", label: "Game-server key created" },
      { action: "game.key_revoked", label: "Game-server key revoked" },
    ],
  },
  { key: "hiscores", label: "Hiscores", actions: [{ action: "hiscores.reset", label: "Hiscores reset by the game" }] },
  {
    key: "competition",
    label: "Competitions",
    actions: [
      { action: "competition.created", label: "Competition created" },
      { action: "competition.updated", label: "Competition edited" },
      { action: "competition.cancelled", label: "Competition cancelled" },
      { action: "competition.ended", label: "Competition ended, prizes queued" },
      { action: "competition.schedule.created", label: "Weekly schedule created" },
      { action: "competition.schedule.updated", label: "Weekly schedule edited" },
      { action: "competition.schedule.deleted", label: "Weekly schedule deleted" },
    ],
  },
  {
    key: "goal",
    label: "Community goals",
    actions: [
      { action: "goal.created", label: "Community goal created" },
      { action: "goal.updated", label: "Community goal edited" },
      { action: "goal.ended", label: "Community goal ended early" },
    ],
  },
  {
    key: "vote_goal",
    label: "Vote goals",
    actions: [
      { action: "vote_goal.created", label: "Vote goal created" },
      { action: "vote_goal.updated", label: "Vote goal edited, paused or resumed" },
    ],
  },
  {
    key: "vote",
    label: "Vote sites",
    actions: [
      { action: "vote.site.created", label: "Vote site added" },
      { action: "vote.site.updated", label: "Vote site edited" },
      { action: "vote.site.activated", label: "Vote site turned on" },
      { action: "vote.site.deactivated", label: "Vote site turned off" },
    ],
  },
  {
    key: "jobs",
    label: "Background jobs",
    actions: [
      { action: "jobs.retried", label: "Failed job retried" },
      { action: "jobs.deleted", label: "Failed job deleted" },
    ],
  },
];

/** Every known action, by its name. */
export const AUDIT_ACTIONS: ReadonlyMap<string, AuditActionInfo & { group: AuditActionGroup }> = new Map(
  AUDIT_ACTION_GROUPS.flatMap((group) => group.actions.map((a) => [a.action, { ...a, group }] as const)),
);

/** What the picker shows for a filter value: an action, a whole area ("account"), or null when unknown. */
export function auditFilterLabel(value: string): string | null {
  const action = AUDIT_ACTIONS.get(value);
  if (action) return `${action.group.label}: ${action.label}`;
  const group = AUDIT_ACTION_GROUPS.find((g) => g.key === value);
  return group ? `${group.label}: every action` : null;
}
