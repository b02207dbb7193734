// Where to send a player after login: decided by parsing, as the browser will. Pure.
// String checks miss what URL parsers do (drop tabs/newlines, read `\` as `/`), which turned
// `/\t/evil.example` into `//evil.example`. So: resolve against a stand-in origin, keep the
// value only when the origin is unchanged, and return the resolved path.

const BASE = "http://return-path.invalid";

/** A same-site path (path + query + hash) for a `next`/return value, or "/". */
export function safeReturnPath(path: string | null | undefined): string {
  if (!path) return "/";
  let url: URL;
  try {
    url = new URL(path, BASE);
  } catch {
    return "/";
  }
  if (url.origin !== BASE) return "/";
  const result = `${url.pathname}${url.search}${url.hash}`;
  // "/.//evil" resolves to the path "//evil", itself a protocol-relative URL: re-check the output.
  if (!result.startsWith("/") || result.startsWith("//") || new URL(result, BASE).origin !== BASE) return "/";
  return result;
}
