// GET /api/v1/forums/images/{id} — an outside image of a post, fetched by this server (the image proxy)
import { forumImageOp } from "@/lib/schemas/forums";
import { json, route } from "@/lib/server/http/route";
import { ImageFetchError } from "@/lib/server/forums/fetch-image";
import { loadProxiedImage } from "@/lib/server/forums/image-proxy";

export const GET = route(forumImageOp, {
  // Per client address: a thread page loads a few images per post, so the limit is generous.
  rateLimit: [{ name: "forum-image", limit: 600, windowSec: 60 }],
  handler: async ({ params }) => {
    try {
      const image = await loadProxiedImage(params.id);
      return new Response(new Uint8Array(image.body), {
        status: 200,
        headers: {
          "content-type": image.type,
          "content-length": String(image.body.length),
          // Readers' browsers keep it a day; the image's host is asked again after that.
          "cache-control": "public, max-age=86400",
          // Served from this origin: never interpreted as anything but an image.
          "content-disposition": "inline",
        },
      });
    } catch (e) {
      if (!(e instanceof ImageFetchError)) throw e;
      // Broken images are retried by browsers after a few minutes, not on every page view.
      return json({ details: e.message }, e.status, { "cache-control": "public, max-age=300" });
    }
  },
});
