"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { LiveAlert } from "@/components/ui/alert";
import { Modal } from "@/components/ui/modal";
import { callApi, failureFrom } from "@/lib/client/api";
import { API, type PurchaseSuccess, type StoreProduct } from "./contract";
import { ProductPrice, pricePaid } from "./product-card";

/** Spec §8: the purchase success text (also the server's `success`). */
export const PURCHASE_SUCCESS = "Product successfully purchased - you may now talk to the donation manager at home to claim your purchase(s).";

type Stage = { step: "details" } | { step: "confirm"; key: string };

/** Details → 'Are you sure?' → POST /store/purchase with one idempotency key per confirmation. */
export function ProductModal({
  product,
  categoryName,
  balance,
  onClose,
  onPurchased,
}: {
  product: StoreProduct | null;
  categoryName: string;
  balance: number;
  onClose: () => void;
  onPurchased: (newBalance: number) => void;
}) {
  const router = useRouter();
  const [stage, setStage] = useState<Stage>({ step: "details" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // A ref, not state: a second click in the same frame must see the first one.
  const sending = useRef(false);
  const [shown, setShown] = useState<StoreProduct | null>(product);
  if (shown !== product) {
    // A different product opened: start at its details.
    setShown(product);
    setStage({ step: "details" });
    setError(null);
    setDone(null);
  }

  async function buy(p: StoreProduct, key: string) {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    const res = await callApi<PurchaseSuccess>(API.purchase, { body: { id: p.id }, headers: { "Idempotency-Key": key } });
    if (res.ok) {
      // Spec §4: the shown balance drops by the price paid (the server's new balance when given).
      onPurchased(typeof res.data.credits === "number" ? res.data.credits : balance - pricePaid(p));
      setDone(typeof res.data.success === "string" ? res.data.success : PURCHASE_SUCCESS);
      router.push("/store/success");
      return; // stays busy: leaving the page
    }
    sending.current = false;
    setBusy(false);
    setStage({ step: "details" });
    setError(failureFrom(res).formError ?? null);
  }

  const p = product;
  return (
    <Modal open={p !== null} onClose={onClose} title={stage.step === "confirm" ? "Are you sure?" : (p?.name ?? "")}>
      {p ? (
        <div className="space-y-4" aria-busy={busy}>
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
                  </dd>
                </dl>
              </div>
              <p className="text-stone-200">{p.description}</p>
              <p className="text-sm text-stone-300" data-testid="ironman-note">
                {p.ironman ? "Ironman accounts can claim this item." : "This item is not available to Ironman accounts."}
              </p>
              <button type="button" className="btn btn-gold w-full sm:w-auto" data-autofocus autoFocus disabled={busy} onClick={() => setStage({ step: "confirm", key: crypto.randomUUID() })}>
                Purchase
              </button>
            </>
          ) : (
            <>
              <p>
                Buy <strong>{p.name}</strong> for <strong className="text-gold">{pricePaid(p).toLocaleString("en-US")} credits</strong>? Your balance after
                the purchase: {(balance - pricePaid(p)).toLocaleString("en-US")} credits.
              </p>
              <div className="flex gap-3">
                <button type="button" className="btn btn-gold" data-autofocus autoFocus disabled={busy} onClick={() => void buy(p, stage.key)}>
                  {busy ? "Buying..." : "Yes"}
                </button>
                <button type="button" className="btn btn-stone" disabled={busy} onClick={() => setStage({ step: "details" })}>
                  No
                </button>
              </div>
            </>
          )}
          <LiveAlert tone={error ? "error" : "success"}>{error ?? done}</LiveAlert>
        </div>
      ) : null}
    </Modal>
  );
}
