-- An appeal ticket may have several mailed links: every later mail about the ticket carries a fresh one.
DROP INDEX "ticket_appeals_ticketId_key";
CREATE INDEX "ticket_appeals_ticketId_idx" ON "ticket_appeals"("ticketId");
