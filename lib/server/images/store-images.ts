import "server-only";
import { createHash } from "node:crypto";
import sharp from "sharp";
import { STORE_IMAGE_MAX_BYTES, type TStoreImage } from "@/lib/schemas/gift-cards";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import type { StaffContext } from "../store/admin/staff-dtos";
import { sniffImageType } from "./image-types";

// Product images uploaded by staff (docs/staff.md, "Product images"). The pipeline:
// 1. the type is read from the bytes (sniffImageType, shared with the forum image proxy), never
//    from the file's name or a declared type: PNG, JPEG, GIF or WebP (AVIF is not accepted here);
// 2. the image is decoded and re-encoded by sharp (libvips): what is stored is pixels written
//    anew, so metadata (EXIF, GPS), trailing bytes and polyglot tricks are gone; at most 1024 px a
//    side and 40 megapixels decoded (a decompression bomb is refused), only the first frame of an
//    animation; JPEG stays JPEG, the others become PNG;
// 3. stored in the database (every app instance can serve it) under the sha256 of the stored
//    bytes, which is also its address: the same image uploaded twice is one row, and the address
//    of a changed image is new, so it can be cached for a year.

export const STORE_IMAGE_PATH = "/api/v1/store/images/";
export const STORE_IMAGE_MAX_SIDE = 1024;
const MAX_INPUT_PIXELS = 40_000_000;

const field = (message: string) => new AppError("VALIDATION", { fields: { data: [message] }, userMessage: message });
export const IMAGE_MESSAGES = {
  notImage: "That file is not a PNG, JPEG, GIF or WebP image.",
  tooLarge: `The image is larger than ${STORE_IMAGE_MAX_BYTES / 1024} KB.`,
  unreadable: "The image could not be read: it may be damaged or too large in pixels.",
} as const;

/** Re-encoded bytes of an upload, or a 400 naming `data`. */
export async function reencodeImage(input: Uint8Array): Promise<{ type: "image/png" | "image/jpeg"; body: Buffer; width: number; height: number }> {
  if (input.byteLength > STORE_IMAGE_MAX_BYTES) throw field(IMAGE_MESSAGES.tooLarge);
  const sniffed = sniffImageType(input);
  if (!sniffed || sniffed === "image/avif") throw field(IMAGE_MESSAGES.notImage);
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", animated: false })
      .rotate()
      .resize({ width: STORE_IMAGE_MAX_SIDE, height: STORE_IMAGE_MAX_SIDE, fit: "inside", withoutEnlargement: true });
    const out = sniffed === "image/jpeg" ? pipeline.jpeg({ quality: 85, mozjpeg: true }) : pipeline.png({ compressionLevel: 9 });
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return { type: sniffed === "image/jpeg" ? "image/jpeg" : "image/png", body: data, width: info.width, height: info.height };
  } catch {
    throw field(IMAGE_MESSAGES.unreadable);
  }
}

/** Decodes the base64 of an upload (the schema checked its alphabet), re-encodes and stores it. */
export async function uploadStoreImage(base64: string, ctx: StaffContext): Promise<TStoreImage> {
  const bytes = Buffer.from(base64, "base64");
  if (!bytes.byteLength) throw field(IMAGE_MESSAGES.notImage);
  const image = await reencodeImage(bytes);
  const sha256 = createHash("sha256").update(image.body).digest("hex");
  await db.$transaction(async (tx) => {
    const created = await tx.storeImage.createMany({
      data: [{ sha256, type: image.type, body: new Uint8Array(image.body), width: image.width, height: image.height, createdById: ctx.actorId }],
      skipDuplicates: true,
    });
    if (created.count)
      await recordAudit(
        {
          action: "image.uploaded",
          actorId: ctx.actorId,
          ip: ctx.ip,
          targetType: "store_image",
          targetId: sha256,
          data: { reason: null, before: null, after: { sha256, type: image.type, width: image.width, height: image.height, bytes: image.body.byteLength } },
        },
        tx,
      );
  });
  return { href: `${STORE_IMAGE_PATH}${sha256}`, sha256, type: image.type, width: image.width, height: image.height };
}

export async function loadStoreImage(sha256: string): Promise<{ type: string; body: Buffer } | null> {
  const row = await db.storeImage.findUnique({ where: { sha256 }, select: { type: true, body: true } });
  return row ? { type: row.type, body: Buffer.from(row.body) } : null;
}
