-- The forum editor (docs/forums.md, "The editor"): drafts saved as a player types (one per
-- player and target: a new thread in a forum, or a reply in a thread), and the players each post
-- mentions or quotes, written in the post's own transaction so notifications can read them.

-- CreateEnum
CREATE TYPE "ForumDraftKind" AS ENUM ('THREAD', 'REPLY');

-- CreateTable
CREATE TABLE "forum_drafts" (
    "userId" INTEGER NOT NULL,
    "kind" "ForumDraftKind" NOT NULL,
    "targetId" INTEGER NOT NULL,
    "title" VARCHAR(120) NOT NULL DEFAULT '',
    "content" TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "forum_drafts_pkey" PRIMARY KEY ("userId","kind","targetId")
);

-- CreateTable
CREATE TABLE "forum_post_mentions" (
    "postId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,

    CONSTRAINT "forum_post_mentions_pkey" PRIMARY KEY ("postId","userId")
);

-- CreateTable
CREATE TABLE "forum_post_quotes" (
    "postId" INTEGER NOT NULL,
    "quotedPostId" INTEGER NOT NULL,
    "quotedUserId" INTEGER NOT NULL,

    CONSTRAINT "forum_post_quotes_pkey" PRIMARY KEY ("postId","quotedPostId")
);

-- CreateIndex
CREATE INDEX "forum_drafts_userId_updatedAt_idx" ON "forum_drafts"("userId", "updatedAt");

-- CreateIndex
CREATE INDEX "forum_post_mentions_userId_idx" ON "forum_post_mentions"("userId");

-- CreateIndex
CREATE INDEX "forum_post_quotes_quotedUserId_idx" ON "forum_post_quotes"("quotedUserId");

-- AddForeignKey
ALTER TABLE "forum_drafts" ADD CONSTRAINT "forum_drafts_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forum_post_mentions" ADD CONSTRAINT "forum_post_mentions_postId_fkey" FOREIGN KEY ("postId") REFERENCES "forum_posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forum_post_mentions" ADD CONSTRAINT "forum_post_mentions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forum_post_quotes" ADD CONSTRAINT "forum_post_quotes_postId_fkey" FOREIGN KEY ("postId") REFERENCES "forum_posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forum_post_quotes" ADD CONSTRAINT "forum_post_quotes_quotedPostId_fkey" FOREIGN KEY ("quotedPostId") REFERENCES "forum_posts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forum_post_quotes" ADD CONSTRAINT "forum_post_quotes_quotedUserId_fkey" FOREIGN KEY ("quotedUserId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

