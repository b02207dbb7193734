import "server-only";
import { AppError } from "../errors";

// Reading request bodies: JSON only for unsafe requests, and a byte limit that holds even
// when Content-Length is missing or lies (the stream is counted as it arrives).

export const MAX_BODY_BYTES = 1_000_000;
export const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const unsupported = (got: string) =>
  new AppError("UNSUPPORTED_MEDIA_TYPE", { userMessage: `Send the request body as JSON with Content-Type: application/json (got ${got.slice(0, 60)}).` });

const isJsonType = (contentType: string) => contentType.split(";")[0]!.trim().toLowerCase() === "application/json";

/**
 * Unsafe requests must be JSON: a cross-site HTML form can only send text/plain, urlencoded
 * or multipart without a preflight, so this alone stops form-based CSRF (login included).
 */
export function assertJsonContentType(req: Request): void {
  const type = req.headers.get("content-type");
  if (type !== null && !isJsonType(type)) throw unsupported(type);
}

/** The body's bytes, at most `max`: 413 from Content-Length up front, or while streaming. */
export async function readBodyBytes(req: Request, max = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = req.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > max) throw new AppError("PAYLOAD_TOO_LARGE");
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw new AppError("PAYLOAD_TOO_LARGE");
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** A JSON body as a value; an empty body is `{}` so the schema names the missing fields. */
export async function readJsonBody(req: Request, max = MAX_BODY_BYTES): Promise<unknown> {
  const bytes = await readBodyBytes(req, max);
  if (bytes.byteLength && req.headers.get("content-type") === null) throw unsupported("no Content-Type");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("BAD_REQUEST", { userMessage: "The request body is not valid UTF-8." });
  }
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", { userMessage: "The request body is not valid JSON." });
  }
}

/** What a raw-body handler gets: the exact bytes (for signatures) and their UTF-8 text. */
export type RawBody = { bytes: Uint8Array; text: string; contentType: string | null };

export async function readRawBody(req: Request): Promise<RawBody> {
  const bytes = await readBodyBytes(req);
  return { bytes, text: new TextDecoder().decode(bytes), contentType: req.headers.get("content-type") };
}
