"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import type { CreditCheckout, CreditPackage, PaymentConfig, PaymentMethod } from "@/components/store/contract";
import { LiveAlert } from "@/components/ui/alert";
import { Modal } from "@/components/ui/modal-client";
import { api, failureFrom } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import { CRYPTO_NOTICE, IN_GAME_DELIVERY, METHOD_NAMES, REPORT_TO_STAFF, checkoutTrouble, orderSummary } from "./checkout-text";
import { TestCheckout } from "./test-checkout-client";
import { PriceLines } from "@/components/store/price-lines";
import type { TPricePreview } from "@/lib/schemas/store";

// The providers' browser SDKs load only when their modal needs them (and keys exist).
const StripeCardForm = dynamic(() => import("./stripe-card-form-client").then((m) => m.StripeCardForm), {
  ssr: false,
  loading: () => <p role="status">Loading the card form...</p>,
});
const PayPalCheckout = dynamic(() => import("./paypal-checkout-client").then((m) => m.PayPalCheckout), {
  ssr: false,
  loading: () => <p role="status">Loading PayPal...</p>,
});

/** What creating the checkout gave: the provider session, or the message to show. */
export type EnsureResult = { ok: true; checkout: CreditCheckout } | { ok: false; message: string };

/**
 * docs/product.md §2 payment modal: balance, order amount with bonus, new balance, total and method, then
 * the method's checkout. The purchase is created once per modal and reused on retries.
 */
