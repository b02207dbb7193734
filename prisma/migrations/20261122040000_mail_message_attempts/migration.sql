-- AlterTable
ALTER TABLE "mail_messages" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0;
