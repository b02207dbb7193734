import "server-only";
import { MENTIONS_MAX, TOO_MANY_MENTIONS_MESSAGE } from "@/lib/messages/forums";
import { db } from "../db";
import { AppError } from "../errors";

// Mentions and quotes in a cleaned body (docs/forums.md, "Mentions and quotes"). The sanitiser
// keeps them in exactly one form each (lib/server/forums/sanitize.ts), so plain patterns read them:
//   <span data-mention="<user id>">text</span>              (text only inside)
//   <blockquote data-quote-post="<post id>"( data-quote-user="<user id>")?>
// Before a body is stored, each mention gets its player's current name ("@Name") or, for an id
// that is no player, becomes its plain text; each quote gets the quoted post's real author, or
// loses both attributes when the post is not one every reader can see. The writer's own ids are
// never trusted.

export const MENTION_SPAN = /<span data-mention="(\d+)">([^<]*)<\/span>/g;
export const QUOTE_OPEN = /<blockquote data-quote-post="(\d+)"(?: data-quote-user="(\d+)")?>/g;

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The distinct ids of the players a cleaned body mentions, in order of first mention. */
export function mentionIds(clean: string): number[] {
  return [...new Set([...clean.matchAll(MENTION_SPAN)].map((m) => Number(m[1])))];
}

/** Current names of players by id (unknown ids are left out). */
export async function namesById(ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db.user.findMany({ where: { id: { in: [...ids] } }, select: { id: true, username: true } });
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** Mention spans with the players' current names; spans of unknown ids become their text. */
export function renameMentions(clean: string, names: ReadonlyMap<number, string>): string {
  return clean.replace(MENTION_SPAN, (_all, id: string, text: string) => {
    const name = names.get(Number(id));
    return name === undefined ? text : `<span data-mention="${id}">@${escapeText(name)}</span>`;
  });
}

/**
 * A cleaned body made ready to store: at most MENTIONS_MAX different players mentioned (a 400
 * on `field` beyond), each mention with its player's name, each quote with its post's author.
 */
export async function resolveReferences(clean: string, field = "content"): Promise<string> {
  const mentioned = mentionIds(clean);
  if (mentioned.length > MENTIONS_MAX) throw new AppError("VALIDATION", { fields: { [field]: [TOO_MANY_MENTIONS_MESSAGE] } });
  let out = renameMentions(clean, await namesById(mentioned));

  const quoted = [...new Set([...out.matchAll(QUOTE_OPEN)].map((m) => Number(m[1])))];
  if (quoted.length) {
    // Only a post everyone can read: not hidden, in a thread, forum and category that are not hidden.
    const rows = await db.forumPost.findMany({
      where: { id: { in: quoted }, hidden: false, thread: { hidden: false, forum: { hidden: false, category: { hidden: false } } } },
      select: { id: true, userId: true },
    });
    const authors = new Map(rows.map((r) => [r.id, r.userId]));
    out = out.replace(QUOTE_OPEN, (_all, post: string) => {
      const author = authors.get(Number(post));
      return author === undefined ? "<blockquote>" : `<blockquote data-quote-post="${post}" data-quote-user="${author}">`;
    });
  }
  return out;
}
