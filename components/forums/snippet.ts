// Search snippets (TSearchHit.snippet) are plain text with the matched words wrapped in [[ and ]].
// They are split into pieces rendered as React text, marks as <mark>: never parsed as HTML.

export type SnippetPiece = { text: string; mark: boolean };

/**
 * "a [[b]] c" → [{a }, {b, mark}, { c}]. A "]]" outside a mark and a "[[" that is never closed
 * stay as they are written; empty pieces are dropped and neighbours of one kind are joined.
 */
export function snippetPieces(snippet: string): SnippetPiece[] {
  const out: SnippetPiece[] = [];
  const push = (text: string, mark: boolean) => {
    if (!text) return;
    const last = out[out.length - 1];
    if (last && last.mark === mark) last.text += text;
    else out.push({ text, mark });
  };
  let rest = snippet;
  while (rest) {
    const open = rest.indexOf("[[");
    if (open < 0) break;
    const close = rest.indexOf("]]", open + 2);
    if (close < 0) break;
    push(rest.slice(0, open), false);
    push(rest.slice(open + 2, close), true);
    rest = rest.slice(close + 2);
  }
  push(rest, false);
  return out;
}
