import "server-only";
import sharp from "sharp";
import { sniffImageType } from "./image-types";

// The one re-encoding step for uploaded images (store product images, ticket attachments): the
// type is read from the bytes, never from a name or a declared type (PNG, JPEG, GIF or WebP;
// AVIF and everything else refused); the image is decoded and written anew by sharp (libvips), so
// metadata (EXIF, GPS), trailing bytes and polyglot tricks are gone; a decompression bomb is
// refused by its pixel count, only the first frame of an animation is kept; JPEG stays JPEG, the
// others become PNG.

const MAX_INPUT_PIXELS = 40_000_000;

export type ReencodedImage = { type: "image/png" | "image/jpeg"; body: Buffer; width: number; height: number };
export type ReencodeResult = { ok: true; image: ReencodedImage } | { ok: false; reason: "notImage" | "unreadable" };

export async function reencodeRaster(input: Uint8Array, opts: { maxSide: number }): Promise<ReencodeResult> {
  const sniffed = sniffImageType(input);
  if (!sniffed || sniffed === "image/avif") return { ok: false, reason: "notImage" };
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false })
      .rotate()
      .resize({ width: opts.maxSide, height: opts.maxSide, fit: "inside", withoutEnlargement: true });
    const jpeg = sniffed === "image/jpeg";
    const out = jpeg ? pipeline.jpeg({ quality: 85, mozjpeg: true }) : pipeline.png({ compressionLevel: 9 });
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return { ok: true, image: { type: jpeg ? "image/jpeg" : "image/png", body: data, width: info.width, height: info.height } };
  } catch {
    return { ok: false, reason: "unreadable" };
  }
}
