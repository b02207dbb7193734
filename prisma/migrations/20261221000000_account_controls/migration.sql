-- Account controls: security mails' known devices, email change links, account deletion.

-- A deleted account's stand-in name ("Deleted player #id") is longer than the 12 characters
-- registration allows; widening a varchar rewrites nothing. The auth-change trigger reads the
-- column, so it is dropped and made again as it was (20261208000000_auth_change_notices).
DROP TRIGGER "users_auth_change" ON "users";
ALTER TABLE "users" ALTER COLUMN "username" TYPE VARCHAR(32);
CREATE TRIGGER "users_auth_change" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN (OLD."bannedAt" IS DISTINCT FROM NEW."bannedAt" OR OLD."bannedUntil" IS DISTINCT FROM NEW."bannedUntil"
     OR OLD."isActive" IS DISTINCT FROM NEW."isActive" OR OLD."privilege" IS DISTINCT FROM NEW."privilege"
     OR OLD."memberRank" IS DISTINCT FROM NEW."memberRank" OR OLD."username" IS DISTINCT FROM NEW."username"
     OR OLD."email" IS DISTINCT FROM NEW."email")
  EXECUTE FUNCTION "notify_auth_change"();
ALTER TABLE "users" ADD COLUMN "deletedAt" TIMESTAMP(3);

ALTER TYPE "EmailTokenKind" ADD VALUE 'EMAIL_CHANGE';
ALTER TABLE "email_tokens" ADD COLUMN "newEmail" VARCHAR(254);

CREATE TABLE "account_devices" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "keyHash" VARCHAR(64) NOT NULL,
    "label" VARCHAR(100) NOT NULL,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "account_devices_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "account_devices_userId_keyHash_key" ON "account_devices"("userId", "keyHash");
ALTER TABLE "account_devices" ADD CONSTRAINT "account_devices_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
