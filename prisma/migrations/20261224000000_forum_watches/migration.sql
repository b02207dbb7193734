-- Watching levels (docs/forums.md, "Watching"): a player's chosen level for one thread or one
-- forum. A thread's row overrides its forum's; no row is "normal". The fan-out of a new post
-- (the notify-watchers job) reads the watchers of one thread, and of its forum, at "watching":
-- the (target, level, user) indexes answer it in user id order, batch after batch.

-- CreateTable
CREATE TABLE "forum_thread_watches" (
    "userId" INTEGER NOT NULL,
    "threadId" INTEGER NOT NULL,
    "level" VARCHAR(8) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "forum_thread_watches_pkey" PRIMARY KEY ("userId","threadId"),
    CONSTRAINT "forum_thread_watches_level_check" CHECK ("level" IN ('watching', 'tracking', 'normal', 'muted'))
);

-- CreateTable
CREATE TABLE "forum_forum_watches" (
    "userId" INTEGER NOT NULL,
    "forumId" INTEGER NOT NULL,
    "level" VARCHAR(8) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "forum_forum_watches_pkey" PRIMARY KEY ("userId","forumId"),
    CONSTRAINT "forum_forum_watches_level_check" CHECK ("level" IN ('watching', 'tracking', 'normal', 'muted'))
);

-- CreateIndex
CREATE INDEX "forum_thread_watches_threadId_level_userId_idx" ON "forum_thread_watches"("threadId", "level", "userId");

-- CreateIndex
CREATE INDEX "forum_forum_watches_forumId_level_userId_idx" ON "forum_forum_watches"("forumId", "level", "userId");

-- AddForeignKey
ALTER TABLE "forum_thread_watches" ADD CONSTRAINT "forum_thread_watches_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forum_thread_watches" ADD CONSTRAINT "forum_thread_watches_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "forum_threads"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forum_forum_watches" ADD CONSTRAINT "forum_forum_watches_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "forum_forum_watches" ADD CONSTRAINT "forum_forum_watches_forumId_fkey" FOREIGN KEY ("forumId") REFERENCES "forums"("id") ON DELETE CASCADE ON UPDATE CASCADE;