export function PaymentModal({
  method,
  pkg,
  balance,
  deliverInGame = false,
  config,
  nonce,
  resumed,
  codes,
  preview,
  onClose,
}: {
  method: PaymentMethod;
  pkg: CreditPackage | undefined;
  balance: number;
  /** Bought through ::store: the credits go to the game, the balance stays as it is. */
  deliverInGame?: boolean;
  config: PaymentConfig | null;
  nonce?: string;
  /** A checkout made earlier and resumed from the order history: its provider session, used instead of a new purchase. */
  resumed?: CreditCheckout;
  /** The coupon and creator code the player entered (checked by the price preview). */
  codes?: { coupon?: string; creator_code?: string };
  /** The price lines of the preview with those codes, shown before paying. */
  preview?: TPricePreview | null;
  onClose: () => void;
}) {
  const router = useRouter();
  const [checkout, setCheckout] = useState<CreditCheckout | null>(resumed ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [cryptoOpened, setCryptoOpened] = useState(resumed !== undefined);
  const pending = useRef<Promise<EnsureResult> | null>(resumed ? Promise.resolve({ ok: true, checkout: resumed }) : null);

  /** POST /store/credits/purchase once; concurrent and later calls share the first answer. */
  function ensureCheckout(): Promise<EnsureResult> {
    if (!pkg) return Promise.resolve({ ok: false, message: checkoutTrouble(method) });
    pending.current ??= api(endpoints.creditPurchase, { body: { id: pkg.id, method, ...(deliverInGame ? { deliver_in_game: true } : {}), ...codes } }).then(
      (res): EnsureResult => {
        if (res.ok && typeof res.data.purchase_id === "number") {
          const c: CreditCheckout = res.data;
          setCheckout(c);
          return { ok: true, checkout: c };
        }
        pending.current = null; // a failed attempt may be retried
        return { ok: false, message: failureFrom(res).formError ?? checkoutTrouble(method) };
      },
    );
    return pending.current;
  }

  const succeed = () => router.push("/store/success");

  async function continueCheckout() {
    setBusy(true);
    setError(null);
    const r = await ensureCheckout();
    setBusy(false);
    if (!r.ok) return setError(r.message);
    if (r.checkout.test_checkout) return;
    if (method === "coinbase") {
      if (!r.checkout.hosted_url) return setError(`${checkoutTrouble(method)}. ${REPORT_TO_STAFF}`);
      window.open(r.checkout.hosted_url, "_blank", "noopener,noreferrer");
      setCryptoOpened(true);
    }
  }

  const title = `Pay with ${METHOD_NAMES[method]}`;
  if (!pkg) {
    return (
      <Modal open onClose={onClose} title={title}>
        <div data-testid="checkout-trouble" className="space-y-2">
          <p>{checkoutTrouble(method)}</p>
          <p>{REPORT_TO_STAFF}</p>
        </div>
      </Modal>
    );
  }

  // A creator code adds bonus credits (its creator_bonus line); a coupon lowers the total.
  const creatorBonus = preview?.lines.find((l) => l.step === "creator_bonus")?.bonus_credits ?? 0;
  const s = orderSummary(
    balance,
    { ...pkg, bonus_amount: pkg.bonus_amount + creatorBonus, ...(preview ? { price: preview.total / 100 } : {}) },
    { inGame: deliverInGame },
  );
  const isTest = checkout?.test_checkout === true;
  // The provider's own form needs its public key; without one (local mode, missing keys) the
  // plain Continue button asks the server, which answers with the test checkout or a session.
  const stripeKey = method === "stripe" && !config?.test_checkout ? config?.stripe_publishable_key : null;
  const paypalId = method === "paypal" && !config?.test_checkout ? config?.paypal_client_id : null;
  const providerForm = !isTest && (stripeKey || paypalId);

  return (
    <Modal open onClose={onClose} title={title}>
      <div className="space-y-4">
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded border border-stone-700 bg-stone-850 p-3" data-testid="order-summary">
          <dt className="text-stone-400">Current balance</dt>
          <dd className="text-right">{s.balance.toLocaleString("en-US")} credits</dd>
          <dt className="text-stone-400">Order amount</dt>
          <dd className="text-right">
            {s.amount.toLocaleString("en-US")} credits{s.bonus > 0 ? ` (+${s.bonus.toLocaleString("en-US")} bonus)` : ""}
          </dd>
          <dt className="text-stone-400">New balance</dt>
          <dd className="text-right font-semibold text-emerald-200">{s.newBalance.toLocaleString("en-US")} credits</dd>
          {deliverInGame ? (
            <>
              <dt className="text-stone-400">Delivered</dt>
              <dd className="text-right" data-testid="delivered-in-game">
                {IN_GAME_DELIVERY}
              </dd>
            </>
          ) : null}
          <dt className="text-stone-400">Total</dt>
          <dd className="text-right font-bold text-gold">{s.total}</dd>
          <dt className="text-stone-400">Payment method</dt>
          <dd className="text-right">{METHOD_NAMES[method]}</dd>
        </dl>

        {preview && preview.lines.length > 2 ? <PriceLines lines={preview.lines} unit="cents" /> : null}

        {isTest && checkout ? (
          <TestCheckout purchaseId={checkout.purchase_id} onPaid={succeed} />
        ) : stripeKey ? (
          <StripeCardForm publishableKey={stripeKey} ensureCheckout={ensureCheckout} onPaid={succeed} />
        ) : paypalId ? (
          <PayPalCheckout clientId={paypalId} nonce={nonce} ensureCheckout={ensureCheckout} onPaid={succeed} />
        ) : cryptoOpened && checkout?.hosted_url ? (
          <div className="space-y-2">
            <p>{CRYPTO_NOTICE}</p>
            <p className="text-sm">
              No window?{" "}
              <a href={checkout.hosted_url} target="_blank" rel="noopener noreferrer">
                Open the crypto checkout
              </a>
              .
            </p>
          </div>
        ) : null}

        {!checkout && !providerForm ? (
          <button type="button" className="btn btn-gold w-full" data-autofocus disabled={busy} aria-busy={busy} onClick={() => void continueCheckout()}>
            {busy ? "Creating checkout..." : method === "coinbase" ? "Continue to crypto checkout" : "Continue to payment"}
          </button>
        ) : null}
        {/* A session without the provider's form (e.g. a card secret but no Stripe key here). */}
        {checkout && !isTest && !providerForm && method !== "coinbase" ? (
          <p className="text-red-200">
            {checkoutTrouble(method)}. {REPORT_TO_STAFF}
          </p>
        ) : null}
        <LiveAlert tone="error">{error}</LiveAlert>
      </div>
    </Modal>
  );
}
