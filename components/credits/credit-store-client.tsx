"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { useApiGet } from "@/components/api/use-api-get";
import type { PaymentConfig, PaymentMethod } from "@/components/store/contract";
import { LiveAlert } from "@/components/ui/alert";
import { Panel } from "@/components/ui/panel";
import { METHOD_NAMES, checkoutProblem, usd } from "./checkout-text";
import { Field } from "@/components/ui/field";
import { PriceLines } from "@/components/store/price-lines";
import { api, failureFrom } from "@/lib/client/api";
import type { TPricePreview } from "@/lib/schemas/store";
import { PaymentModal } from "./payment-modal-client";
import { LoadFailed } from "@/components/ui/load-failed";
import * as endpoints from "@/lib/client/endpoints";

/** docs/product.md §2 Credit store: the accepted ways to pay, shown as images (files under public/images/payments). */
const PAYMENT_MARKS = [
  { src: "/images/payments/crypto.svg", alt: "Cryptocurrency" },
  { src: "/images/payments/paypal.svg", alt: "PayPal" },
  { src: "/images/payments/osrs-gold.svg", alt: "OSRS gold" },
] as const;

const ALL_METHODS: PaymentMethod[] = ["stripe", "paypal", "coinbase"];
const isMethod = (m: unknown): m is PaymentMethod => m === "stripe" || m === "paypal" || m === "coinbase";

/**
 * docs/product.md §2 Credit store: the package grid, payment methods and the checkout that opens a payment
 * modal. `inGameFor` (the player's name) when opened from the game's ::store: the credits are
 * then handed over in game unless the player unticks it.
 */
