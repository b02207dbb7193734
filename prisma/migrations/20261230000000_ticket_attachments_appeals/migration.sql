-- Ticket attachments (re-encoded images) and appeals sent from /appeal without signing in.
ALTER TYPE "TicketType" ADD VALUE 'BAN_APPEAL';
ALTER TYPE "TicketType" ADD VALUE 'ACCOUNT_RECOVERY';

CREATE TABLE "ticket_attachments" (
    "id" SERIAL NOT NULL,
    "ticketId" INTEGER NOT NULL,
    "commentId" INTEGER,
    "name" VARCHAR(100) NOT NULL,
    "type" VARCHAR(32) NOT NULL,
    "body" BYTEA NOT NULL,
    "bytes" INTEGER NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ticket_attachments_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "ticket_attachments_ticketId_idx" ON "ticket_attachments"("ticketId");

ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "tickets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_commentId_fkey" FOREIGN KEY ("commentId") REFERENCES "ticket_comments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "ticket_appeals" (
    "id" SERIAL NOT NULL,
    "ticketId" INTEGER NOT NULL,
    "tokenHash" CHAR(64) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ticket_appeals_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "ticket_appeals_ticketId_key" ON "ticket_appeals"("ticketId");
CREATE UNIQUE INDEX "ticket_appeals_tokenHash_key" ON "ticket_appeals"("tokenHash");

ALTER TABLE "ticket_appeals" ADD CONSTRAINT "ticket_appeals_ticketId_fkey" FOREIGN KEY ("ticketId") REFERENCES "tickets"("id") ON DELETE CASCADE ON UPDATE CASCADE;
