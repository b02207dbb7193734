-- A mail that carries a live link (password reset, email confirmation) is stored with a copy of
-- its bodies without that link. Once the mail is sent, the copy replaces the bodies and the
-- columns are emptied, so the token no longer sits in the table (or in its backups). The
-- sweep-sent-mail job deletes sent mail after 30 days, by "sentAt".
ALTER TABLE "mail_messages" ADD COLUMN "redactedText" TEXT,
ADD COLUMN "redactedHtml" TEXT;

CREATE INDEX "mail_messages_sentAt_idx" ON "mail_messages"("sentAt");
