// GET /api/v1/store/images/{sha256} — an uploaded store image, by its content hash
import { storeImageOp } from "@/lib/schemas/gift-cards";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import { loadStoreImage } from "@/lib/server/images/store-images";

export const GET = route(storeImageOp, {
  handler: async ({ params }) => {
    const image = await loadStoreImage(params.sha256);
    if (!image) throw new AppError("NOT_FOUND", { userMessage: "No such image." });
    return new Response(new Uint8Array(image.body), {
      status: 200,
      headers: {
        // The type stored at upload (the bytes were sniffed and re-encoded), never guessed by the browser.
        "content-type": image.type,
        "content-length": String(image.body.length),
        "x-content-type-options": "nosniff",
        "content-disposition": "inline",
        // Opened on its own, the image can run nothing and reach nothing.
        "content-security-policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        // The address is the content's hash: it never changes.
        "cache-control": "public, max-age=31536000, immutable",
      },
    });
  },
});
