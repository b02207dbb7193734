-- Forum read state (docs/forums.md, "Unread and new"): how far each player has read each thread
-- (the last post they saw; it only moves forward), and "mark all read" points, one for every forum
-- (users.forumsReadAt) and one per forum, so marking everything read is one write.

-- AlterTable
ALTER TABLE "users" ADD COLUMN "forumsReadAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "forum_thread_reads" (
    "userId" INTEGER NOT NULL,
    "threadId" INTEGER NOT NULL,
    "lastReadPostId" INTEGER NOT NULL,
    "lastReadPostAt" TIMESTAMP(3) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "forum_thread_reads_pkey" PRIMARY KEY ("userId","threadId")
);

-- CreateTable
CREATE TABLE "forum_read_marks" (
    "userId" INTEGER NOT NULL,
    "forumId" INTEGER NOT NULL,
    "markedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "forum_read_marks_pkey" PRIMARY KEY ("userId","forumId")
);

-- CreateIndex
CREATE INDEX "forum_thread_reads_threadId_idx" ON "forum_thread_reads"("threadId");

-- CreateIndex
CREATE INDEX "forum_read_marks_forumId_idx" ON "forum_read_marks"("forumId");

-- The forum index's unread summary reads the threads with a post since the reader's mark.
-- CreateIndex
CREATE INDEX "forum_threads_latestPostAt_idx" ON "forum_threads"("latestPostAt");

-- AddForeignKey
ALTER TABLE "forum_thread_reads" ADD CONSTRAINT "forum_thread_reads_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forum_thread_reads" ADD CONSTRAINT "forum_thread_reads_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "forum_threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forum_read_marks" ADD CONSTRAINT "forum_read_marks_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forum_read_marks" ADD CONSTRAINT "forum_read_marks_forumId_fkey" FOREIGN KEY ("forumId") REFERENCES "forums"("id") ON DELETE CASCADE ON UPDATE CASCADE;
