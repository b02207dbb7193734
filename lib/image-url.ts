// Where an image in a post or news item may come from (issue 10): an absolute http(s) address or
// a path on this site. Shared by the editor's image prompt and the news image field; the server's
// sanitiser applies the same rule to every <img> it keeps.

export function isImageUrl(s: string): boolean {
  if (/\s/.test(s)) return false;
  if (/^\/(?!\/)[^\\]*$/.test(s)) return true;
  try {
    const u = new URL(s);
    return (u.protocol === "https:" || u.protocol === "http:") && u.hostname !== "";
  } catch {
    return false;
  }
}
