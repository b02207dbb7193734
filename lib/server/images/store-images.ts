import "server-only";
import { createHash } from "node:crypto";
import { STORE_IMAGE_MAX_BYTES, type TStoreImage } from "@/lib/schemas/gift-cards";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import type { StaffContext } from "../store/admin/staff-dtos";
import { type ReencodedImage, reencodeRaster } from "./reencode-image";

// Product images uploaded by staff (docs/staff.md, "Product images"). The pipeline:
// 1-2. the type is read from the bytes and the image re-encoded (reencode-image.ts, shared with
//    ticket attachments): metadata gone, at most 1024 px a side;
// 3. stored in the database (every app instance can serve it) under the sha256 of the stored
//    bytes, which is also its address: the same image uploaded twice is one row, and the address
//    of a changed image is new, so it can be cached for a year.

export const STORE_IMAGE_PATH = "/api/v1/store/images/";
export const STORE_IMAGE_MAX_SIDE = 1024;

const field = (message: string) => new AppError("VALIDATION", { fields: { data: [message] }, userMessage: message });
export const IMAGE_MESSAGES = {
  notImage: "That file is not a PNG, JPEG, GIF or WebP image.",
  tooLarge: `The image is larger than ${STORE_IMAGE_MAX_BYTES / 1024} KB.`,
  unreadable: "The image could not be read: it may be damaged or too large in pixels.",
} as const;

/** Re-encoded bytes of an upload, or a 400 naming `data`. */
export async function reencodeImage(input: Uint8Array): Promise<ReencodedImage> {
  if (input.byteLength > STORE_IMAGE_MAX_BYTES) throw field(IMAGE_MESSAGES.tooLarge);
  const result = await reencodeRaster(input, { maxSide: STORE_IMAGE_MAX_SIDE });
  if (!result.ok) throw field(IMAGE_MESSAGES[result.reason]);
  return result.image;
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
