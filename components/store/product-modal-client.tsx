"use client";

import Link from "next/link";
import { useRef, useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal-client";
import { api, failureFrom } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import type { TPricePreview } from "@/lib/schemas/store";
import type { StoreProduct } from "./contract";
import { ProductPrice } from "./product-card";
import { PriceLines } from "./price-lines";
import { SaleCountdown } from "./sale-countdown-client";

type Stage = { step: "details" } | { step: "confirm"; key: string; preview: TPricePreview; coupon: string; giftTo: string } | { step: "done"; message: string };

/** Moves focus to the element when it mounts (a stable function: React calls it once). */
const focusOnMount = (el: HTMLElement | null) => el?.focus();

/**
 * Details (with an optional coupon, and optionally a player to gift it to: docs/store.md
 * "Gifting") → POST /store/price-preview → 'Are you sure?' with every price
 * line (base, sale, coupon, total) → POST /store/purchase with one idempotency key per confirmation →
 * the success text of docs/product.md §8, with the balance behind it already lowered. The player
 * reads it and then goes on to Order Complete (or closes the modal and keeps shopping). Text and
 * balance come in the answer, typed by purchaseProductOp: the text is the one PURCHASE_SUCCESS of
 * lib/schemas/store.ts that the server sends, so this bundle holds no copy of it (and no zod).
 */
export function ProductModal({
  product,
  categoryName,
  balance,
  onClose,
  onBalance,
}: {
  product: StoreProduct | null;
  categoryName: string;
  balance: number;
  onClose: () => void;
  /** The balance the server answered: after a purchase, or read again after a refusal. */
  onBalance: (newBalance: number) => void;
}) {
  const [stage, setStage] = useState<Stage>({ step: "details" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Credits missing for this product when a purchase was refused: the way forward is buying credits. */
  const [shortBy, setShortBy] = useState<number | null>(null);
  const [coupon, setCoupon] = useState("");
  const [couponErrors, setCouponErrors] = useState<string[] | undefined>(undefined);
  const [giftTo, setGiftTo] = useState("");
  const [giftErrors, setGiftErrors] = useState<string[] | undefined>(undefined);
  // A ref, not state: a second click in the same frame must see the first one.
  const sending = useRef(false);
  const [shown, setShown] = useState<StoreProduct | null>(product);
  if (shown !== product) {
    // A different product opened: start at its details.
    setShown(product);
    setStage({ step: "details" });
    setError(null);
    setShortBy(null);
    setCoupon("");
    setCouponErrors(undefined);
    setGiftTo("");
    setGiftErrors(undefined);
  }

  /** Purchase → the price lines the server will charge (sale, coupon), then 'Are you sure?'. */
  async function review(p: StoreProduct) {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    setCouponErrors(undefined);
    setGiftErrors(undefined);
    const code = coupon.trim();
    const res = await api(endpoints.pricePreview, { body: { product_id: p.id, ...(code ? { coupon: code } : {}) } });
    sending.current = false;
    setBusy(false);
    if (res.ok) {
      setStage({ step: "confirm", key: crypto.randomUUID(), preview: res.data, coupon: code, giftTo: giftTo.trim() });
      return;
    }
    const failure = failureFrom(res, { fields: ["coupon"] });
    setCouponErrors(failure.fieldErrors.coupon);
    setError(failure.formError ?? null);
  }

  async function buy(p: StoreProduct, key: string, code: string, gift: string, total: number) {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    setShortBy(null);
    const res = await api(endpoints.purchaseProduct, {
      body: { id: p.id, ...(code ? { coupon: code } : {}), ...(gift ? { gift_to: gift } : {}) },
      headers: { "Idempotency-Key": key },
    });
    if (res.ok) {
      // The Yes button is gone once this settles, so the lock can open again for the next product.
      sending.current = false;
      setBusy(false);
      // docs/product.md §4: the shown balance drops by the price paid: the server's new balance.
      onBalance(res.data.credits);
      setStage({ step: "done", message: res.data.success });
      return;
    }
    // The server's text (docs/product.md §8) and, when the balance (read again: the page's may be
    // old) does not cover the price, how many credits are missing, shown together.
    const now = await api(endpoints.creditBalance, {});
    sending.current = false;
    setBusy(false);
    const missing = now.ok ? total - now.data.credits : 0;
    if (now.ok) onBalance(now.data.credits);
    setStage({ step: "details" });
    const failure = failureFrom(res, { fields: ["coupon", "gift_to"] });
    setCouponErrors(failure.fieldErrors.coupon);
    setGiftErrors(failure.fieldErrors.gift_to);
    setError(failure.formError ?? null);
    setShortBy(missing > 0 ? missing : null);
  }

  const p = product;
  return (
    <Modal
      open={p !== null}
      onClose={onClose}
      title={stage.step === "confirm" ? "Are you sure?" : stage.step === "done" ? "Purchase complete" : (p?.name ?? "")}
    >
      {p ? (
        <div className="space-y-4" aria-busy={busy}>
          {/* First in reading order; always present, so screen readers announce what it says. */}
          <LiveAlert tone={error ? "error" : "success"}>
            {error ?? (stage.step === "done" ? <span data-testid="purchase-success">{stage.message}</span> : null)}
            {error && shortBy ? <span data-testid="credits-short"> You need {shortBy.toLocaleString("en-US")} more credits.</span> : null}
          </LiveAlert>
          {error && shortBy ? (
            <p>
              <Link href="/credits" className="btn btn-gold">
                Buy credits
              </Link>
            </p>
          ) : null}
          {stage.step === "details" ? (
            <>
              <div className="flex gap-4">
                {/* eslint-disable-next-line @next/next/no-img-element */}
                <img src={p.image_href} alt="" width={96} height={96} className="size-24 shrink-0 object-contain" />
                <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-stone-400">Category</dt>
                  <dd data-testid="product-category">{categoryName}</dd>
                  <dt className="text-stone-400">Price</dt>
                  <dd>
                    <ProductPrice product={p} />
                    {p.sale_ends_at ? (
                      <span className="block">
                        <SaleCountdown endsAt={p.sale_ends_at} />
                      </span>
                    ) : null}
                  </dd>
                </dl>
              </div>
              <p className="text-stone-200">{p.description}</p>
              <p className="text-sm text-stone-300" data-testid="ironman-note">
                {p.ironman ? "Ironman accounts can claim this item." : "This item is not available to Ironman accounts."}
              </p>
              <form
                className="space-y-3"
                onSubmit={(e) => {
                  e.preventDefault();
                  void review(p);
                }}
              >
                <Field
                  id="store-coupon"
                  label="Coupon code (optional)"
                  value={coupon}
                  onChange={(e) => setCoupon(e.target.value)}
                  errors={couponErrors}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={32}
                  className="max-w-xs"
                />
                <Field
                  id="store-gift-to"
                  label="Gift to (optional)"
                  hint="Another player's username. They get the item in game; you pay."
                  value={giftTo}
                  onChange={(e) => setGiftTo(e.target.value)}
                  errors={giftErrors}
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={12}
                  className="max-w-xs"
                />
                <button type="submit" className="btn btn-gold w-full sm:w-auto" data-autofocus autoFocus disabled={busy}>
                  {busy ? "Checking the price..." : "Purchase"}
                </button>
              </form>
            </>
          ) : stage.step === "done" ? (
            <div className="flex flex-col gap-3 sm:flex-row">
              <Link href="/store/success" ref={focusOnMount} className="btn btn-gold">
                Continue
              </Link>
              <button type="button" className="btn btn-stone" onClick={onClose}>
                Keep Shopping
              </button>
            </div>
          ) : (
            <>
              <PriceLines lines={stage.preview.lines} unit="credits" />
              <p>
                Buy <strong>{p.name}</strong>
                {stage.giftTo ? (
                  <>
                    {" "}
                    as a gift to <strong data-testid="gift-recipient">{stage.giftTo}</strong>
                  </>
                ) : null}{" "}
                for <strong className="text-gold">{stage.preview.total.toLocaleString("en-US")} credits</strong>? Your balance after the purchase:{" "}
                {(balance - stage.preview.total).toLocaleString("en-US")} credits.
              </p>
              <div className="flex gap-3">
                <button
                  type="button"
                  className="btn btn-gold"
                  data-autofocus
                  autoFocus
                  disabled={busy}
                  onClick={() => void buy(p, stage.key, stage.coupon, stage.giftTo, stage.preview.total)}
                >
                  {busy ? "Buying..." : "Yes"}
                </button>
                <button type="button" className="btn btn-stone" disabled={busy} onClick={() => setStage({ step: "details" })}>
                  No
                </button>
              </div>
            </>
          )}
        </div>
      ) : null}
    </Modal>
  );
}
