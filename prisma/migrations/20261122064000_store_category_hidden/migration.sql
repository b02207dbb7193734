-- Staff catalogue editor: a category can be hidden (soft-hide, never deleted) so staff can
-- prepare or retire one without breaking orders that point at its products.
ALTER TABLE "store_categories" ADD COLUMN "hidden" BOOLEAN NOT NULL DEFAULT false;
