-- The support desk (docs/support-desk.md): ticket states beside the `closed` flag, priority,
-- assignment, first-response times, ratings, what the player was last mailed about, and staff-only
-- notes in their own table.

CREATE TYPE "TicketState" AS ENUM ('OPEN', 'WAITING_FOR_PLAYER', 'CLOSED');
CREATE TYPE "TicketPriority" AS ENUM ('LOW', 'NORMAL', 'HIGH');
CREATE TYPE "TicketRating" AS ENUM ('GOOD', 'OKAY', 'BAD');

ALTER TABLE "tickets"
    ADD COLUMN "state" "TicketState" NOT NULL DEFAULT 'OPEN',
    ADD COLUMN "stateSince" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    ADD COLUMN "priority" "TicketPriority" NOT NULL DEFAULT 'NORMAL',
    ADD COLUMN "assigneeId" INTEGER,
    ADD COLUMN "firstResponseAt" TIMESTAMP(3),
    ADD COLUMN "rating" "TicketRating",
    ADD COLUMN "ratedAt" TIMESTAMP(3),
    ADD COLUMN "ratedStaffId" INTEGER,
    ADD COLUMN "mailedCommentId" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "mailedClosed" BOOLEAN NOT NULL DEFAULT false;

-- Existing tickets: closed ones are CLOSED, the rest wait for staff since their last update;
-- everything already sent counts as mailed.
UPDATE "tickets" t SET
    "state" = CASE WHEN t.closed THEN 'CLOSED'::"TicketState" ELSE 'OPEN'::"TicketState" END,
    "stateSince" = t."updatedAt",
    "mailedClosed" = t.closed,
    "mailedCommentId" = COALESCE((SELECT max(c.id) FROM "ticket_comments" c WHERE c."ticketId" = t.id), 0),
    "firstResponseAt" = (SELECT min(c."createdAt") FROM "ticket_comments" c WHERE c."ticketId" = t.id AND c.staff AND c."userId" <> t."userId");

-- The API's `closed` flag and the state never disagree. A writer that sets only one of them (older
-- code, a script) gets the other to match: a change of `state` alone sets `closed`; otherwise
-- `closed` decides between CLOSED and a state that is not (OPEN when it was CLOSED).
CREATE FUNCTION tickets_sync_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."state" IS DISTINCT FROM OLD."state" AND NEW."closed" IS NOT DISTINCT FROM OLD."closed" THEN
    NEW."closed" := NEW."state" = 'CLOSED';
  ELSIF NEW."closed" AND NEW."state" <> 'CLOSED' THEN
    NEW."state" := 'CLOSED';
  ELSIF NOT NEW."closed" AND NEW."state" = 'CLOSED' THEN
    NEW."state" := 'OPEN';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER tickets_sync_state BEFORE INSERT OR UPDATE OF "closed", "state" ON "tickets" FOR EACH ROW EXECUTE FUNCTION tickets_sync_state();
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_state_closed_check" CHECK ("closed" = ("state" = 'CLOSED'));
-- A rating has its time.
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_rating_check" CHECK (("rating" IS NULL) = ("ratedAt" IS NULL));

CREATE INDEX "tickets_state_stateSince_idx" ON "tickets"("state", "stateSince");
CREATE INDEX "tickets_assigneeId_state_idx" ON "tickets"("assigneeId", "state");

ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assigneeId_fkey" FOREIGN KEY ("assigneeId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_ratedStaffId_fkey" FOREIGN KEY ("ratedStaffId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "ticket_notes" (
    "id" SERIAL NOT NULL,
    "ticketId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "content" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ticket_notes_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "ticket_notes_ticketId_createdAt_idx" ON "ticket_notes"("ticketId", "createdAt");

ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "tickets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
