import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as uploadRoute } from "@/app/api/v1/staff/store/images/route";
import { GET as imageRoute } from "@/app/api/v1/store/images/[sha256]/route";
import { db } from "@/lib/server/db";
import { IMAGE_MESSAGES, STORE_IMAGE_MAX_SIDE } from "@/lib/server/images/store-images";
import { createSessionToken, createUser } from "../factories/users";
import { call, SAME_ORIGIN } from "./helpers";

// Product images uploaded by staff: the type read from the bytes, re-encoded, size-limited,
// stored in the database by content hash and served with headers that make it only an image.

let admin: { id: number };
let session: string;
beforeAll(async () => {
  admin = await createUser({ privilege: "ADMINISTRATOR" });
  session = await createSessionToken(admin.id);
});

const upload = (data: string, as = session) => call(uploadRoute, { method: "POST", body: { data }, cookies: { session: as }, headers: SAME_ORIGIN });
const serve = (sha256: string) => call(imageRoute, { params: { sha256 } });
const png = (w: number, h: number, color = "#c0a050") =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .png()
    .toBuffer();

describe("POST /api/v1/staff/store/images", () => {
  it("reads a PNG named .jpg as a PNG (the bytes decide), re-encodes it, and serves it by its hash with safe headers", async () => {
    // The client sends bytes only; a file called "hat.jpg" arrives the same way, and its name is never used.
    const bytes = await png(64, 48);
    const r = await upload(bytes.toString("base64"));
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ type: "image/png", width: 64, height: 48, href: `/api/v1/store/images/${r.json.sha256}` });
    const row = await db.storeImage.findUniqueOrThrow({ where: { sha256: r.json.sha256 as string } });
    expect(row).toMatchObject({ type: "image/png", createdById: admin.id });
    expect(await db.auditLog.count({ where: { action: "image.uploaded", targetId: r.json.sha256 as string } })).toBe(1);

    const served = await serve(r.json.sha256 as string);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-disposition")).toBe("inline");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(served.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(row.body)).metadata()).format).toBe("png");

    // The same image again is the same row and address.
    const again = await upload(bytes.toString("base64"));
    expect(again.json.href).toBe(r.json.href);
    expect(await db.storeImage.count({ where: { sha256: r.json.sha256 as string } })).toBe(1);
  });

  it("keeps a JPEG a JPEG without its metadata, and scales a large image down to 1024 px", async () => {
    const jpeg = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: "#336699" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret-location-data" } })
      .toBuffer();
    expect(jpeg.toString("latin1")).toContain("secret-location-data");
    const r = await upload(jpeg.toString("base64"));
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ type: "image/jpeg", width: STORE_IMAGE_MAX_SIDE, height: 512 });
    const row = await db.storeImage.findUniqueOrThrow({ where: { sha256: r.json.sha256 as string } });
    expect(Buffer.from(row.body).toString("latin1")).not.toContain("secret-location-data");
  });

  it("refuses what is not an image (HTML, SVG, text named .png) with a 400 on data; nothing stored", async () => {
    const before = await db.storeImage.count();
    for (const text of ["<html><script>alert(1)</script></html>", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "hello"]) {
      const r = await upload(Buffer.from(text).toString("base64"));
      expect(r.status, text).toBe(400);
      expect(r.json.data, text).toEqual([IMAGE_MESSAGES.notImage]);
    }
    // A PNG signature followed by garbage is sniffed as PNG but cannot be decoded.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("not really a png")]);
    const broken = await upload(fake.toString("base64"));
    expect(broken.status).toBe(400);
    expect(broken.json.data).toEqual([IMAGE_MESSAGES.unreadable]);
    const notBase64 = await upload("***");
    expect(notBase64.status).toBe(400);
    expect(notBase64.json.data).toBeDefined();
    expect(await db.storeImage.count()).toBe(before);
  });

  it("refuses an image over 512 KB (400 on data); one just under is stored", async () => {
    // Random pixels do not compress: a PNG of about 600 KB.
    const noisy = async (side: number) =>
      sharp(Buffer.from(Array.from({ length: side * side * 3 }, () => Math.floor(Math.random() * 256))), { raw: { width: side, height: side, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
    const big = await noisy(460);
    expect(big.byteLength).toBeGreaterThan(512 * 1024);
    const r = await upload(big.toString("base64"));
    expect(r.status).toBe(400);
    expect(r.json.data).toEqual(["The image is larger than 512 KB."]);
    const small = await noisy(400);
    expect(small.byteLength).toBeLessThan(512 * 1024);
    expect((await upload(small.toString("base64"))).status).toBe(201);
  });

  it("is for administrators only (403 for a player); an unknown hash is a 404, a malformed one a 400", async () => {
    const player = await createUser();
    const r = await upload((await png(4, 4)).toString("base64"), await createSessionToken(player.id));
    expect(r.status).toBe(403);
    expect((await serve("0".repeat(64))).status).toBe(404);
    expect((await serve("../../etc/passwd")).status).toBe(400);
  });
});
