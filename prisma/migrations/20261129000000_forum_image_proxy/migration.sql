-- Outside images in posts are loaded through /api/v1/forums/images/{id} (the image proxy), so
-- an image's host never learns who reads the post.
CREATE TABLE "forum_images" (
    "id" SERIAL NOT NULL,
    "urlHash" CHAR(64) NOT NULL,
    "url" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    -- The last copy fetched, served for a week (and while the host is down after that).
    "body" BYTEA,
    "type" VARCHAR(32),
    "fetchedAt" TIMESTAMP(3),

    CONSTRAINT "forum_images_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "forum_images_urlHash_key" ON "forum_images"("urlHash");
