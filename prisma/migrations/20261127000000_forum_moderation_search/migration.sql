-- Forums and news (issue 10): post edit and hide records, player reports, full-text search.

-- The news forum: news posts are threads in it.
ALTER TABLE "forums" ADD COLUMN "isNews" BOOLEAN NOT NULL DEFAULT false;

-- Edit and moderation records on posts.
ALTER TABLE "forum_posts" ADD COLUMN     "editReason" VARCHAR(200),
ADD COLUMN     "editedById" INTEGER,
ADD COLUMN     "hiddenAt" TIMESTAMP(3),
ADD COLUMN     "hiddenById" INTEGER,
ADD COLUMN     "hiddenReason" VARCHAR(200);

-- Full-text search: generated vectors (Prisma does not declare generated columns: the schema
-- marks them Unsupported("tsvector") @default(dbgenerated())). Post bodies are sanitised HTML,
-- so tags are stripped before indexing; English stemming lets "running" find "run".
ALTER TABLE "forum_posts" ADD COLUMN "search" tsvector
  GENERATED ALWAYS AS (to_tsvector('english'::regconfig, regexp_replace("content", '<[^>]*>', ' ', 'g'))) STORED;
ALTER TABLE "forum_threads" ADD COLUMN "search" tsvector
  GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "title")) STORED;

CREATE INDEX "forum_posts_search_idx" ON "forum_posts" USING GIN ("search");
CREATE INDEX "forum_threads_search_idx" ON "forum_threads" USING GIN ("search");

-- Reports of posts by players, worked through by staff.
CREATE TABLE "forum_post_reports" (
    "id" SERIAL NOT NULL,
    "postId" INTEGER NOT NULL,
    "reporterId" INTEGER NOT NULL,
    "reason" VARCHAR(500) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),
    "resolvedById" INTEGER,

    CONSTRAINT "forum_post_reports_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "forum_post_reports_resolvedAt_createdAt_idx" ON "forum_post_reports"("resolvedAt", "createdAt");
CREATE UNIQUE INDEX "forum_post_reports_postId_reporterId_key" ON "forum_post_reports"("postId", "reporterId");

ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_editedById_fkey" FOREIGN KEY ("editedById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "forum_posts" ADD CONSTRAINT "forum_posts_hiddenById_fkey" FOREIGN KEY ("hiddenById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "forum_post_reports" ADD CONSTRAINT "forum_post_reports_postId_fkey" FOREIGN KEY ("postId") REFERENCES "forum_posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "forum_post_reports" ADD CONSTRAINT "forum_post_reports_reporterId_fkey" FOREIGN KEY ("reporterId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "forum_post_reports" ADD CONSTRAINT "forum_post_reports_resolvedById_fkey" FOREIGN KEY ("resolvedById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
