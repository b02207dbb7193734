import { AUDIT_ACTIONS } from "@/lib/audit-actions";
import type { TAuditEntry } from "@/lib/schemas/staff-audit";

// One audit entry as one sentence a person reads ("Ava added 500 credits to Bob; balance 1,500."),
// from the entry's action, actor, target and data. Pure: it returns parts (text, links, times)
// that components/staff/audit-entry.tsx renders. An action this file does not know, or an older
// entry without the data a sentence needs, still reads as a sentence ("… did account.merged …").

export type SentencePart = string | { text: string; href: string } | { time: string };

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);
/** An amount (credits, a count): with thousands separators. */
export const amount = (n: number) => n.toLocaleString("en-US");
const str = (r: Rec | null | undefined, k: string): string | null => (r && typeof r[k] === "string" ? (r[k] as string) : null);
const numOf = (r: Rec | null | undefined, k: string): number | null => (r && typeof r[k] === "number" ? (r[k] as number) : null);
const quoted = (s: string | null) => (s ? `“${s}”` : null);

const LABELS: Record<string, string> = {
  system: "The site",
  cli: "An operator (command line)",
  seed: "The demo seed",
  "game-server": "The game server",
};

/** Who acted, as the subject of the sentence. */
export function actorParts(e: Pick<TAuditEntry, "actor" | "actorLabel">): SentencePart {
  if (e.actor) return { text: e.actor.username, href: `/staff/players/${e.actor.id}` };
  const label = e.actorLabel ?? "";
  if (LABELS[label]) return LABELS[label];
  if (label.startsWith("webhook:")) return `A ${label.slice("webhook:".length)} webhook`;
  return label ? `“${label}”` : "Someone unrecorded";
}

const TARGET_WORDS: Record<string, string> = {
  user: "account",
  forum_post: "forum post",
  forum_thread: "thread",
  forum_post_report: "report",
  forum: "forum",
  forum_category: "forum category",
  game_api_key: "game-server key",
  game_delivery: "delivery",
  job: "job",
  news: "news post",
  store_product: "store product",
  store_category: "store category",
  credit_package: "credit package",
  store_sale: "sale",
  coupon: "coupon",
  creator_code: "creator code",
  ticket: "ticket",
  saved_reply: "saved reply",
  webhook_event: "payment event",
  vote_goal: "vote goal",
  vote_site: "vote site",
};

/** The target in words: an account by name (linked), anything else as "ticket #12". Ids are never grouped. */
function targetParts(e: TAuditEntry): SentencePart[] {
  if (!e.targetType) return ["nothing named"];
  if (e.target) return [e.target.href ? { text: e.target.label, href: e.target.href } : e.target.label];
  const word = TARGET_WORDS[e.targetType] ?? e.targetType.replace(/_/g, " ");
  if (e.targetType === "user" && e.targetId && /^\d+$/.test(e.targetId)) return [{ text: `account #${e.targetId}`, href: `/staff/players/${e.targetId}` }];
  return [e.targetId ? `${word} #${e.targetId}` : word];
}

const isSelf = (e: TAuditEntry) => e.actor !== null && e.targetType === "user" && e.targetId === String(e.actor.id);

/** "Bob's" for an account acted on, "their own" when the actor is the account. */
function whose(e: TAuditEntry): SentencePart[] {
  if (isSelf(e)) return ["their"];
  const t = targetParts(e);
  const last = t[t.length - 1]!;
  return [...t.slice(0, -1), typeof last === "string" ? `${last}'s` : "time" in last ? last : { ...last, text: `${last.text}'s` }];
}

const words = (code: string) => code.toLowerCase().replace(/_/g, " ");

