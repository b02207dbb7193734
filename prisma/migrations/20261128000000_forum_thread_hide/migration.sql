-- Staff hide a whole thread (spam, a thread started in bad faith): who, when and why, as for posts.
ALTER TABLE "forum_threads" ADD COLUMN     "hiddenAt" TIMESTAMP(3),
ADD COLUMN     "hiddenById" INTEGER,
ADD COLUMN     "hiddenReason" VARCHAR(200);

ALTER TABLE "forum_threads" ADD CONSTRAINT "forum_threads_hiddenById_fkey" FOREIGN KEY ("hiddenById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