export function CreditStore({ balance, nonce, inGameFor }: { balance: number; nonce?: string; inGameFor?: string | undefined }) {
  const ids = useId();
  const packagesGet = useApiGet(endpoints.creditPackages, {});
  const configGet = useApiGet(endpoints.paymentsConfig, {});
  const packages = packagesGet.res?.ok && Array.isArray(packagesGet.res.data.packages) ? packagesGet.res.data.packages : [];
  const config: PaymentConfig | null = configGet.res?.ok ? configGet.res.data : null;
  // Without the config (it failed) offer every method: the purchase call has the last word.
  const methods = config && Array.isArray(config.methods) ? config.methods.filter(isMethod) : ALL_METHODS;

  const [pkgId, setPkgId] = useState<number | null>(null);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [open, setOpen] = useState<PaymentMethod | null>(null);
  const [inGame, setInGame] = useState(inGameFor !== undefined);
  // A coupon and a creator code (docs/store.md): checked and priced by the price preview, whose
  // lines are shown here and in the payment modal before anything is paid.
  const [coupon, setCoupon] = useState("");
  const [creatorCode, setCreatorCode] = useState("");
  const [preview, setPreview] = useState<{ key: string; data: TPricePreview } | null>(null);
  const [codeErrors, setCodeErrors] = useState<Record<string, string[]>>({});
  const [pricing, setPricing] = useState(false);
  const codes = { ...(coupon.trim() ? { coupon: coupon.trim() } : {}), ...(creatorCode.trim() ? { creator_code: creatorCode.trim() } : {}) };
  const previewKey = JSON.stringify([pkgId, codes]);
  const shownPreview = preview?.key === previewKey ? preview.data : null;

  /** POST /store/price-preview for the chosen package and codes; false (and the fields' errors) when refused. */
  async function priceCheck(): Promise<boolean> {
    if (pkgId === null) {
      setProblem(checkoutProblem(pkgId, method));
      return false;
    }
    setPricing(true);
    setCodeErrors({});
    const res = await api(endpoints.pricePreview, { body: { package_id: pkgId, ...codes } });
    setPricing(false);
    if (res.ok) {
      setPreview({ key: previewKey, data: res.data });
      return true;
    }
    const failure = failureFrom(res, { fields: ["coupon", "creator_code"] });
    setCodeErrors(failure.fieldErrors);
    setProblem(failure.formError ?? null);
    return false;
  }

  async function checkout() {
    const p = checkoutProblem(pkgId, method);
    setProblem(p);
    if (p || !method) return;
    // Codes typed: the lines are checked (again, if anything changed) before the modal opens.
    if (Object.keys(codes).length > 0 && !shownPreview && !(await priceCheck())) return;
    setOpen(method);
  }

  return (
    <div className="space-y-6">
      <p className="text-lg">
        Your balance:{" "}
        <strong className="text-gold" data-testid="credits-balance">
          {balance.toLocaleString("en-US")}
        </strong>{" "}
        credits
      </p>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Panel aria-labelledby={`${ids}-packages`} className="min-w-0">
          <fieldset aria-busy={packagesGet.loading}>
            <legend id={`${ids}-packages`} className="mb-4 text-2xl text-gold">
              Credit Packages
            </legend>
            {packagesGet.loading ? <p role="status">Loading packages...</p> : null}
            {packagesGet.res && !packagesGet.res.ok ? <LoadFailed onRetry={packagesGet.retry}>We could not load the credit packages.</LoadFailed> : null}
            {packagesGet.res?.ok && packages.length === 0 ? <p>No credit packages are on sale right now.</p> : null}
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {packages.map((p) => (
                <label
                  key={p.id}
                  className="panel flex min-h-11 cursor-pointer flex-col items-center gap-1 p-4 text-center has-[:checked]:border-gold has-[:checked]:bg-stone-800 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold-bright"
                  data-testid="credit-package"
                >
                  <input
                    type="radio"
                    name={`${ids}-package`}
                    value={p.id}
                    checked={pkgId === p.id}
                    onChange={() => (setPkgId(p.id), setProblem(null), setCodeErrors({}))}
                    className="sr-only"
                  />
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img src={p.imageUrl} alt="" width={80} height={80} className="size-20 object-contain" />
                  <span className="text-xl font-bold text-stone-100">
                    {p.credits.toLocaleString("en-US")} Credits{p.gift_card ? " gift card" : ""}
                  </span>
                  <span className="font-semibold text-gold">{usd(p.price)}</span>
                  {p.bonusCredits > 0 ? <span className="text-sm text-emerald-200">+{p.bonusCredits.toLocaleString("en-US")} free bonus credits</span> : null}
                  {p.gift_card ? <span className="text-sm text-stone-300">A code to give away, shown on your account page once paid</span> : null}
                </label>
              ))}
            </div>
          </fieldset>
        </Panel>

        <div className="flex flex-col gap-6">
          <Panel aria-labelledby={`${ids}-methods`}>
            <h2 id={`${ids}-methods`} className="text-2xl text-gold">
              Payment Methods
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Accepted payments">
              {PAYMENT_MARKS.map((m) => (
                <li key={m.src}>
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img src={m.src} alt={m.alt} width={80} height={80} className="size-20" />
                </li>
              ))}
            </ul>
            {/* The note of docs/product.md §2 Credit store, word for word. */}
            <p className="mt-3 text-sm text-stone-300" data-testid="store-command-note">
              Credit packages can only be bought via the in-game store (<code>::store</code>).
            </p>
            <p className="mt-2 text-sm text-stone-300">
              Paying with OSRS gold? <Link href="/tickets/create">Open a ticket</Link> (RSGP Store Purchases) and staff will credit your account once the gold
              is received.
            </p>
          </Panel>

          <Panel aria-labelledby={`${ids}-checkout`}>
            <h2 id={`${ids}-checkout`} className="text-2xl text-gold">
              Checkout
            </h2>
            <fieldset className="mt-3">
              <legend className="mb-2 font-semibold text-stone-100">Pay with</legend>
              <div className="flex flex-col gap-2">
                {methods.map((m) => (
                  <label
                    key={m}
                    className="flex min-h-11 cursor-pointer items-center gap-2 rounded border border-stone-700 bg-stone-850 px-3 has-[:checked]:border-gold has-[:checked]:text-gold"
                  >
                    <input
                      type="radio"
                      name={`${ids}-method`}
                      value={m}
                      checked={method === m}
                      onChange={() => (setMethod(m), setProblem(null))}
                      className="accent-[var(--color-gold)]"
                    />
                    {METHOD_NAMES[m]}
                  </label>
                ))}
              </div>
            </fieldset>
            {inGameFor !== undefined ? (
              <div className="mt-3 rounded border border-stone-700 bg-stone-850 p-2 text-sm" data-testid="deliver-in-game">
                <label className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-stone-100">
                  <input type="checkbox" checked={inGame} onChange={(e) => setInGame(e.target.checked)} className="size-4 accent-[var(--color-gold)]" />
                  Deliver in game
                </label>
                <p className="text-stone-300">
                  {inGame ? (
                    <>
                      The credits will be handed over in game to <strong className="text-gold">{inGameFor}</strong> by the NPC at home, not added to your
                      website balance.
                    </>
                  ) : (
                    "The credits will be added to your website balance."
                  )}
                </p>
              </div>
            ) : null}
            <div className="mt-3 space-y-3" data-testid="checkout-codes">
              <Field
                id={`${ids}-coupon`}
                label="Coupon (optional)"
                autoComplete="off"
                maxLength={32}
                value={coupon}
                onChange={(e) => setCoupon(e.target.value)}
                errors={codeErrors.coupon}
              />
              <Field
                id={`${ids}-creator-code`}
                label="Creator code (optional)"
                autoComplete="off"
                maxLength={32}
                value={creatorCode}
                onChange={(e) => setCreatorCode(e.target.value)}
                errors={codeErrors.creator_code}
                hint="Supporting a content creator? Their code adds bonus credits."
              />
              <button type="button" className="btn btn-stone w-full" disabled={pricing} aria-busy={pricing} onClick={() => void priceCheck()}>
                {pricing ? "Checking..." : "Show price"}
              </button>
              {shownPreview ? (
                <div aria-live="polite">
                  <PriceLines lines={shownPreview.lines} unit="cents" />
                </div>
              ) : null}
            </div>
            {config?.test_checkout ? (
              <p className="mt-3 rounded border border-gold-dark bg-gold/10 p-2 text-sm">
                Local mode: payments go through a test checkout, no real money moves.
              </p>
            ) : null}
            <LiveAlert tone="error" className="mt-3">
              {problem}
            </LiveAlert>
            <button type="button" className="btn btn-gold mt-4 w-full" aria-haspopup="dialog" disabled={pricing} onClick={() => void checkout()}>
              Checkout
            </button>
          </Panel>
        </div>
      </div>

      {open ? (
        <PaymentModal
          method={open}
          pkg={packages.find((p) => p.id === pkgId)}
          balance={balance}
          deliverInGame={inGameFor !== undefined && inGame}
          config={config}
          nonce={nonce}
          codes={codes}
          preview={shownPreview}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}
