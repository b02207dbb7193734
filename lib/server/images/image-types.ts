// The raster image types this site accepts, and the type of a file read from its first bytes.
// Shared by the forum image proxy (lib/server/forums/fetch-image.ts) and uploaded store images
// (store-images.ts). Pure. Never SVG: it is a document that can run script.

export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The image type the bytes are (by their signature), or null: a file's name or declared type never decides. */
export function sniffImageType(b: Uint8Array): ImageType | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a"))) return "image/gif";
  if (startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(b, ascii("ftyp"), 4) && (startsWith(b, ascii("avif"), 8) || startsWith(b, ascii("avis"), 8))) return "image/avif";
  return null;
}
