-- Scheduled sales and coupons (docs/store.md): store_sales with a window and a scope; coupons with
-- their terms; coupon_redemptions, one per order or checkout that used a coupon (counted under the
-- coupon's row lock); the price lines charged on orders and checkouts; when a product's price last changed.

-- CreateEnum
CREATE TYPE "DiscountKind" AS ENUM ('PERCENT', 'FIXED');

-- CreateEnum
CREATE TYPE "SaleScope" AS ENUM ('STORE', 'CATEGORIES', 'PRODUCTS');

-- CreateEnum
CREATE TYPE "CouponScope" AS ENUM ('BASKET', 'PRODUCTS', 'CATEGORIES');

-- AlterTable
ALTER TABLE "credit_purchases" ADD COLUMN     "priceLines" JSONB;

-- AlterTable
ALTER TABLE "store_products" ADD COLUMN     "priceChangedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "store_orders" ADD COLUMN     "priceLines" JSONB;

-- CreateTable
CREATE TABLE "store_sales" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "kind" "DiscountKind" NOT NULL,
    "value" INTEGER NOT NULL,
    "scope" "SaleScope" NOT NULL,
    "productIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "categoryIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "startsAt" TIMESTAMPTZ(3) NOT NULL,
    "endsAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "store_sales_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "coupons" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(32) NOT NULL,
    "kind" "DiscountKind" NOT NULL,
    "value" INTEGER NOT NULL,
    "scope" "CouponScope" NOT NULL,
    "productIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "categoryIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "packageIds" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "storeItems" BOOLEAN NOT NULL DEFAULT true,
    "creditPackages" BOOLEAN NOT NULL DEFAULT false,
    "startsAt" TIMESTAMPTZ(3),
    "expiresAt" TIMESTAMPTZ(3),
    "maxRedemptions" INTEGER,
    "perPlayerLimit" INTEGER,
    "minOrderCredits" INTEGER,
    "minOrderCents" INTEGER,
    "userId" INTEGER,
    "stackable" BOOLEAN NOT NULL DEFAULT false,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "coupons_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "coupon_redemptions" (
    "id" SERIAL NOT NULL,
    "couponId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "storeOrderId" INTEGER,
    "creditPurchaseId" INTEGER,
    "discount" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "coupon_redemptions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "store_sales_endsAt_startsAt_idx" ON "store_sales"("endsAt", "startsAt");

-- CreateIndex
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons"("code");

-- CreateIndex
CREATE UNIQUE INDEX "coupon_redemptions_storeOrderId_key" ON "coupon_redemptions"("storeOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "coupon_redemptions_creditPurchaseId_key" ON "coupon_redemptions"("creditPurchaseId");

-- CreateIndex
CREATE INDEX "coupon_redemptions_couponId_userId_idx" ON "coupon_redemptions"("couponId", "userId");

-- AddForeignKey
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_couponId_fkey" FOREIGN KEY ("couponId") REFERENCES "coupons"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_storeOrderId_fkey" FOREIGN KEY ("storeOrderId") REFERENCES "store_orders"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_creditPurchaseId_fkey" FOREIGN KEY ("creditPurchaseId") REFERENCES "credit_purchases"("id") ON DELETE SET NULL ON UPDATE CASCADE;

