-- Staff console (issue 18): a forum category or a forum can be hidden. Players and guests no
-- longer see it in any list, nor its threads; staff still do, so they can show it again.
ALTER TABLE "forum_categories" ADD COLUMN "hidden" BOOLEAN NOT NULL DEFAULT false;

ALTER TABLE "forums" ADD COLUMN "hidden" BOOLEAN NOT NULL DEFAULT false;
