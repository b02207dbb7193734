// Forum limits and texts shown by both the server and the browser. Plain values, no zod: client
// components (the reply form, the thread's post actions) import them without pulling the schema
// library into the thread page's first load. lib/schemas/forums.ts re-exports them.

export const THREAD_TITLE_MAX = 120;
/** Raw HTML a client may send; the sanitised copy is what is stored. */
export const CONTENT_MAX = 50_000;
/** Sanitised HTML at most this long is stored. */
export const STORED_CONTENT_MAX = 30_000;
export const REASON_MAX = 200;
export const REPORT_REASON_MAX = 500;
export const THREADS_PAGE_SIZE = 20;
export const POSTS_PAGE_SIZE = 10;
export const SEARCH_PAGE_SIZE = 20;
export const REPORTS_PAGE_SIZE = 20;
export const LATEST_THREADS_MAX = 20;
/** Authors may edit their own post for this long after posting; staff at any time. */
export const EDIT_WINDOW_MINUTES = 30;

/** Whether a post written at `writtenAt` may still be edited by its author at `now` (ms). */
export function withinEditWindow(writtenAt: Date | string, now: number): boolean {
  const written = new Date(writtenAt).getTime();
  return Number.isFinite(written) && now - written < EDIT_WINDOW_MINUTES * 60_000;
}

// ── texts (docs/product.md §2, §8 and our own) ──
export const NO_THREADS_INDEX = "No threads found";
export const NO_THREADS_LIST = "No forum threads found.";
export const POSTED_MESSAGE = "Successfully posted comment!";
export const THREAD_CLOSED_MESSAGE = "This thread is closed: no new replies can be posted.";
export const EMPTY_CONTENT_MESSAGE = "Write something before posting.";
export const EDIT_WINDOW_MESSAGE = `You can only edit your own post within ${EDIT_WINDOW_MINUTES} minutes of posting.`;
export const STAFF_ONLY_FORUM_MESSAGE = "Only staff can start threads in this forum.";

// ── the editor (docs/forums.md, "The editor") ──
/** A post may mention this many different players; one more is a 400 on `content`. */
export const MENTIONS_MAX = 10;
export const TOO_MANY_MENTIONS_MESSAGE = `A post can mention at most ${MENTIONS_MAX} players.`;
/** The `@` lookup answers at most this many players. */
export const USER_SEARCH_MAX = 8;
/** Drafts kept per player: saving one more drops their oldest. */
export const DRAFTS_PER_PLAYER = 50;
/** The editor saves a draft this long after the last keystroke. */
export const DRAFT_SAVE_DELAY_MS = 2000;
export const DRAFT_SAVED_MESSAGE = "Draft saved";
export const UNSAVED_LEAVE_MESSAGE = "You have text that is not saved yet. Leave this page anyway?";
