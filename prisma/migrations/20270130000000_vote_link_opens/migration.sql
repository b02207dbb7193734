-- Vote-link opens (a player following /vote/go/{site} to a listing site), read by the staff
-- vote-callbacks page's fraud signals; and indexes for that page's time and address filters.
-- CreateTable
CREATE TABLE "vote_link_opens" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "siteId" INTEGER NOT NULL,
    "openedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ip" TEXT,

    CONSTRAINT "vote_link_opens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "vote_link_opens_userId_siteId_openedAt_idx" ON "vote_link_opens"("userId", "siteId", "openedAt");

-- CreateIndex
CREATE INDEX "vote_link_opens_openedAt_idx" ON "vote_link_opens"("openedAt");

-- CreateIndex
CREATE INDEX "vote_callbacks_receivedAt_idx" ON "vote_callbacks"("receivedAt");

-- CreateIndex
CREATE INDEX "vote_callbacks_ip_idx" ON "vote_callbacks"("ip");

-- AddForeignKey
ALTER TABLE "vote_link_opens" ADD CONSTRAINT "vote_link_opens_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vote_link_opens" ADD CONSTRAINT "vote_link_opens_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "vote_sites"("id") ON DELETE CASCADE ON UPDATE CASCADE;