/** The thing a structure or store change is about, by its name where the data has one. */
function named(e: TAuditEntry, kind: string): SentencePart[] {
  const rec = e.after ?? e.before;
  let name = quoted(str(rec, "name") ?? str(rec, "title") ?? str(rec, "code"));
  if (!name && e.targetType === "credit_package") {
    const credits = numOf(rec, "credits");
    if (credits !== null) name = `of ${amount(credits)} credits`;
  }
  return [`the ${kind}${name ? ` ${name}` : ""}${e.targetId ? ` (#${e.targetId})` : ""}`];
}

type Phrase = (e: TAuditEntry) => SentencePart[];

const structure =
  (verb: string, kind: string): Phrase =>
  (e) => [`${verb} `, ...named(e, kind)];
const numbered =
  (verb: string, kind: string, after = ""): Phrase =>
  (e) => [`${verb} ${kind}${e.targetId ? ` #${e.targetId}` : ""}${after}`];

/** What each known action did, after the actor's name. */
const PHRASES: Record<string, Phrase> = {
  "account.registered": (e) => (isSelf(e) ? ["created their account"] : ["created the account ", ...targetParts(e)]),
  "account.email_confirmed": (e) => ["confirmed ", ...whose(e), " email address"],
  "account.password_changed": (e) => ["changed ", ...whose(e), " password"],
  "account.password_reset": (e) => ["reset ", ...whose(e), " password with an emailed link"],
  "account.banned": (e) => {
    const until = str(e.after, "bannedUntil");
    return ["banned ", ...targetParts(e), ...(until ? [" until ", { time: until }] : [" for good"])];
  },
  "account.unbanned": (e) => ["lifted ", ...whose(e), " ban"],
  "account.ban_expired": (e) => ["ended ", ...whose(e), " ban: its time was up"],
  "punishment.applied": (e) => {
    const p = isRecord(e.after?.punishment) ? e.after.punishment : null;
    const kind = str(p, "kind");
    const until = str(p, "endsAt");
    const rule = str(p, "rule");
    const verb = { WARNING: "warned ", MUTE: "muted ", BAN: "banned ", ADDRESS_BAN: "address-banned " }[kind ?? ""] ?? "punished ";
    return [
      verb,
      ...targetParts(e),
      ...(kind === "WARNING" ? [] : until ? [" until ", { time: until }] : [" for good"]),
      rule ? ` under the rule “${rule}”` : "",
    ];
  },
  "punishment.lifted": (e) => ["lifted ", ...whose(e), " mute"],
  "punishment.expired": (e) => ["ended ", ...whose(e), " mute: its time was up"],
  "punishment.note_added": (e) => ["wrote a staff note on ", ...targetParts(e)],
  "account.sessions_ended": (e) => {
    const n = numOf(e.before, "openSessions");
    return ["signed ", ...targetParts(e), ` out everywhere${n !== null ? ` (${amount(n)} ${n === 1 ? "session" : "sessions"})` : ""}`];
  },
  "account.privilege_set": (e) => {
    const from = str(e.before, "privilege");
    const to = str(e.after, "privilege");
    return ["changed ", ...whose(e), ` privilege${from ? ` from ${words(from)}` : ""}${to ? ` to ${words(to)}` : ""}`];
  },
  "account.email_change_requested": (e) => ["asked to change ", ...whose(e), " email address"],
  "account.email_changed": (e) => ["changed ", ...whose(e), " email address with the link sent to the new one"],
  "account.session_ended_by_link": (e) => ["ended one of ", ...whose(e), " sessions from the new-device mail"],
  "account.deleted": () => ["deleted their account"],
  "account.shared_addresses_viewed": (e) => {
    const days = numOf(e.after, "days");
    const accounts = numOf(e.after, "accounts");
    return [
      "looked up the accounts sharing ",
      ...whose(e),
      ` addresses${days !== null ? ` over ${days} days` : ""}`,
      accounts !== null ? ` (${amount(accounts)} ${accounts === 1 ? "account" : "accounts"} found)` : "",
    ];
  },
  "2fa.activated": (e) => ["turned on two-factor authentication", ...(isSelf(e) ? [] : [" for ", ...targetParts(e)])],
  "2fa.deactivated": (e) => {
    const via = isRecord(e.data) ? str(e.data, "via") : null;
    return ["turned off two-factor authentication", ...(isSelf(e) ? [] : [" for ", ...targetParts(e)]), via === "recovery" ? " with a recovery code" : ""];
  },
  "2fa.recovery_code_used": () => ["signed in with a two-factor recovery code"],
  "2fa.reset_by_staff": (e) => ["turned off ", ...whose(e), " two-factor authentication"],
  "credits.granted": (e) => creditChange(e, "added", "to"),
  "credits.removed": (e) => creditChange(e, "removed", "from"),
  "payments.event_reapplied": (e) => {
    const purchase = isRecord(e.after?.purchase) ? numOf(e.after.purchase, "id") : null;
    return [`re-applied payment event #${e.targetId ?? "?"}`, purchase !== null ? ` to credit purchase #${purchase}` : ""];
  },
  "deliveries.resent": (e) => {
    const copy = isRecord(e.after?.copy) ? numOf(e.after.copy, "id") : null;
    return [`re-sent delivery #${e.targetId ?? "?"}`, ...toPlayer(e), copy !== null ? ` as delivery #${copy}` : ""];
  },
  "deliveries.canceled": (e) => {
    const refunded = numOf(e.after, "refundedCredits");
    return [`canceled delivery #${e.targetId ?? "?"}`, ...toPlayer(e, "of"), refunded ? `, refunding ${amount(refunded)} credits` : ""];
  },
  "vote_goal.created": structure("created", "vote goal"),
  "vote_goal.updated": (e) => {
    const was = e.before?.active;
    const now = e.after?.active;
    if (was === true && now === false) return structure("paused", "vote goal")(e);
    if (was === false && now === true) return structure("resumed", "vote goal")(e);
    return structure("edited", "vote goal")(e);
  },
  "vote.site.created": structure("added", "vote site"),
  "vote.site.updated": structure("edited", "vote site"),
  "vote.site.activated": structure("turned on", "vote site"),
  "vote.site.deactivated": structure("turned off", "vote site"),
  "store.product.created": structure("created", "store product"),
  "store.product.updated": structure("edited", "store product"),
  "store.product.hidden": structure("hid", "store product"),
  "store.product.shown": structure("put back on sale", "store product"),
  "store.category.created": structure("created", "store category"),
  "store.category.updated": structure("edited", "store category"),
  "store.category.hidden": structure("hid", "store category"),
  "store.category.shown": structure("showed again", "store category"),
  "store.package.created": structure("created", "credit package"),
  "store.package.updated": structure("edited", "credit package"),
  "store.package.hidden": structure("hid", "credit package"),
  "store.package.shown": structure("put back on sale", "credit package"),
  "store.sale.created": structure("scheduled", "sale"),
  "store.sale.updated": structure("edited", "sale"),
  "store.sale.deleted": structure("deleted", "sale"),
  "store.coupon.created": structure("created", "coupon"),
  "store.coupon.updated": structure("edited", "coupon"),
  "store.creator_code.created": structure("created", "creator code"),
  "store.creator_code.updated": structure("edited", "creator code"),
  "store.creator_code.paused": structure("paused", "creator code"),
  "store.creator_code.resumed": structure("resumed", "creator code"),
  "store.creator_code.paid": structure("paid out", "creator code"),
  "forum.post.edit": numbered("edited", "forum post"),
  "forum.post.hide": numbered("hid", "forum post"),
  "forum.post.unhide": numbered("showed again", "forum post"),
  "forum.thread.pin": numbered("pinned", "thread"),
  "forum.thread.unpin": numbered("unpinned", "thread"),
  "forum.thread.close": numbered("closed", "thread"),
  "forum.thread.reopen": numbered("reopened", "thread"),
  "forum.thread.rename": (e) => [`renamed thread #${e.targetId ?? "?"}`, ...fromTo(quoted(str(e.before, "title")), quoted(str(e.after, "title")))],
  "forum.thread.move": (e) => {
    const from = numOf(e.before, "forumId");
    const to = numOf(e.after, "forumId");
    return [`moved thread #${e.targetId ?? "?"}`, ...fromTo(from !== null ? `forum #${from}` : null, to !== null ? `forum #${to}` : null)];
  },
  "forum.thread.hide": numbered("hid", "thread"),
  "forum.thread.unhide": numbered("showed again", "thread"),
  "forum.report.resolve": (e) => reportPhrase(e, "resolved"),
  "forum.report.reopen": (e) => reportPhrase(e, "reopened"),
  "forum.category.created": structure("created", "forum category"),
  "forum.category.updated": structure("edited", "forum category"),
  "forum.category.hidden": structure("hid", "forum category"),
  "forum.category.shown": structure("showed again", "forum category"),
  "forum.category.deleted": structure("deleted", "forum category"),
  "forum.categories.reordered": () => ["put the forum categories in a new order"],
  "forum.forum.created": structure("created", "forum"),
  "forum.forum.updated": structure("edited", "forum"),
  "forum.forum.hidden": structure("hid", "forum"),
  "forum.forum.shown": structure("showed again", "forum"),
  "forum.forum.deleted": structure("deleted", "forum"),
  "forum.forums.reordered": () => ["put the forums in a new order"],
  "news.create": (e) => ["published ", ...named(e, "news post")],
  "ticket.close": numbered("closed", "ticket"),
  "ticket.reopen": numbered("reopened", "ticket"),
  "ticket.saved_reply.created": structure("created", "saved reply"),
  "ticket.saved_reply.updated": structure("edited", "saved reply"),
  "ticket.saved_reply.deleted": structure("deleted", "saved reply"),
  "ticket.assign": (e) => {
    const to = str(e.after, "assignee");
    return [to ? `assigned ticket #${e.targetId ?? "?"} to ${to}` : `unassigned ticket #${e.targetId ?? "?"}`];
  },
  "ticket.priority": (e) => [`set ticket #${e.targetId ?? "?"}'s priority to ${str(e.after, "priority") ?? "?"}`],
  "ticket.note": numbered("added an internal note to", "ticket"),
  "game.key_created": structure("created", "game-server key"),
  "game.key_revoked": structure("revoked", "game-server key"),
  "hiscores.reset": (e) => {
    const resets = isRecord(e.data) && Array.isArray(e.data.resets) ? e.data.resets.filter(isRecord) : [];
    const metrics = resets.map((r) => str(r, "metric")).filter((m): m is string => m !== null);
    return ["reported that ", ...whose(e), ` ${metrics.length ? metrics.join(", ") : "hiscores"} went back down (a reset)`];
  },
  "jobs.retried": (e) => [`retried failed job #${e.targetId ?? "?"}`, ...jobTask(e)],
  "jobs.deleted": (e) => [`deleted failed job #${e.targetId ?? "?"}`, ...jobTask(e)],
  "giftcard.issued": (e) => {
    const credits = numOf(e.after, "credits");
    return [`issued gift card #${e.targetId ?? "?"}`, credits !== null ? ` worth ${amount(credits)} credits` : ""];
  },
  "giftcard.voided": numbered("voided", "gift card"),
  "image.uploaded": () => ["uploaded a product image"],
};

function creditChange(e: TAuditEntry, verb: "added" | "removed", to: "to" | "from"): SentencePart[] {
  const data = isRecord(e.data) ? e.data : null;
  const n = numOf(data, "amount");
  const balance = numOf(data, "balanceAfter") ?? numOf(e.after, "balance");
  return [`${verb} ${n !== null ? `${amount(Math.abs(n))} ` : ""}credits ${to} `, ...targetParts(e), balance !== null ? `; balance ${amount(balance)}` : ""];
}

/** The player a delivery belongs to (by id: the log names accounts only where they are the target). */
function toPlayer(e: TAuditEntry, word: "to" | "of" = "to"): SentencePart[] {
  const id = numOf(e.after ?? e.before, "userId");
  return id !== null ? [` ${word} `, { text: `player #${id}`, href: `/staff/players/${id}` }] : [];
}

function fromTo(from: string | null, to: string | null): SentencePart[] {
  return [from ? ` from ${from}` : "", to ? ` to ${to}` : ""];
}

const ACTION_WORDS: Record<string, string> = { post_hidden: "post hidden", warned: "author warned", none: "no action" };

function reportPhrase(e: TAuditEntry, verb: string): SentencePart[] {
  const post = isRecord(e.data) ? numOf(e.data, "postId") : null;
  const outcome = str(e.after, "outcome");
  const action = str(e.after, "action");
  const how = outcome ? ` as ${outcome}${action ? ` (${ACTION_WORDS[action] ?? words(action)})` : ""}` : "";
  return [`${verb} report #${e.targetId ?? "?"}`, post !== null ? ` on forum post #${post}` : "", how];
}

function jobTask(e: TAuditEntry): SentencePart[] {
  const task = str(e.before, "task");
  return task ? [` (${task})`] : [];
}

/** The whole sentence, ending in a full stop; empty strings left out. */
export function auditSentence(e: TAuditEntry): SentencePart[] {
  const phrase = PHRASES[e.action];
  const rest = phrase ? phrase(e) : [`did “${e.action}”`, ...(e.targetType ? [" to ", ...targetParts(e)] : [])];
  return [actorParts(e), " ", ...rest, "."].filter((p) => p !== "");
}

/** The sentence as plain text (for tests, and anywhere links cannot go). */
export function auditSentenceText(e: TAuditEntry): string {
  return auditSentence(e)
    .map((p) => (typeof p === "string" ? p : "text" in p ? p.text : p.time))
    .join("");
}

/** Whether this file has words for the action (the rest read "did …"). */
export const isDescribed = (action: string) => action in PHRASES && AUDIT_ACTIONS.has(action);
